import os from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["app/**/*.test.{ts,tsx}", "db/**/*.test.ts", "tests/integration/**/*.test.ts", "tests/fuzz/**/*.test.ts", "tests/crash/**/*.test.ts", "scripts/**/*.test.ts", "vite/**/*.test.ts"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Vitest's default is one core less than the machine has: one worker on CI's two cores
    // (1,027 s there against 647 s with two; every database test opens its own database)
    maxWorkers: Math.max(2, os.availableParallelism()),
  },
  resolve: {
    alias: { "~": new URL("./app", import.meta.url).pathname },
  },
});
