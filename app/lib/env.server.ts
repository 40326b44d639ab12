import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import proxyaddr from "proxy-addr";
import { isValidBIC, isValidIBAN } from "ibantools";
import { z } from "zod";
import { forget, remember } from "./remember.server";

const optionalUrl = (name: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || URL.canParse(v), {
      message: `${name} must be a valid URL (for example postgres://user:pass@host:5432/db)`,
    });

/** An optional credential: surrounding spaces dropped, empty = not set. */
const RENDER_CONCURRENCY_MESSAGE = "RENDER_CONCURRENCY must be a whole number from 1 to 64";

const optionalSecret = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() ? v.trim() : undefined))
  .refine((v) => v === undefined || !/\s/.test(v), { message: "must not contain spaces" });

const NETWORK_CREDENTIAL_PAIRS = [
  ["TRADEDOUBLER_CLIENT_ID", "TRADEDOUBLER_CLIENT_SECRET"],
  ["IMPACT_ACCOUNT_SID", "IMPACT_AUTH_TOKEN"],
  ["TIMEONE_PARTNER_ID", "TIMEONE_API_KEY"],
] as const;

/**
 * Express's 'trust proxy' setting: false (X-Forwarded-For is ignored), a hop
 * count, or the addresses, CIDR ranges and names (loopback, linklocal,
 * uniquelocal) of the proxies in front of the server.
 */
type TrustProxy = false | number | string[];

const TRUST_PROXY_HELP =
  "TRUST_PROXY must be false, the number of proxies in front of the server (e.g. 1), or their addresses, " +
  "CIDR ranges or names (loopback, linklocal, uniquelocal), comma-separated";

const trustProxy = z
  .string()
  .trim()
  .optional()
  .transform((raw, ctx): TrustProxy => {
    if (!raw || raw === "false" || raw === "0") return false;
    const hops = /^\d+$/.test(raw) ? Number(raw) : undefined;
    if (hops !== undefined && hops <= 10) return hops;
    let problem = "at most 10 proxies";
    if (raw === "true") problem = "true would believe the X-Forwarded-For of any client";
    else if (hops === undefined) {
      const list = raw
        .split(",")
        .map((entry) => entry.trim())
        .filter(Boolean);
      try {
        proxyaddr.compile(list);
        return list;
      } catch (error) {
        problem = (error as Error).message;
      }
    }
    ctx.addIssue({ code: "custom", message: `${TRUST_PROXY_HELP} (${problem})` });
    return z.NEVER;
  });

const logLevels = z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
  message: "LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent",
});

