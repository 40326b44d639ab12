/**
 * Push endpoints of Awin (Transaction Notifications) and Kwanko (Conversion
 * track), ADR 017 Pushes. A push is a hint, never money: it is stored
 * raw, parsed by a job, imported with source "push" (the import keeps it
 * pending/"tracked"), and confirmed by a pull (Awin `?ids=`, Kwanko's recent
 * window). The path carries a random secret per network, kept hashed in
 * network_push_secrets and generated on /admin/programmes.
 */
import { randomBytes, createHash, timingSafeEqual } from "node:crypto";
import { and, asc, eq, gt, inArray, isNotNull, sql } from "drizzle-orm";
import { networkFetches, networkPushSecrets, networkWebhookEvents } from "#db/schema";
import { containsNul, readBoundedText } from "#app/lib/body.server";
import { getDb, type Db } from "#app/lib/db.server";
import { getEnv } from "#app/lib/env.server";
import { DomainError } from "#app/lib/errors";
import { send, type JobHandler } from "#app/lib/jobs.server";
import { logger } from "#app/lib/logger.server";
import { hitRateLimit, type RateLimitRule } from "#app/lib/rate-limit.server";
import type { AuditEntity } from "#app/lib/permissions";
import { recordAuditIn } from "#app/modules/admin/audit.server";
import { importRecords as importRecordsContract, type ImportInput } from "#app/modules/conversions/import.server";
import { visitorHash } from "#app/modules/tracking/tracking.server";
import { confirmAwinTransactions } from "./awin/pull.server";
import type { NetworkName } from "./networks";
import type { PullOptions } from "./pull.server";
import { NETWORK_PULL_QUEUE, pullCredentialsFromEnv, type PullCredentials } from "./pull-jobs.server";
import { parsePush, pushText, type PushPayload } from "./pull-parse.server";
import type { ImportResult, NormalisedRecord, ParseResult } from "./types";
import { webhookEventStatus } from "#db/states/webhook-event-status";

const PUSH_NETWORKS = ["awin", "kwanko"] as const satisfies readonly NetworkName[];
export type PushNetwork = (typeof PUSH_NETWORKS)[number];
export const isPushNetwork = (value: unknown): value is PushNetwork => typeof value === "string" && (PUSH_NETWORKS as readonly string[]).includes(value);

/** Stored at most (network_webhook_events.body has the same check). */
export const PUSH_MAX_BYTES = 256 * 1024;
const PUSH_RATE_LIMIT: RateLimitRule = { name: "network-push", limit: 120, windowSeconds: 60 };
const PUSH_METHODS = ["GET", "POST"] as const;
export const PUSH_PROCESS_QUEUE = "network.push.process";
export const AWIN_CONFIRM_QUEUE = "awin.push.confirm";
/** Awin confirmations are batched: at most one call every 10 s */
const AWIN_CONFIRM_DELAY_MS = 10_000;
const KWANKO_CONFIRM_DELAY_MS = 5 * 60_000;

/* ------------------------------ secrets and URLs ------------------------------ */

type Actor = { id: string; email: string };

/** What the audit log and the admin page name a push secret by (never its value nor its hash). */
const PUSH_SECRET_ENTITY = "network_push_secret" satisfies AuditEntity;

const hashSecret = (secret: string) => createHash("sha256").update(secret, "utf8").digest();

/** The networks that push, each with when its secret was generated and last rotated (null: none yet). */
export async function pushSecretStatuses(db?: Db): Promise<Array<{ network: PushNetwork; createdAt: Date | null; rotatedAt: Date | null }>> {
  const database = db ?? (await getDb());
  const rows = await database
    .select({ network: networkPushSecrets.network, createdAt: networkPushSecrets.createdAt, rotatedAt: networkPushSecrets.rotatedAt })
    .from(networkPushSecrets);
  return PUSH_NETWORKS.map((network) => {
    const row = rows.find((r) => r.network === network);
    return { network, createdAt: row?.createdAt ?? null, rotatedAt: row?.rotatedAt ?? null };
  });
}

