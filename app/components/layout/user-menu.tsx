import { Link } from "react-router";
import { Bell, Bookmark, Gift, LogOut, Megaphone, PiggyBank, Tag, User } from "lucide-react";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "#app/components/ui/dropdown-menu";
import { ACCOUNT_TRIGGER_CLASS, accountLabel, PlainAvatar } from "./account-trigger";
import { useLogout } from "./use-logout";
import { can } from "#app/lib/permissions";
import type { Role } from "#db/constants";

export interface HeaderUser {
  displayName: string;
  initials: string;
  avatarUrl: string | null;
  dealsUsed: number;
  role: Role;
}

/**
 * Every member page, in the menu's order (issue #34 item 14): the « Mon compte » menu holds them all, at every width.
 * « Mes codes promo » (the spec's, with its badge) comes right after the saved deals and codes.
 */
const ACCOUNT_PAGES = [
  { to: "/profile", label: "Profil", Icon: User },
  { to: "/mon-cashback", label: "Mon cashback", Icon: PiggyBank },
  { to: "/mes-deals", label: "Mes sauvegardes", Icon: Bookmark },
  { to: "/profile#mes-deals", label: "Mes deals proposés", Icon: Megaphone },
  { to: "/mes-alertes", label: "Mes alertes", Icon: Bell },
] as const;

/** The account menu (a Radix dropdown), loaded by the header on the first interaction or when the page is idle. */
export function UserMenu({ user, defaultOpen = false }: { user: HeaderUser; defaultOpen?: boolean }) {
  const { busy, logout } = useLogout();
  return (
    <DropdownMenu modal={false} defaultOpen={defaultOpen}>
      <DropdownMenuTrigger className={ACCOUNT_TRIGGER_CLASS} aria-label={accountLabel(user)}>
        <PlainAvatar user={user} />
        <span className="hidden max-w-[10rem] truncate sm:inline">{user.displayName}</span>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>Mon compte</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {ACCOUNT_PAGES.map(({ to, label, Icon }) => (
          <DropdownMenuItem key={to} asChild>
            <Link to={to}>
              <Icon /> {label}
            </Link>
          </DropdownMenuItem>
        ))}
        <DropdownMenuItem asChild>
          <Link to="/codes-promo">
            <Tag /> Mes codes promo
            {user.dealsUsed > 0 ? (
              <span
                className="ml-auto rounded-full bg-brand-600 px-2 py-0.5 text-xs font-bold text-white"
                aria-label={`${user.dealsUsed} deals utilisés`}
              >
                {user.dealsUsed}
              </span>
            ) : null}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/invite">
            <Gift /> Parrainage
          </Link>
        </DropdownMenuItem>
        {can(user.role, "backoffice") ? (
          <DropdownMenuItem asChild>
            <Link to="/admin">Administration</Link>
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuSeparator />
        <DropdownMenuItem disabled={busy} onSelect={logout}>
          <LogOut /> {busy ? "Déconnexion..." : "Déconnexion"}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