const schema = z.object({
  /** React Router's server mode; unset is production for it (error details hidden). */
  NODE_ENV: z.enum(["development", "production", "test"]).optional(),
  SITE_NAME: z.string().trim().min(1, "SITE_NAME must not be empty").default("Crevarde"),
  SITE_URL: z
    .string()
    .trim()
    .default("http://localhost:3000")
    .refine((v) => /^https?:\/\//.test(v) && URL.canParse(v), {
      message: "SITE_URL must be an absolute http(s) URL such as https://crevarde.fr",
    })
    .transform((v) => v.replace(/\/+$/, "")),
  PORT: z.coerce
    .number({ message: "PORT must be a number" })
    .int("PORT must be an integer")
    .min(1, "PORT must be between 1 and 65535")
    .max(65535, "PORT must be between 1 and 65535")
    .default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATABASE_URL: optionalUrl("DATABASE_URL"),
  DATA_DIR: z.string().default("./data"),
  SMTP_URL: optionalUrl("SMTP_URL"),
  MAIL_FROM: z.string().default("Crevarde <bonjour@crevarde.fr>"),
  SESSION_SECRET: z
    .string()
    .min(32, "SESSION_SECRET must be at least 32 characters long")
    .optional(),
  /**
   * Key that encrypts members' IBANs at rest and keys their fingerprints
   * (ADR 021): 32 random bytes in base64. Required on https://; locally, one is
   * generated in DATA_DIR.
   */
  BANK_DETAILS_KEY: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .refine((v) => v === undefined || Buffer.from(v, "base64").length === 32, {
      message: "BANK_DETAILS_KEY must be 32 random bytes in base64 (e.g. from `openssl rand -base64 32`)",
    }),
  /**
   * The account that pays members' withdrawals (ADR 023): the debtor of the
   * SEPA credit-transfer files. Required on https://; locally a demo account.
   */
  SEPA_DEBTOR_NAME: z.string().trim().max(70, "SEPA_DEBTOR_NAME must be at most 70 characters").optional().transform((v) => v || undefined),
  SEPA_DEBTOR_IBAN: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v.replace(/[\s-]/g, "").toUpperCase() : undefined))
    .refine((v) => v === undefined || isValidIBAN(v), { message: "SEPA_DEBTOR_IBAN must be a valid IBAN" }),
  SEPA_DEBTOR_BIC: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .refine((v) => v === undefined || isValidBIC(v), { message: "SEPA_DEBTOR_BIC must be a valid BIC" }),
  /**
   * End-to-end tests only: honour the X-Test-Now request header as the time
   * of the member's payout requests (the 72 h IBAN wait). Refused on https://.
   */
  TEST_CLOCK_HEADER: z
    .enum(["true", "false", ""])
    .default("")
    .transform((v) => v === "true"),
  REDIRECT_ALLOWED_HOSTS: z
    .string()
    .default("")
    .transform((v) =>
      v
        .split(",")
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    ),
  GA_MEASUREMENT_ID: z.string().trim().optional().transform((v) => v || undefined),
  LOG_LEVEL: logLevels.optional(),
  /**
   * Demo seed: unset = only for the embedded database on an http://localhost
   * or http://127.0.0.1 SITE_URL; true = also elsewhere (random admin
   * password); false = never.
   */
  SEED_DEMO: z
    .enum(["true", "false", ""], { message: "SEED_DEMO must be true or false" })
    .optional()
    .transform((v) => (v ? v === "true" : undefined)),
  TRUST_PROXY: trustProxy,
  /** Micro-cache of anonymous public pages (ms); 0 disables it. */
  PAGE_CACHE_TTL_MS: z.coerce.number({ message: "PAGE_CACHE_TTL_MS must be a number of milliseconds" }).int().min(0).max(600_000).default(10_000),
  /**
   * Requests React Router renders at once (server/render-queue.ts); the others wait their turn.
   * Unset: 2 on the embedded database (one thread does everything), 4 on a PostgreSQL server
   * (a render waits on the network, another one can use the CPU meanwhile).
   */
  RENDER_CONCURRENCY: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.coerce.number({ message: RENDER_CONCURRENCY_MESSAGE }).int({ message: RENDER_CONCURRENCY_MESSAGE }).min(1, { message: RENDER_CONCURRENCY_MESSAGE }).max(64, { message: RENDER_CONCURRENCY_MESSAGE }).optional(),
  ),
  /** Run the job worker and scheduler inside the web server (ADR 012); false when `npm run worker` runs them (PostgreSQL). */
  JOBS_IN_PROCESS: z
    .enum(["true", "false"], { message: "JOBS_IN_PROCESS must be true or false" })
    .default("true")
    .transform((v) => v === "true"),
  /*
   * Affiliate network API credentials (ADR 015): only ever in the environment,
   * never in the database. All optional; a network without them is not pulled.
   */
  AWIN_API_TOKEN: optionalSecret,
  EFFILIATION_API_KEY: optionalSecret,
  KWANKO_API_TOKEN: optionalSecret,
  /** the legacy Kwanko report's login (defaults to the programme's account id) */
  KWANKO_LOGIN: optionalSecret,
  CJ_API_TOKEN: optionalSecret,
  TRADEDOUBLER_CLIENT_ID: optionalSecret,
  TRADEDOUBLER_CLIENT_SECRET: optionalSecret,
  /** Tradedoubler password grant (without them: client credentials) */
  TRADEDOUBLER_USERNAME: optionalSecret,
  TRADEDOUBLER_PASSWORD: optionalSecret,
  IMPACT_ACCOUNT_SID: optionalSecret,
  IMPACT_AUTH_TOKEN: optionalSecret,
  /** Impact's API host for claims (ActionInquiries); tests point it at a local server */
  IMPACT_API_BASE_URL: optionalUrl("IMPACT_API_BASE_URL"),
  RAKUTEN_API_TOKEN: optionalSecret,
  TIMEONE_PARTNER_ID: optionalSecret,
  TIMEONE_API_KEY: optionalSecret,
  /** Tests only (tests/crash): /healthz?slow=1 waits this long, to prove a graceful shutdown. */
  CREVARDE_TEST_SLOW_HEALTHZ_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  /** Benchmarks only (scripts/bench.ts): a folder served under /__bench, the static copies of pages. */
  BENCH_STATIC_DIR: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined)),
  /** Disable rate limits (benchmarks only). */
  RATE_LIMIT_DISABLED: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
}).superRefine((env, ctx) => {
  // networks whose credentials come in pairs: half a pair is a typo, not "not configured"
  for (const [a, b] of NETWORK_CREDENTIAL_PAIRS) {
    if (Boolean(env[a]) !== Boolean(env[b])) {
      ctx.addIssue({ code: "custom", path: [env[a] ? b : a], message: `${a} and ${b} must be set together (or both left empty)` });
    }
  }
  // a secret generated on one server's disk would not be shared by a second server
  if (env.SITE_URL.startsWith("https://") && !env.SESSION_SECRET) {
    ctx.addIssue({
      code: "custom",
      path: ["SESSION_SECRET"],
      message:
        "SESSION_SECRET is required when SITE_URL is https://: set the same random value (at least 32 characters, " +
        "e.g. from `openssl rand -base64 48`) on every server",
    });
  }
  if (env.SITE_URL.startsWith("https://") && !(env.SEPA_DEBTOR_NAME && env.SEPA_DEBTOR_IBAN)) {
    ctx.addIssue({
      code: "custom",
      path: [env.SEPA_DEBTOR_NAME ? "SEPA_DEBTOR_IBAN" : "SEPA_DEBTOR_NAME"],
      message: "SEPA_DEBTOR_NAME and SEPA_DEBTOR_IBAN (the account that pays members' withdrawals) are required when SITE_URL is https://",
    });
  }
  if (env.SITE_URL.startsWith("https://") && env.TEST_CLOCK_HEADER) {
    ctx.addIssue({ code: "custom", path: ["TEST_CLOCK_HEADER"], message: "TEST_CLOCK_HEADER is for end-to-end tests and must not be set when SITE_URL is https://" });
  }
  // a key generated on one server's disk would leave the other servers unable to read the IBANs
  if (env.SITE_URL.startsWith("https://") && !env.BANK_DETAILS_KEY) {
    ctx.addIssue({
      code: "custom",
      path: ["BANK_DETAILS_KEY"],
      message: "BANK_DETAILS_KEY is required when SITE_URL is https://: set the same 32 random bytes in base64 (`openssl rand -base64 32`) on every server, and keep a copy",
    });
  }
});

