import { NavLink } from "react-router";
import { Sheet, SheetContent, SheetDescription, SheetTitle } from "#app/components/ui/sheet";
import { cn } from "#app/lib/utils";
import type { NavLink as NavLinkItem } from "./nav-links";

/** The right-side drawer holding the header links below 768 px. */
export function MobileDrawer({ links, open, onOpenChange }: { links: NavLinkItem[]; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="right">
        <SheetTitle>Menu</SheetTitle>
        <SheetDescription className="sr-only">Navigation principale</SheetDescription>
        <nav aria-label="Navigation mobile">
          <ul className="flex flex-col gap-1">
            {links.map((link) => (
              <li key={link.to}>
                {/* not wrapped in SheetClose asChild: its Slot would turn NavLink's className function into text */}
                <NavLink
                  to={link.to}
                  onClick={() => onOpenChange(false)}
                  className={({ isActive }) =>
                    cn("block rounded-xl px-3 py-3 text-base font-medium hover:bg-brand-50", isActive ? "bg-brand-50 text-brand-700" : "text-neutral-800")
                  }
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </SheetContent>
    </Sheet>
  );
}
