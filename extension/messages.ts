import type { Reminder } from "./reminder";

/** What the content script asks the service worker (ADR 050): only the page's address, which never leaves the browser. */
export type ExtensionMessage = { type: "reminder"; url: string } | { type: "dismiss"; programId: string } | { type: "activate"; programId: string };

/** The answer to « reminder »: the banner to show, or null. */
export type ReminderAnswer = Reminder | null;