/** The version a form saw: when the current secret was generated ("none" before the first). */
export const pushSecretVersion = (status: { createdAt: Date | null; rotatedAt: Date | null }) =>
  (status.rotatedAt ?? status.createdAt)?.toISOString() ?? "none";

/**
 * Generate the network's secret, or replace it: the old URL stops working at
 * once (ADR 017 §Push secrets). Only the SHA-256 is stored; the secret is
 * returned to be shown once and is neither logged nor audited. `expected`
 * (pushSecretVersion of what the admin saw) refuses a stale or repeated
 * submission with a 409 instead of rotating twice.
 */
export async function generatePushSecret(actor: Actor, network: PushNetwork, expected?: string, db?: Db): Promise<{ secret: string; url: string; rotated: boolean }> {
  const database = db ?? (await getDb());
  const secret = randomBytes(32).toString("base64url");
  const secretHash = hashSecret(secret).toString("hex");
  const rotated = await database.transaction(async (tx) => {
    const [current] = await tx
      .select({ createdAt: networkPushSecrets.createdAt, rotatedAt: networkPushSecrets.rotatedAt })
      .from(networkPushSecrets)
      .where(eq(networkPushSecrets.network, network))
      .for("update");
    const before = current ? { createdAt: current.createdAt, rotatedAt: current.rotatedAt } : { createdAt: null, rotatedAt: null };
    if (expected !== undefined && pushSecretVersion(before) !== expected) {
      throw new DomainError("Le secret de ce réseau a changé entre-temps : rechargez la page avant de le renouveler.", 409);
    }
    const now = new Date();
    if (current) {
      await tx.update(networkPushSecrets).set({ secretHash, rotatedAt: now, rotatedBy: actor.id }).where(eq(networkPushSecrets.network, network));
    } else {
      await tx.insert(networkPushSecrets).values({ network, secretHash, createdAt: now, createdBy: actor.id });
    }
    await recordAuditIn(tx, actor, {
      action: current ? "update" : "create",
      entity: PUSH_SECRET_ENTITY,
      entityId: network,
      before: current ? { createdAt: current.createdAt, rotatedAt: current.rotatedAt } : null,
      after: { event: current ? "rotated" : "generated", at: now },
    });
    return Boolean(current);
  });
  return { secret, url: pushUrl(network, secret), rotated };
}

/** The URL to paste into the network's console. */
export function pushUrl(network: PushNetwork, secret: string): string {
  return new URL(`/api/networks/${network}/push/${encodeURIComponent(secret)}`, getEnv().SITE_URL).toString();
}

/** Constant-time comparison of the candidate's hash with the stored one; false when none was ever generated. */
async function verifyPushSecret(network: PushNetwork, candidate: string, db?: Db): Promise<boolean> {
  const database = db ?? (await getDb());
  const [row] = await database.select({ secretHash: networkPushSecrets.secretHash }).from(networkPushSecrets).where(eq(networkPushSecrets.network, network)).limit(1);
  const stored = row ? Buffer.from(row.secretHash, "hex") : Buffer.alloc(32);
  const given = hashSecret(candidate);
  return stored.length === given.length && timingSafeEqual(stored, given) && Boolean(row);
}

/* ------------------------------ receiving ------------------------------ */

const text = (status: number, body: string, headers: Record<string, string> = {}) =>
  new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", ...headers } });

const notFound = () => text(404, "Page introuvable.");

/**
 * The endpoint: 404 for an unknown network or a wrong secret, 405 for a
 * method other than GET/POST, 429 past 120 pushes a minute per network, 413
 * above 256 KB (nothing stored), else 200 "OK" whatever the content: the raw
 * request is stored (status "invalid" when nothing in it is readable) and a
 * `network.push.process` job parses it. The answer never repeats the input.
 */
