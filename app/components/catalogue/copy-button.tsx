import { Check, Copy } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { toast } from "#app/lib/toast";
import { Button } from "#app/components/ui/button";

const COPY_FEEDBACK_MS = 3000;

/** Copies a code: "Copié" for 3 s, then the toast "Code copié !". */
export function CopyButton({ code, className, onCopied }: { code: string; className?: string; onCopied?: () => void }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(code);
    } catch {
      // Clipboard API refused (insecure context): fall back to a selection copy.
      const input = document.createElement("textarea");
      input.value = code;
      document.body.appendChild(input);
      input.select();
      document.execCommand("copy");
      input.remove();
    }
    setCopied(true);
    onCopied?.();
    toast.success("Code copié !", { description: `Le code ${code} a été copié dans ton presse-papier` });
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPY_FEEDBACK_MS);
  }

  return (
    <Button type="button" size="sm" variant={copied ? "secondary" : "default"} onClick={copy} className={className}>
      {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
      {copied ? "Copié" : "Copier"}
    </Button>
  );
}
