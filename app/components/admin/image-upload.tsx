import { Upload } from "lucide-react";
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { toast } from "#app/lib/toast";
import { Input } from "#app/components/ui/input";

const ALLOWED = ["jpg", "jpeg", "png", "webp"];
const MAX = 2 * 1024 * 1024;

/**
 * Image upload (POST /admin/upload: checked, re-encoded, shared storage, ADR 024) with a preview;
 * the URL lands in the `name` text input, which also takes a typed https:// URL (and submits without JS).
 * The input's id is `id` (default: `name`), for the surrounding Field's label.
 */
export function ImageUpload({ name, defaultValue, id = name }: { name: string; defaultValue: string | null; id?: string }) {
  const fetcher = useFetcher<{ ok: boolean; title: string; message: string; url?: string }>();
  const [url, setUrl] = useState(defaultValue ?? "");
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (fetcher.data.ok && fetcher.data.url) {
      setUrl(fetcher.data.url);
      toast.success(fetcher.data.title);
    } else if (!fetcher.data.ok) {
      toast.error(fetcher.data.title, { description: fetcher.data.message });
    }
  }, [fetcher.state, fetcher.data]);

  function onFile(file: File | undefined) {
    if (!file) return;
    const ext = file.name.split(".").pop()?.toLowerCase() ?? "";
    if (!ALLOWED.includes(ext)) {
      toast.error("Type de fichier non supporté", { description: "Veuillez sélectionner une image au format JPG, PNG ou WEBP." });
      return;
    }
    if (file.size > MAX) {
      toast.error("Fichier trop volumineux", { description: "L'image ne doit pas dépasser 2Mo." });
      return;
    }
    const body = new FormData();
    body.append("file", file);
    fetcher.submit(body, { method: "post", action: "/admin/upload", encType: "multipart/form-data" });
  }

  return (
    <div className="grid gap-2">
      <div className="aspect-[3/2] overflow-hidden rounded-xl border border-dashed border-neutral-300 bg-neutral-50">
        {url ? <img src={url} alt="Aperçu" className="size-full object-cover" /> : <span className="grid size-full place-items-center text-sm text-neutral-500">Aucune image</span>}
      </div>
      <label className="flex cursor-pointer items-center gap-2 text-sm font-medium text-brand-700">
        <Upload className="size-4" aria-hidden="true" />
        {fetcher.state !== "idle" ? "Téléchargement..." : "Télécharger une image"}
        <input type="file" accept=".jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp" className="sr-only" onChange={(e) => onFile(e.target.files?.[0])} />
      </label>
      <Input id={id} name={name} value={url} onChange={(e) => setUrl(e.target.value)} placeholder="ou l'adresse d'une image téléchargée (/uploads/…)" aria-describedby={`${id}-hint`} />
      <p id={`${id}-hint`} className="text-xs text-neutral-500">Téléchargez une image (JPG, PNG ou WEBP, 2 Mo max.) : les images d'autres sites ne s'affichent pas.</p>
    </div>
  );
}
