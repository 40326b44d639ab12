import { AlertTriangle } from "lucide-react";
import { useEffect } from "react";
import { isRouteErrorResponse, useLocation, useRouteError } from "react-router";
import { toast } from "#app/lib/toast";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { Button } from "#app/components/ui/button";
import { isAdminLoadError } from "#app/modules/admin/load-errors";

/**
 * ErrorBoundary of an admin list: when its loader could not load the list (a 503 from
 * loadOrFail), the spec's "Erreur" toast and the same message in the page, inside the
 * admin layout, with a way to try again. Any other error keeps the general boundary.
 */
export function AdminLoadErrorBoundary() {
  const error = useRouteError();
  const location = useLocation();
  const message = isRouteErrorResponse(error) && isAdminLoadError(error.data) ? error.data.loadError : null;
  useEffect(() => {
    if (message) toast.error("Erreur", { description: message });
  }, [message]);
  if (!message) return <GeneralErrorBoundary />;
  return (
    <div className="rounded-2xl border border-red-200 bg-red-50 p-6 text-red-900" role="alert">
      <p className="flex items-center gap-2 font-bold">
        <AlertTriangle className="size-4" aria-hidden="true" /> Erreur
      </p>
      <p className="mt-1">{message}</p>
      <Button asChild variant="outline" size="sm" className="mt-4">
        <a href={location.pathname + location.search}>Réessayer</a>
      </Button>
    </div>
  );
}
