const SCREEN_CAPTURE_ALERT = "La capture d'écran est désactivée sur ce site afin de protéger son contenu.";
const SCREEN_CAPTURE_ERROR = "Screen capture is disabled on this website";
const DEVTOOLS_WARNING = "⚠️ Ce site est protégé : l'inspection du code a été détectée. Merci de respecter le travail de l'équipe.";
const CONSOLE_MESSAGE = "Crevarde — les bons plans, c'est sur la page, pas dans la console 😉";

const EDITABLE = "input, textarea, select, [contenteditable], [contenteditable=true]";

function isEditable(target: EventTarget | null) {
  return target instanceof Element && Boolean(target.closest(EDITABLE));
}

/** Keys blocked by the protection: F12, Ctrl+Shift+I/J/C, Cmd+Alt+I/J/C. */
function isBlockedShortcut(e: Pick<KeyboardEvent, "key" | "ctrlKey" | "shiftKey" | "metaKey" | "altKey">) {
  if (e.key === "F12") return true;
  const k = e.key.toUpperCase();
  if (!["I", "J", "C"].includes(k)) return false;
  return (e.ctrlKey && e.shiftKey) || (e.metaKey && e.altKey);
}

/**
 * The spec's content protection (ADR 006), a site setting. It never blocks form
 * fields, copy buttons (they use the clipboard API), keyboard navigation or
 * screen readers: only the context menu, selection outside fields, image and
 * video dragging and the dev-tools shortcuts. Returns what undoes it.
 * The stylesheet's part hangs on `<html data-protected>`, which `Layout`
 * (app/root.tsx) renders from the setting (ADR 057): it is not set here.
 */
export function protect(): () => void {
  const onContextMenu = (e: MouseEvent) => {
    if (!isEditable(e.target)) e.preventDefault();
  };
  const onDragStart = (e: DragEvent) => {
    if (e.target instanceof HTMLImageElement || e.target instanceof HTMLVideoElement) e.preventDefault();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (isBlockedShortcut(e)) e.preventDefault();
  };
  document.addEventListener("contextmenu", onContextMenu);
  document.addEventListener("dragstart", onDragStart);
  document.addEventListener("keydown", onKeyDown);

  const media = navigator.mediaDevices;
  const originalGetDisplayMedia = typeof media?.getDisplayMedia === "function" ? media.getDisplayMedia.bind(media) : null;
  if (media && originalGetDisplayMedia) {
    media.getDisplayMedia = () => {
      window.alert(SCREEN_CAPTURE_ALERT);
      return Promise.reject(new Error(SCREEN_CAPTURE_ERROR));
    };
  }

  let warned = false;
  const checkDevtools = () => {
    const open = window.outerWidth - window.innerWidth > 160 || window.outerHeight - window.innerHeight > 160;
    if (open && !warned) {
      warned = true;
      console.clear();
      console.warn(DEVTOOLS_WARNING);
    } else if (!open) {
      warned = false;
    }
  };
  const interval = window.setInterval(checkDevtools, 1000);
  window.addEventListener("resize", checkDevtools);

  const saved = { log: console.log, info: console.info, debug: console.debug };
  if (import.meta.env.PROD) {
    console.info(CONSOLE_MESSAGE);
    console.log = console.info = console.debug = () => {};
  }

  return () => {
    document.removeEventListener("contextmenu", onContextMenu);
    document.removeEventListener("dragstart", onDragStart);
    document.removeEventListener("keydown", onKeyDown);
    if (media && originalGetDisplayMedia) media.getDisplayMedia = originalGetDisplayMedia;
    window.clearInterval(interval);
    window.removeEventListener("resize", checkDevtools);
    Object.assign(console, saved);
  };
}