export async function receivePush(input: { request: Request; network: string | undefined; secret: string | undefined; clientIp: string }): Promise<Response> {
  const { request } = input;
  if (!isPushNetwork(input.network) || !input.secret || !(await verifyPushSecret(input.network, input.secret))) return notFound();
  const network = input.network;
  if (!(PUSH_METHODS as readonly string[]).includes(request.method)) return text(405, "Méthode non autorisée.", { Allow: PUSH_METHODS.join(", ") });
  const limit = await hitRateLimit(PUSH_RATE_LIMIT, network);
  if (!limit.allowed) return text(429, "Trop de notifications, réessayez plus tard.", { "Retry-After": String(limit.retryAfter) });

  let body = "";
  if (request.method === "POST") {
    try {
      body = await readBoundedText(request, PUSH_MAX_BYTES);
    } catch (error) {
      if (error instanceof Response) return text(error.status, error.status === 413 ? "Notification trop volumineuse." : "Notification refusée.");
      throw error;
    }
  }
  const query = new URL(request.url).search.replace(/^\?/, "");
  const payload: PushPayload = { method: request.method, query, body };
  let status: "received" | "invalid" = "received";
  let error: string | null = null;
  if (containsNul(body)) {
    status = "invalid";
    error = "caractère nul dans le corps";
  } else if (!pushLooksReadable(network, payload)) {
    status = "invalid";
    error = "aucune donnée de conversion lisible";
  }
  const headers: Record<string, string> = { ":method": request.method };
  for (const name of ["content-type", "user-agent"]) {
    const value = request.headers.get(name);
    if (value) headers[name] = value.slice(0, 300);
  }
  if (request.method === "POST" && query) headers[":query"] = query.slice(0, 8192);
  let stored = request.method === "GET" ? query : body.replaceAll("\u0000", "\uFFFD");
  if (Buffer.byteLength(stored) > PUSH_MAX_BYTES) {
    // bytes that are not UTF-8 became U+FFFD (3 bytes each): never store more than the limit
    stored = truncateUtf8(stored, PUSH_MAX_BYTES);
    status = "invalid";
    error = "corps illisible (pas de l'UTF-8), tronqué";
  }

  const db = await getDb();
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(networkWebhookEvents)
      .values({ network, remoteIpHash: visitorHash(input.clientIp, "network-push"), headers, body: stored, status, error })
      .returning({ id: networkWebhookEvents.id });
    if (status === webhookEventStatus.is.received) await send(PUSH_PROCESS_QUEUE, { eventId: row.id }, { key: `event:${row.id}`, tx });
  });
  return text(200, "OK");
}

/** At most `maxBytes` of UTF-8, cut on a character boundary. */
function truncateUtf8(value: string, maxBytes: number): string {
  const buffer = Buffer.from(value, "utf8");
  if (buffer.length <= maxBytes) return value;
  let end = maxBytes;
  while (end > 0 && (buffer[end] & 0xc0) === 0x80) end--;
  return buffer.subarray(0, end).toString("utf8");
}

function pushLooksReadable(network: PushNetwork, payload: PushPayload): boolean {
  const candidate = pushText(network, payload);
  if (!candidate) return false;
  if (network === "awin") {
    try {
      const value: unknown = JSON.parse(candidate.slice("AwinTransactionPush=".length));
      return Boolean(value) && typeof value === "object" && !Array.isArray(value);
    } catch {
      return false;
    }
  }
  return true;
}

/* ------------------------------ processing ------------------------------ */

export interface PushProcessOptions {
  parse?: (network: NetworkName, text: string, options: { networkAccountId?: string }) => ParseResult;
  importRecords?: (input: ImportInput) => Promise<ImportResult>;
  /** credentials of the confirming pull (default: the environment); null: no confirmation job */
  credentials?: object | null;
  db?: Db;
}

const recordSummary = (r: NormalisedRecord) => ({
  recordId: r.recordId,
  conversionKey: r.conversionKey,
  networkAccountId: r.networkAccountId,
  networkProgramId: r.networkProgramId,
  clickId: r.clickId,
  commissionAmount: r.commissionAmount,
  currency: r.currency,
  status: r.status,
});

type StoredSummary = ReturnType<typeof recordSummary>;

