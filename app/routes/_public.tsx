import { Outlet } from "react-router";
import { Footer } from "#app/components/layout/footer";
import { Header } from "#app/components/layout/header";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { MoiProvider, useMoi, useRootData } from "#app/root";

function Shell({ children }: { children: React.ReactNode }) {
  const root = useRootData();
  // a shared page's root data has no member (ADR 048): they come from /api/moi
  const moi = useMoi();
  const siteName = root?.siteName ?? "Crevarde";
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#contenu" className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2">
        Aller au contenu
      </a>
      <Header siteName={siteName} user={root?.user ?? moi?.user ?? null} />
      <main id="contenu" className="flex-1">
        {children}
      </main>
      <Footer siteName={siteName} year={root?.year ?? new Date().getFullYear()} cashbackLaunched={root?.cashbackLaunched ?? false} />
    </div>
  );
}

export default function PublicLayout() {
  return (
    <MoiProvider>
      <Shell>
        <Outlet />
      </Shell>
    </MoiProvider>
  );
}

export function ErrorBoundary() {
  return (
    <Shell>
      <GeneralErrorBoundary />
    </Shell>
  );
}
