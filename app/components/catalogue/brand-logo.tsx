import { useState } from "react";
import { cn } from "#app/lib/utils";

/** Brand logo with a local placeholder when missing or when it fails to load. */
export function BrandLogo({ src, name, className }: { src: string | null; name: string; className?: string }) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) {
    return (
      <svg viewBox="0 0 48 48" role="img" aria-label={name} className={cn("size-12 rounded-xl bg-brand-100", className)}>
        <rect width="48" height="48" rx="12" fill="#fce7f3" />
        <path d="M14 30l6-8 5 6 4-5 5 7z" fill="#be185d" opacity="0.6" />
        <circle cx="30" cy="17" r="3" fill="#be185d" opacity="0.6" />
      </svg>
    );
  }
  return (
    <img
      src={src}
      alt={name}
      width={48}
      height={48}
      loading="lazy"
      onError={() => setFailed(true)}
      className={cn("size-12 rounded-xl object-cover", className)}
    />
  );
}
