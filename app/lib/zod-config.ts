/**
 * zod's JIT probes `new Function`, which our CSP (no 'unsafe-eval') refuses
 * and reports. Turn the JIT off before zod is evaluated: this module has no
 * imports and is the first import of the root route and the entries.
 */
const g = globalThis as { __zod_globalConfig?: Record<string, unknown> };
g.__zod_globalConfig = { ...(g.__zod_globalConfig ?? {}), jitless: true };

export {};
