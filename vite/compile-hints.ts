import type { Plugin } from "vite";

/**
 * V8's explicit compile hint (Chrome 136 and later): every function of a script
 * that starts with this comment is compiled eagerly, while the script streams in,
 * on a background thread. Without it V8 compiles a function on the main thread the
 * first time it is called, which during hydration is most of them (ADR 057).
 * Other browsers read a comment.
 */
export const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";

/**
 * Chunks smaller than this (minified bytes) get no hint: their functions compile
 * in microseconds, and the hint's 24 gzipped bytes would count for more than it saves.
 */
export const MIN_HINTED_BYTES = 1024;

/** Puts COMPILE_HINT at the top of every client JavaScript chunk of at least MIN_HINTED_BYTES. */
export function compileHints(): Plugin {
  return {
    name: "crevarde:compile-hints",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type === "chunk" && Buffer.byteLength(file.code) >= MIN_HINTED_BYTES) file.code = COMPILE_HINT + file.code;
      }
    },
  };
}
