import type { HeaderUser } from "./user-menu";

/** The « Mon compte » button's look, the same before and after the menu has loaded. */
export const ACCOUNT_TRIGGER_CLASS = "flex items-center gap-2 rounded-full py-1 pl-1 pr-3 text-sm font-medium hover:bg-neutral-100";

export const accountLabel = (user: Pick<HeaderUser, "displayName">) => `Mon compte (${user.displayName})`;

/** The member's picture or initials: a plain image, Radix's avatar would weigh on every page (ADR 027). */
export function PlainAvatar({ user }: { user: Pick<HeaderUser, "avatarUrl" | "initials"> }) {
  return (
    <span className="inline-flex size-8 shrink-0 overflow-hidden rounded-full bg-brand-100">
      {user.avatarUrl ? (
        <img src={user.avatarUrl} alt="" className="size-full object-cover" />
      ) : (
        <span className="grid size-full place-items-center text-xs font-bold text-brand-800">{user.initials}</span>
      )}
    </span>
  );
}

/**
 * « Mon compte » until the menu has loaded: the same button, which loads the menu on pointer or focus and
 * opens it on a click (issue #38 item 4).
 */
export function AccountButton({ user, onPreload, onOpen }: { user: HeaderUser; onPreload: () => void; onOpen: () => void }) {
  return (
    <button
      type="button"
      className={ACCOUNT_TRIGGER_CLASS}
      aria-label={accountLabel(user)}
      aria-haspopup="menu"
      aria-expanded={false}
      data-account-menu="loading"
      onPointerEnter={onPreload}
      onFocus={onPreload}
      onClick={onOpen}
    >
      <PlainAvatar user={user} />
      <span className="hidden max-w-[10rem] truncate sm:inline">{user.displayName}</span>
    </button>
  );
}
