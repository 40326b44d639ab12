import { lazy, Suspense, useEffect, useState } from "react";
import { registerToastHost } from "#app/lib/toast";

const LazyToaster = lazy(() => import("./toaster"));

/** Mounts sonner's toaster the first time a toast is asked for (app/lib/toast.ts). */
export function ToastHost() {
  const [on, setOn] = useState(false);
  useEffect(() => registerToastHost(() => setOn(true)), []);
  return on ? (
    <Suspense fallback={null}>
      <LazyToaster />
    </Suspense>
  ) : null;
}
