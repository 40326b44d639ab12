import { useEffect } from "react";
import { Toaster } from "sonner";
import { toasterMounted } from "~/lib/toast";

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
      toastOptions={{ closeButtonAriaLabel: "Fermer la notification" }}
    />
  );
}
