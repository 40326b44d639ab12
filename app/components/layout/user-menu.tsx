import { Link, useNavigation, useSubmit } from "react-router";
import { Bell, LogOut, PiggyBank, Tag, User } from "lucide-react";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";
import { Avatar } from "./avatar";
import { can } from "~/lib/permissions";
import type { Role } from "../../../db/constants";

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
        <DropdownMenuItem asChild>
          <Link to="/profile">
            <User /> Profil
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/mon-cashback">
            <PiggyBank /> Mon cashback
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/mes-alertes">
            <Bell /> Mes alertes
          </Link>
        </DropdownMenuItem>
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
