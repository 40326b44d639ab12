import { useEffect } from "react";
import { Toaster } from "sonner";
import { toasterMounted } from "#app/lib/toast";

/** Toasts start below the sticky header (h-16 and its 1px border, components/layout/header.tsx), at every width. */
const BELOW_HEADER = { top: "calc(4rem + 1px + 12px)" };

/** sonner's toaster, loaded by <ToastHost> on the first toast (app/lib/toast.ts). */
export default function LazyToaster() {
  // runs after <Toaster>'s own effects (a child's effects run first): it listens by now
  useEffect(() => toasterMounted(), []);
  return (
    <Toaster
      position="top-center"
      duration={4000}
      closeButton
      richColors
      visibleToasts={3}
      gap={14}
      offset={BELOW_HEADER}
      mobileOffset={BELOW_HEADER}
      // sonner sets a system font of its own: the site's typeface instead
      style={{ fontFamily: "var(--font-sans)" }}
      toastOptions={{ closeButtonAriaLabel: "Fermer la notification" }}
    />
  );
}
