import { Link, useNavigation, useSubmit } from "react-router";
import { Bell, Bookmark, Gift, LogOut, Megaphone, PiggyBank, Tag, User } from "lucide-react";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "#app/components/ui/dropdown-menu";
import { Avatar } from "./avatar";
import { can } from "#app/lib/permissions";
import type { Role } from "#db/constants";

export interface HeaderUser {
  displayName: string;
  initials: string;
  avatarUrl: string | null;
  dealsUsed: number;
  role: Role;
}

/** Sign out through POST /auth/logout, with the busy label "Déconnexion...". */
export function useLogout() {
  const submit = useSubmit();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === "/auth/logout";
  return { busy, logout: () => submit(null, { method: "post", action: "/auth/logout" }) };
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

export function UserMenu({ user }: { user: HeaderUser }) {
  const { busy, logout } = useLogout();
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger
        className="flex items-center gap-2 rounded-full py-1 pl-1 pr-3 text-sm font-medium hover:bg-neutral-100"
        aria-label={`Mon compte (${user.displayName})`}
      >
        <Avatar src={user.avatarUrl} initials={user.initials} />
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
