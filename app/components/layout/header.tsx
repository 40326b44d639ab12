import { HeaderSearchPanel, HeaderSearchToggle, useHeaderSearch } from "#app/components/search/header-search";
import { LogIn, Menu, UserPlus } from "lucide-react";
import { lazy, Suspense, useEffect, useState } from "react";
import { Link, NavLink } from "react-router";
import { Button } from "#app/components/ui/button";
import { cn } from "#app/lib/utils";
import { headerLinks, type NavLink as NavLinkItem } from "./nav-links";
import { AccountButton } from "./account-trigger";
import type { HeaderUser } from "./user-menu";

// Only signed-in visitors need the account menu (and its dropdown): anonymous pages do not load it, and a
// member's page loads it when idle or on the first interaction (issue #38 item 4).
const loadUserMenu = () => import("./user-menu");
const UserMenu = lazy(() => loadUserMenu().then((m) => ({ default: m.UserMenu })));
// The drawer (a Radix dialog) is loaded when the visitor reaches for the menu button.
const loadMobileDrawer = () => import("./mobile-drawer");
const MobileDrawer = lazy(() => loadMobileDrawer().then((m) => ({ default: m.MobileDrawer })));

function MobileNav({ links }: { links: NavLinkItem[] }) {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        className="md:hidden"
        aria-label="Ouvrir le menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={() => void loadMobileDrawer()}
        onFocus={() => void loadMobileDrawer()}
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
      >
        <Menu />
      </Button>
      {mounted ? (
        <Suspense fallback={null}>
          <MobileDrawer links={links} open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}

function AccountMenu({ user }: { user: HeaderUser }) {
  // null until the page is idle ("idle") or the member clicks « Mon compte » ("open": the menu opens as it mounts)
  const [load, setLoad] = useState<null | "idle" | "open">(null);
  useEffect(() => {
    const idle = () => setLoad((l) => l ?? "idle");
    if (typeof window.requestIdleCallback !== "function") {
      const timer = setTimeout(idle, 2000);
      return () => clearTimeout(timer);
    }
    const id = window.requestIdleCallback(idle, { timeout: 5000 });
    return () => window.cancelIdleCallback(id);
  }, []);
  const button = <AccountButton user={user} onPreload={() => void loadUserMenu()} onOpen={() => setLoad("open")} />;
  if (!load) return button;
  return (
    <Suspense fallback={button}>
      <UserMenu user={user} defaultOpen={load === "open"} />
    </Suspense>
  );
}

export function Logo({ siteName }: { siteName: string }) {
  return (
    <Link to="/" className="flex items-center gap-2 font-black tracking-tight text-brand-700">
      <span aria-hidden="true" className="grid size-8 place-items-center rounded-full bg-brand-600 text-sm text-white">
        {siteName.slice(0, 1).toUpperCase()}
      </span>
      {/* at 320 px the mark alone: the bar also holds search, sign-in, sign-up and the menu */}
      <span className="text-xl max-[359px]:sr-only">{siteName}</span>
    </Link>
  );
}

export function Header({ siteName, user }: { siteName: string; user: HeaderUser | null }) {
  const links = headerLinks(siteName);
  const search = useHeaderSearch();
  return (
    <header className="sticky top-0 z-40 border-b border-neutral-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <Logo siteName={siteName} />
        <nav aria-label="Navigation principale" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {links.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  prefetch="intent"
                  className={({ isActive }) =>
                    cn(
                      "rounded-full px-3 py-2 text-sm font-medium hover:bg-brand-50 hover:text-brand-700",
                      isActive ? "bg-brand-50 text-brand-700" : "text-neutral-700",
                    )
                  }
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-2">
          <HeaderSearchToggle open={search.open} onToggle={search.toggle} />
          {user ? (
            <AccountMenu user={user} />
          ) : (
            <>
              {/* from 768 to 1023 px the navigation links leave room for icons only */}
              <div className="hidden items-center gap-2 lg:flex">
                <Button asChild variant="ghost" size="sm">
                  <Link to="/auth?fresh=true">Connexion</Link>
                </Button>
                <Button asChild size="sm">
                  <Link to="/auth?tab=signup">S'inscrire</Link>
                </Button>
              </div>
              <div className="flex items-center gap-1 lg:hidden">
                <Button asChild variant="ghost" size="icon">
                  <Link to="/auth?fresh=true" aria-label="Connexion">
                    <LogIn />
                  </Link>
                </Button>
                <Button asChild variant="secondary" size="icon">
                  <Link to="/auth?tab=signup" aria-label="S'inscrire">
                    <UserPlus />
                  </Link>
                </Button>
              </div>
            </>
          )}
          <MobileNav links={links} />
        </div>
      </div>
      <HeaderSearchPanel open={search.open} onClose={search.close} />
    </header>
  );
}
