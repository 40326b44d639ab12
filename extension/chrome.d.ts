/**
 * The few WebExtension APIs the extension calls (ADR 050), typed here rather than through
 * @types/chrome: each one listed is one the ADR accounts for.
 */
declare namespace chrome {
  namespace runtime {
    interface MessageSender {
      tab?: { id?: number; url?: string };
      id?: string;
    }
    function sendMessage<T = unknown>(message: unknown): Promise<T>;
    const onMessage: {
      addListener(listener: (message: unknown, sender: MessageSender, sendResponse: (response?: unknown) => void) => boolean | void): void;
    };
  }
  namespace tabs {
    /** Without the `tabs` permission a tab's address is not given: the popup needs only its id (ADR 050). */
    function query(queryInfo: { active?: boolean; currentWindow?: boolean }): Promise<Array<{ id?: number }>>;
  }
  namespace storage {
    interface StorageArea {
      get(key: string): Promise<Record<string, unknown>>;
      set(items: Record<string, unknown>): Promise<void>;
    }
    const local: StorageArea;
    const session: StorageArea;
  }
}

/** The site's address, set at build time from CREVARDE_URL (scripts/build-extension.ts). */
declare const CREVARDE_URL: string;
