/**
 * The production server as one file (ADR 055): server/index.ts and the app modules it imports, bundled by
 * scripts/build-server.mjs during `npm run build`, run by plain `node` from the repository's root.
 */
export const SERVER_ENTRY = "build/server.mjs";

/**
 * The packages both server bundles carry instead of loading them from node_modules: lucide-react, whose icons
 * must be made by vite/lucide-icons.ts's factory, and whose entry imports each of its ~1,600 icon modules, and
 * date-fns, whose entry imports ~800. Node would load all of them one by one at every start, for the few used.
 */
export const BUNDLED_PACKAGES = ["lucide-react", "date-fns", "@date-fns/tz"];