/**
 * Parse a stored push, keep the records of programmes we have (others:
 * "ignored"), import them as a push, and queue the confirming pull. Runs
 * once per event: a processed event is left alone.
 */
export async function processPushEvent(eventId: number, options: PushProcessOptions = {}): Promise<"received" | "invalid" | "ignored" | "skipped"> {
  const db = options.db ?? (await getDb());
  const [event] = await db.select().from(networkWebhookEvents).where(eq(networkWebhookEvents.id, eventId)).limit(1);
  if (!event || event.status !== webhookEventStatus.is.received || event.processedAt || !isPushNetwork(event.network)) return "skipped";
  const network = event.network;
  const finish = async (status: "invalid" | "ignored" | "received", values: { error?: string | null; parsed?: unknown } = {}) => {
    await db
      .update(networkWebhookEvents)
      .set({ status: webhookEventStatus.transition(event.status, status), error: values.error ?? null, parsed: values.parsed ?? null, processedAt: new Date() })
      .where(eq(networkWebhookEvents.id, eventId));
    return status;
  };
  const method = event.headers[":method"] ?? "POST";
  const payload: PushPayload = method === "GET" ? { method, query: event.body, body: "" } : { method, query: event.headers[":query"] ?? "", body: event.body };
  const candidate = pushText(network, payload);
  if (!candidate) return finish("invalid", { error: "aucune donnée de conversion lisible" });
  let parsed: ParseResult;
  try {
    parsed = (options.parse ?? parsePush)(network, candidate, {});
  } catch (error) {
    return finish("invalid", { error: `illisible : ${String((error as Error)?.message ?? error).slice(0, 500)}` });
  }
  if (!parsed.records.length) {
    return finish("invalid", { error: parsed.rejected.map((r) => `${r.at} : ${r.message}`).join(" ; ").slice(0, 2000) || "aucun enregistrement" });
  }
  // unknown advertiser (or another publisher's account): ignored, never imported
  const known: NormalisedRecord[] = [];
  for (const record of parsed.records) {
    if (!record.networkProgramId) continue;
    const { rows } = (await db.execute(
      sql`select network_account_id as account from affiliate_programs
          where network = ${network} and network_program_id = ${record.networkProgramId}
            and (${record.networkAccountId || null}::text is null or network_account_id = ${record.networkAccountId || null}::text)
          limit 1`,
    )) as unknown as { rows: Array<{ account: string }> };
    if (rows[0]) known.push(record.networkAccountId ? record : { ...record, networkAccountId: rows[0].account });
  }
  if (!known.length) return finish("ignored", { error: "programme inconnu", parsed: { records: parsed.records.map(recordSummary) } });

  const [fetchRow] = await db
    .insert(networkFetches)
    .values({ network, networkAccountId: known[0].networkAccountId, job: "push", actor: "system", rows: parsed.records.length + parsed.rejected.length })
    .returning({ id: networkFetches.id });
  let result: ImportResult;
  try {
    result = await (options.importRecords ?? importRecordsContract)({ records: known, source: "push", fetchId: fetchRow.id, actor: "system" });
  } catch (error) {
    // the event stays unprocessed: the job retries it (the import is idempotent)
    await db
      .update(networkFetches)
      .set({ error: `import impossible : ${String((error as Error)?.message ?? error)}`.slice(0, 2000), finishedAt: new Date() })
      .where(eq(networkFetches.id, fetchRow.id));
    throw error;
  }
  await db
    .update(networkFetches)
    .set({
      inserted: result.inserted,
      updated: result.updated,
      unchanged: result.unchanged,
      rejected: parsed.rejected.length + result.rejected.length + (parsed.records.length - known.length),
      finishedAt: new Date(),
    })
    .where(eq(networkFetches.id, fetchRow.id));
  await finish("received", { parsed: { records: known.map(recordSummary) } });

  const credentials = options.credentials === undefined ? pullCredentialsFromEnv(network) : options.credentials;
  if (credentials) {
    if (network === "awin") {
      await send(AWIN_CONFIRM_QUEUE, {}, { key: "awin.push.confirm", runAt: new Date(Date.now() + AWIN_CONFIRM_DELAY_MS) });
    } else {
      await send(NETWORK_PULL_QUEUE, { network: "kwanko", plan: "kwanko.pull.recent" }, { key: "kwanko.push.confirm", runAt: new Date(Date.now() + KWANKO_CONFIRM_DELAY_MS) });
    }
  }
  return "received";
}

