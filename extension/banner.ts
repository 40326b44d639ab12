import type { Reminder } from "./reminder";

/** « 3 codes promo sur Crevarde » */
export function codesText(liveCodes: number): string {
  if (liveCodes === 0) return "Aucun code promo sur Crevarde en ce moment";
  return `${liveCodes} code${liveCodes > 1 ? "s" : ""} promo sur Crevarde`;
}

const ASIDE_TEXT = "Un autre lien partenaire est déjà actif";
const ACTIVATED_TEXT = "Cashback activé";

const STYLE = `
:host { all: initial; }
section { position: fixed; top: 16px; right: 16px; z-index: 2147483647; box-sizing: border-box; width: min(360px, calc(100vw - 32px));
  padding: 16px 44px 16px 16px; border: 1px solid #d4d4d8; border-radius: 12px; background: #fff; color: #18181b;
  box-shadow: 0 8px 24px rgba(0,0,0,.15); font: 15px/1.4 system-ui, sans-serif; }
p { margin: 0 0 8px; }
.rate { font-weight: 700; }
.muted { color: #52525b; font-size: 14px; }
button { font: inherit; cursor: pointer; }
.status { margin: 8px 0 0; }
.status:empty { display: none; }
a { color: #15803d; font-weight: 600; }
.activate { margin-top: 4px; padding: 8px 14px; border: 0; border-radius: 8px; background: #15803d; color: #fff; font-weight: 600; }
.close { position: absolute; top: 8px; right: 8px; width: 32px; height: 32px; border: 0; border-radius: 6px; background: transparent; color: #18181b; font-size: 20px; line-height: 1; }
button:focus-visible { outline: 3px solid #2563eb; outline-offset: 2px; }
`;

/** What « Tester les codes » may do to its banner while it runs: say where it is, and hold the button. */
export interface BannerControls {
  say(text: string): void;
  /** a link to the site in the status line (« Me connecter sur Crevarde »), opened on a click only */
  link(text: string, href: string): void;
  busy(on: boolean): void;
}

/**
 * The in-page banner (issue #40 item 3, ADR 050): in an open shadow root, so the page's styles and
 * scripts' selectors leave it alone; a region named « Crevarde » with a close button. It does
 * nothing on its own: « Activer le cashback » acts only when clicked, and the « aside » banner offers none.
 */
export function showBanner(
  doc: Document,
  reminder: Reminder,
  actions: { onActivate: () => void; onClose: () => void; onTestCodes?: (controls: BannerControls) => void },
): { host: HTMLElement; controls: BannerControls | null } {
  const host = doc.createElement("crevarde-reminder");
  const root = host.attachShadow({ mode: "open" });
  const style = doc.createElement("style");
  style.textContent = STYLE;
  const region = doc.createElement("section");
  region.setAttribute("aria-label", "Crevarde");
  const line = (text: string, className: string) => {
    const p = doc.createElement("p");
    p.className = className;
    p.textContent = text;
    return p;
  };
  region.append(line(`${reminder.shop.rateLabel} chez ${reminder.shop.name}`, "rate"));
  let controls: BannerControls | null = null;
  if (reminder.kind === "activated") {
    region.append(line(ACTIVATED_TEXT, ""), line("Le cashback de ton achat apparaîtra dans « Mon cashback » une fois l'achat enregistré par la boutique.", "muted"));
  } else if (reminder.kind === "aside") {
    region.append(line(ASIDE_TEXT, ""), line("Crevarde ne le remplace pas : ton achat reste suivi par ce partenaire.", "muted"));
  } else if (reminder.kind === "checkout") {
    // issue #40 item 6: nothing is typed into the shop's checkout before this click
    region.append(line(codesText(reminder.shop.liveCodes), "muted"));
    const test = doc.createElement("button");
    test.type = "button";
    test.className = "activate";
    test.textContent = "Tester les codes";
    const status = line("", "status");
    status.setAttribute("role", "status");
    controls = {
      say: (text) => void (status.textContent = text),
      link: (text, href) => {
        const a = doc.createElement("a");
        a.href = href;
        a.target = "_blank";
        a.rel = "noreferrer";
        a.textContent = text;
        status.append(" ", a);
      },
      busy: (on) => void (test.disabled = on),
    };
    const testing = controls;
    test.addEventListener("click", () => actions.onTestCodes?.(testing));
    region.append(test, status);
  } else {
    region.append(line(codesText(reminder.shop.liveCodes), "muted"));
    const activate = doc.createElement("button");
    activate.type = "button";
    activate.className = "activate";
    activate.textContent = "Activer le cashback";
    activate.addEventListener("click", actions.onActivate);
    region.append(activate);
  }
  const close = doc.createElement("button");
  close.type = "button";
  close.className = "close";
  close.setAttribute("aria-label", "Fermer le rappel Crevarde");
  close.textContent = "×";
  close.addEventListener("click", () => {
    host.remove();
    actions.onClose();
  });
  region.append(close);
  root.append(style, region);
  doc.documentElement.append(host);
  // the checkout's controls, for a run that goes on after the checkout reloaded the page (ADR 050 §Codes at checkout)
  return { host, controls };
}
