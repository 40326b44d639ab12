import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { BUNDLED_PACKAGES } from "./scripts/lib/server-entry.mjs";
import { compileHints } from "./vite/compile-hints";
import { lucideIcons } from "./vite/lucide-icons";

export default defineConfig({
  plugins: [lucideIcons(), tailwindcss(), reactRouter(), compileHints()],
  resolve: {
    // the import paths of tsconfig.json: #app/* and #db/* (issue #36 item 7)
    alias: { "#app": new URL("./app", import.meta.url).pathname, "#db": new URL("./db", import.meta.url).pathname },
  },
  // bundled on the server too, as in build/server.mjs (ADR 055): see BUNDLED_PACKAGES
  ssr: { noExternal: BUNDLED_PACKAGES },
  build: {
    // hashed assets are served with immutable cache headers by server/index.ts
    assetsInlineLimit: 0,
  },
});
