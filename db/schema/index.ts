/**
 * The Drizzle schema, one file per domain; `import … from "db/schema"` reads
 * every table and enumeration from here (and drizzle.config.ts points drizzle-kit
 * at this file). A domain's file imports the tables it references from its
 * siblings; no two files import each other. Helpers shared by several domains
 * are in ./shared.ts and are not exported.
 */
export * from "./accounts";
export * from "./catalogue";
export * from "./content";
export * from "./search";
export * from "./growth";
export * from "./community";
export * from "./moderation";
export * from "./infrastructure";
export * from "./ledger";
export * from "./jobs";
export * from "./networks";
export * from "./cashback";
export * from "./payouts";
export * from "./claims";
export * from "./referrals";
export * from "./support";
export * from "./prices";
