/**
 * Toasts without shipping sonner on every page (issue #16: public JS budget).
 * sonner (≈10 KB gzipped) and its <Toaster> load on the first toast only:
 * `toast.success()` asks the root's <ToastHost> to mount the lazy toaster,
 * then shows the toast once it listens. Use this module, never "sonner"
 * directly (eslint enforces it), or the toast would be lost.
 */
type Kind = "success" | "error" | "info";
type Options = { description?: string };

let resolveMounted: () => void = () => {};
const mounted = new Promise<void>((resolve) => (resolveMounted = resolve));
let mountHost: (() => void) | null = null;
let wanted = false;

/** <ToastHost> registers how to mount the toaster (and mounts it at once if a toast is already waiting). */
export function registerToastHost(mount: () => void) {
  mountHost = mount;
  if (wanted) mount();
  return () => {
    if (mountHost === mount) mountHost = null;
  };
}

/** The lazy toaster calls this once sonner's <Toaster> listens. */
export function toasterMounted() {
  resolveMounted();
}

function show(kind: Kind, title: string, options?: Options) {
  if (typeof window === "undefined") return;
  wanted = true;
  mountHost?.();
  void Promise.all([import("sonner"), mounted]).then(([{ toast }]) => toast[kind](title, options));
}

export const toast = {
  success: (title: string, options?: Options) => show("success", title, options),
  error: (title: string, options?: Options) => show("error", title, options),
  info: (title: string, options?: Options) => show("info", title, options),
};
