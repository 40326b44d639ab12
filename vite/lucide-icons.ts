import path from "node:path";
import type { Plugin } from "vite";

/** lucide-react's module that every icon module imports to make its component. */
export const LUCIDE_FACTORY = "../createLucideIcon.mjs";
/** Where lucide-react's icon modules live (any install path, any OS separator). */
const ICON_MODULE = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/][^\\/]+\.mjs$/;
/** Ours, with the same default export (ADR 026, amendment of session 20). */
export const OUR_FACTORY = path.resolve(import.meta.dirname, "../app/components/ui/lucide-icon.ts");

/**
 * Every lucide-react icon is made by app/components/ui/lucide-icon.ts instead
 * of lucide's createLucideIcon: the app still imports its icons from
 * "lucide-react", each icon is still its own module, and only the factory
 * they share changes. lucide-react must then be bundled on the server too
 * (`ssr.noExternal` in vite.config.ts), or Node would load lucide's own.
 */
export function lucideIcons(): Plugin {
  return {
    name: "crevarde:lucide-icons",
    enforce: "pre",
    resolveId(source, importer) {
      if (source === LUCIDE_FACTORY && importer && ICON_MODULE.test(importer)) return OUR_FACTORY;
      return null;
    },
  };
}