/**
 * Confirm processed Awin pushes with `GET ?ids=` (one call per publisher for
 * every pending push, ≤ 500 at a time): the returned transactions are
 * imported as a pull, and an event whose ids all came back is "confirmed".
 */
export async function confirmAwinPushes(
  options: PullOptions & { credentials?: PullCredentials["awin"] | null } = {},
): Promise<{ confirmed: number; pending: number }> {
  const credentials = options.credentials === undefined ? pullCredentialsFromEnv("awin") : options.credentials;
  if (!credentials) return { confirmed: 0, pending: 0 };
  const db = options.db ?? (await getDb());
  const events = await db
    .select({ id: networkWebhookEvents.id, parsed: networkWebhookEvents.parsed })
    .from(networkWebhookEvents)
    .where(
      and(
        eq(networkWebhookEvents.network, "awin"),
        eq(networkWebhookEvents.status, webhookEventStatus.is.received),
        isNotNull(networkWebhookEvents.processedAt),
        // a push the pulls have not confirmed within 7 days is left alone (ADR 037 §Statuses)
        gt(networkWebhookEvents.receivedAt, sql`now() - interval '7 days'`),
      ),
    )
    .orderBy(asc(networkWebhookEvents.id))
    .limit(500);
  const byPublisher = new Map<string, Set<string>>();
  for (const event of events) {
    for (const r of ((event.parsed as { records?: StoredSummary[] } | null)?.records ?? [])) {
      if (!r.networkAccountId) continue;
      const ids = byPublisher.get(r.networkAccountId) ?? new Set<string>();
      ids.add(r.recordId);
      byPublisher.set(r.networkAccountId, ids);
    }
  }
  const { credentials: _c, ...pullOptions } = options;
  void _c;
  const confirmed = new Set<string>();
  for (const [publisherId, ids] of byPublisher) {
    const summary = await confirmAwinTransactions(credentials, { publisherId, ids: [...ids] }, pullOptions);
    for (const id of summary.recordIds) confirmed.add(`${publisherId}:${id}`);
  }
  const done = events
    .filter((event) => {
      const records = (event.parsed as { records?: StoredSummary[] } | null)?.records ?? [];
      return records.length > 0 && records.every((r) => confirmed.has(`${r.networkAccountId}:${r.recordId}`));
    })
    .map((event) => event.id);
  if (done.length) await db.update(networkWebhookEvents).set({ status: webhookEventStatus.transition(webhookEventStatus.is.received, webhookEventStatus.is.confirmed) }).where(inArray(networkWebhookEvents.id, done));
  return { confirmed: done.length, pending: events.length - done.length };
}

/** Awin confirmation again later while some recent pushes are not in its answers yet. */
const AWIN_CONFIRM_RETRY_MS = 15 * 60_000;

export const processPushJob: JobHandler = async (job) => {
  const eventId = Number(job.payload.eventId);
  if (!Number.isSafeInteger(eventId)) throw new Error("network.push.process : eventId manquant");
  const status = await processPushEvent(eventId);
  logger.info({ eventId, status }, "network push processed");
};

export const awinConfirmJob: JobHandler = async (_job, context) => {
  const { confirmed, pending } = await confirmAwinPushes({ signal: context.signal });
  logger.info({ confirmed, pending }, "awin pushes confirmed");
  // this job is still pending while it runs: the follow-up takes a key of its own
  if (pending) await send(AWIN_CONFIRM_QUEUE, {}, { key: "awin.push.confirm:later", runAt: new Date(Date.now() + AWIN_CONFIRM_RETRY_MS) });
};
