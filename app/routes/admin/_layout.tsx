import { LayoutDashboard, Tag, Percent, Flame, Folder, Store, BadgePercent, FileText, Files, Newspaper, Users, ArrowLeft, Menu, Loader2, Receipt, Landmark, Scale, MessageSquareWarning, ShieldAlert, UserCheck, LifeBuoy, Mail, History, ChartLine } from "lucide-react";
import { Link, NavLink, Outlet, useLocation, useNavigation } from "react-router";
import { useEffect, useState } from "react";
import { useLogout } from "#app/components/layout/use-logout";
import type { Route } from "./+types/_layout";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { Avatar } from "#app/components/layout/avatar";
import { Button } from "#app/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "#app/components/ui/dropdown-menu";
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from "#app/components/ui/sheet";
import { requirePermission } from "#app/lib/auth.server";
import { getEnv } from "#app/lib/env.server";
import { adminSeo } from "#app/lib/admin-seo";
import { can, PERMISSIONS, ROLE_LABELS, type Permission } from "#app/lib/permissions";
import { cn } from "#app/lib/utils";
import { displayName } from "#app/modules/accounts/display";

/**
 * Anyone who may enter the back office (ADR 022). The layout only shapes the
 * navigation: every route below checks its own permission on the server.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const staff = await requirePermission(request, "backoffice");
  const name = displayName(staff);
  const letters = (staff.username ?? "").trim().slice(0, 2).toUpperCase() || "AD";
  return {
    siteName: getEnv().SITE_NAME,
    name,
    initials: letters,
    avatarUrl: staff.avatarUrl,
    role: staff.role,
    roleLabel: ROLE_LABELS[staff.role],
    permissions: PERMISSIONS.filter((p) => can(staff.role, p)),
  };
}

export const meta: Route.MetaFunction = ({ matches }) => adminSeo("Administration", matches);

/** The sidebar; an item shows only to those who hold its permission (the route checks it again). */
export const ADMIN_NAV: ReadonlyArray<{ to: string; label: string; icon: typeof Tag; permission: Permission; end?: boolean }> = [
  { to: "/admin", label: "Dashboard", icon: LayoutDashboard, end: true, permission: "backoffice" },
  { to: "/admin/promo-codes", label: "Codes promo", icon: Tag, permission: "catalogue" },
  { to: "/admin/offers", label: "Offres cashback", icon: Percent, permission: "catalogue" },
  { to: "/admin/crevarde-deals", label: "Coups de crevarde", icon: Flame, permission: "catalogue" },
  { to: "/admin/categories", label: "Catégories", icon: Folder, permission: "catalogue" },
  { to: "/admin/brands", label: "Marques", icon: Store, permission: "catalogue" },
  { to: "/admin/programmes", label: "Programmes", icon: BadgePercent, permission: "money" },
  { to: "/admin/content", label: "Contenu", icon: FileText, permission: "catalogue" },
  { to: "/admin/pages", label: "Pages", icon: Files, permission: "catalogue" },
  { to: "/admin/blog", label: "Blog", icon: Newspaper, permission: "catalogue" },
  { to: "/admin/aide", label: "Centre d'aide", icon: LifeBuoy, permission: "catalogue" },
  { to: "/admin/prix", label: "Historique des prix", icon: ChartLine, permission: "catalogue" },
  { to: "/admin/users", label: "Utilisateurs", icon: Users, permission: "users" },
  { to: "/admin/conversions", label: "Conversions", icon: Receipt, permission: "money" },
  { to: "/admin/paiements", label: "Paiements", icon: Landmark, permission: "money" },
  { to: "/admin/tresorerie", label: "Trésorerie", icon: Scale, permission: "money" },
  { to: "/admin/reclamations", label: "Réclamations", icon: MessageSquareWarning, permission: "money" },
  { to: "/admin/parrainages", label: "Parrainages", icon: UserCheck, permission: "money" },
  { to: "/admin/moderation", label: "Modération", icon: ShieldAlert, permission: "moderation" },
  { to: "/admin/contact", label: "Messages de contact", icon: Mail, permission: "moderation" },
  { to: "/admin/historique", label: "Historique", icon: History, permission: "backoffice" },
];

