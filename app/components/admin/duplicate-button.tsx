import { Copy } from "lucide-react";
import { Button } from "~/components/ui/button";

/** « Dupliquer » in a row's actions: opens the create dialog filled with a copy of the row (nothing is written until saved). */
export function DuplicateButton({ label, onDuplicate }: { label: string; onDuplicate: () => void }) {
  return (
    <Button type="button" variant="ghost" size="icon" aria-label={`Dupliquer ${label}`} title="Dupliquer" onClick={onDuplicate}>
      <Copy />
    </Button>
  );
}
