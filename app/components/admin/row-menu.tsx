import { MoreHorizontal } from "lucide-react";
import { Button } from "#app/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from "#app/components/ui/dropdown-menu";

export interface RowMenuItem {
  label: string;
  onSelect: () => void;
  icon?: React.ReactNode;
  disabled?: boolean;
  /** a line above this item (the state changes after the edits) */
  separated?: boolean;
}

/**
 * A row's actions behind one « ⋯ » button (issue #37 item 10): the row stays
 * one line high whatever the number of actions. The button is named after the
 * row (« Actions de Nuxe · Awin »).
 */
export function RowMenu({ label, items }: { label: string; items: RowMenuItem[] }) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button type="button" variant="ghost" size="icon" aria-label={`Actions de ${label}`}>
          <MoreHorizontal />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {items.map((item) => (
          <div key={item.label}>
            {item.separated ? <DropdownMenuSeparator /> : null}
            <DropdownMenuItem disabled={item.disabled} onSelect={item.onSelect}>
              {item.icon}
              {item.label}
            </DropdownMenuItem>
          </div>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