function SidebarContent({ siteName, permissions }: { siteName: string; permissions: readonly Permission[] }) {
  return (
    <div className="flex h-full flex-col">
      <p className="px-4 py-5 text-xl font-black text-brand-700">{siteName}</p>
      <nav aria-label="Administration" className="flex-1 px-2">
        <ul className="grid gap-1">
          {ADMIN_NAV.filter((item) => permissions.includes(item.permission)).map((item) => (
            <li key={item.to}>
              <NavLink
                to={item.to}
                end={item.end}
                className={({ isActive }) =>
                  cn("flex items-center gap-3 rounded-xl px-3 py-2 text-sm font-medium hover:bg-brand-50", isActive ? "bg-brand-50 text-brand-800" : "text-neutral-700")
                }
              >
                <item.icon className="size-4" aria-hidden="true" />
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Link to="/" className="m-2 flex items-center gap-2 rounded-xl px-3 py-2 text-sm font-medium text-neutral-700 hover:bg-neutral-100">
        <ArrowLeft className="size-4" aria-hidden="true" /> Retour au site
      </Link>
    </div>
  );
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const location = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  useEffect(() => setDrawerOpen(false), [location.pathname]);
  const { busy, logout } = useLogout();
  const checking = navigation.state === "loading" && navigation.location.pathname.startsWith("/admin") && !navigation.formData;
  return (
    <div className="min-h-screen bg-neutral-50 md:pl-64">
      <aside className="fixed inset-y-0 left-0 hidden w-64 overflow-y-auto overscroll-contain border-r border-neutral-200 bg-white md:block">
        <SidebarContent siteName={loaderData.siteName} permissions={loaderData.permissions} />
      </aside>
      <header className="sticky top-0 z-30 flex h-16 items-center justify-between gap-3 border-b border-neutral-200 bg-white px-4">
        <Sheet open={drawerOpen} onOpenChange={setDrawerOpen}>
          <SheetTrigger asChild>
            <Button variant="ghost" size="icon" className="md:hidden" aria-label="Ouvrir le menu d'administration">
              <Menu />
            </Button>
          </SheetTrigger>
          <SheetContent side="left" className="p-0!">
            <SheetTitle className="sr-only">Menu d'administration</SheetTitle>
            <SheetDescription className="sr-only">Sections du back office</SheetDescription>
            <SidebarContent siteName={loaderData.siteName} permissions={loaderData.permissions} />
          </SheetContent>
        </Sheet>
        <span className="hidden md:block" />
        <DropdownMenu modal={false}>
          <DropdownMenuTrigger className="flex items-center gap-2 rounded-full py-1 pl-1 pr-3 text-sm font-medium hover:bg-neutral-100" aria-label="Mon compte">
            <Avatar src={loaderData.avatarUrl} initials={loaderData.initials} />
            <span className="max-w-[12rem] truncate">{loaderData.name}</span>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuLabel>
              Mon compte <span className="block text-xs font-normal text-neutral-500">{loaderData.roleLabel}</span>
            </DropdownMenuLabel>
            <DropdownMenuSeparator />
            {loaderData.permissions.includes("settings") ? (
              <DropdownMenuItem asChild>
                <Link to="/admin/settings">Paramètres</Link>
              </DropdownMenuItem>
            ) : null}
            <DropdownMenuItem disabled={busy} onSelect={logout}>
              {busy ? "Déconnexion..." : "Déconnexion"}
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      </header>
      <main id="contenu" className="p-4 md:p-8">
        {checking ? (
          <p className="mb-4 flex items-center gap-2 text-sm text-neutral-600" role="status">
            <Loader2 className="size-4 animate-spin" aria-hidden="true" /> Vérification des droits d'administration...
          </p>
        ) : null}
        <Outlet />
      </main>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
