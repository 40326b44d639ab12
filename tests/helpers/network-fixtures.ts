import { readFileSync } from "node:fs";

/**
 * The network fixtures, copied into the repo from ../shared/fixtures/networks
 * (shapes from the sources of ADR 016 §Per-network reference, values invented) so tests do not
 * depend on a path outside it.
 */
export function readNetworkFixture(name: string): string {
  return readFileSync(new URL(`../fixtures/networks/${name}`, import.meta.url), "utf8");
}

export function readNetworkJson(name: string): unknown {
  return JSON.parse(readNetworkFixture(name));
}