export type Env = z.infer<typeof schema> & { SESSION_SECRET: string };

function formatIssues(error: z.ZodError): string {
  return error.issues.map((i) => `  - ${i.path.join(".") || "env"}: ${i.message}`).join("\n");
}

/** Parse an environment object. Throws an Error listing every invalid variable. */
export function parseEnv(source: Record<string, string | undefined>): z.infer<typeof schema> {
  const result = schema.safeParse(source);
  if (!result.success) {
    throw new Error(`Invalid environment variables:\n${formatIssues(result.error)}`);
  }
  return result.data;
}

function loadOrCreateSecret(dataDir: string, name = "session-secret", create = () => randomBytes(32).toString("base64url")): string {
  const file = path.resolve(dataDir, name);
  try {
    const existing = fs.readFileSync(file, "utf8").trim();
    if (existing.length >= 32) return existing;
  } catch {
    // not created yet
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const secret = create();
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function getEnv(): Env {
  return remember("env", () => {
    const parsed = parseEnv(process.env);
    return { ...parsed, SESSION_SECRET: parsed.SESSION_SECRET ?? loadOrCreateSecret(parsed.DATA_DIR) };
  });
}

/**
 * pino's level: LOG_LEVEL, else `silent` under the tests and `info` elsewhere. Read on its own,
 * not through getEnv(): the logger is made when its module loads, before the server checks the
 * whole environment, and reading it must not create the session secret in DATA_DIR.
 */
export function logLevel(source: Record<string, string | undefined> = process.env): z.infer<typeof logLevels> {
  const result = logLevels.optional().safeParse(source.LOG_LEVEL);
  if (!result.success) throw new Error(`Invalid environment variables:\n  - LOG_LEVEL: ${result.error.issues[0]?.message}`);
  return result.data ?? (source.NODE_ENV === "test" || source.VITEST ? "silent" : "info");
}

/** Demo debtor for local SEPA files: a valid test IBAN that no bank will ever see. */
const DEMO_DEBTOR = { name: "Crevarde SAS (demo)", iban: "FR7630006000011234567890189", bic: "AGRIFRPPXXX" };

/** The account that pays withdrawals: SEPA_DEBTOR_*, or the demo account when not on https://. */
export function sepaDebtor(): { name: string; iban: string; bic?: string } {
  const env = getEnv();
  if (env.SEPA_DEBTOR_NAME && env.SEPA_DEBTOR_IBAN) return { name: env.SEPA_DEBTOR_NAME, iban: env.SEPA_DEBTOR_IBAN, bic: env.SEPA_DEBTOR_BIC };
  return DEMO_DEBTOR;
}

/** The key of members' bank details (ADR 021): BANK_DETAILS_KEY, or locally one generated in DATA_DIR. */
export function bankDetailsKey(): string {
  return remember("bank-details-key", () => {
    const env = getEnv();
    return env.BANK_DETAILS_KEY ?? loadOrCreateSecret(env.DATA_DIR, "bank-details-key", () => randomBytes(32).toString("base64"));
  });
}

/** Test helper: forget the cached env so a changed process.env is re-read. */
export function resetEnvCache() {
  forget("env");
  forget("bank-details-key");
}
