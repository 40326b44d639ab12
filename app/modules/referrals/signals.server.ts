import { createHmac } from "node:crypto";
import { subDays } from "date-fns/subDays";
import { aliasedTable, and, eq, gte, inArray, isNull, sql } from "drizzle-orm";
import { ACCOUNT_SIGNAL_KINDS } from "#db/constants-cashback";
import { accountSignals, payoutMethods, session, user } from "#db/schema";
import { getDb } from "#app/lib/db.server";
import { getEnv } from "#app/lib/env.server";
import { logger } from "#app/lib/logger.server";
import type { LedgerExecutor } from "#app/modules/ledger/ledger.server";
import { IPV6_SUBSCRIBER_PREFIX, truncateIp } from "#app/modules/privacy/ip.server";
import { NO_SELF_REFERRAL_SIGNALS, normalizedEmail, type SelfReferralSignals } from "./referrals";

/**
 * The signals that tie two accounts to one person (ADR 040): where an account
 * was used from — its IP network and its device cookie, stored as keyed hashes
 * in `account_signals` — its IBAN fingerprints and its address. Read when a
 * referral is bound, released, or when either member saves bank details.
 */

/** Two accounts on one IP network this close in time are held. */
const SHARED_NETWORK_WINDOW_DAYS = 30;

type SignalKind = (typeof ACCOUNT_SIGNAL_KINDS)[number];

/** A keyed hash (HMAC-SHA256, key derived from SESSION_SECRET): neither the network nor the cookie is stored in clear. */
function signalHash(kind: SignalKind, value: string): string {
  return createHmac("sha256", `account-signal:${kind}:${getEnv().SESSION_SECRET}`).update(value).digest("hex").slice(0, 32);
}

/** The hashed network of an IP: its /24 (IPv4) or /64 (IPv6); null for anything else. */
function networkHash(ip: string | null | undefined): string | null {
  const network = truncateIp(ip, IPV6_SUBSCRIBER_PREFIX);
  return network ? signalHash("ip_network", network) : null;
}

/**
 * Remember that the account was used from this network and this device (sign-up,
 * address verification, sign-in). Never fails the caller: a lost signal only
 * weakens a later check.
 */
export async function recordAccountSignals(userId: string, seen: { ip?: string | null; deviceId?: string | null }, now = new Date()) {
  const rows: { userId: string; kind: SignalKind; valueHash: string; firstSeenAt: Date; lastSeenAt: Date }[] = [];
  const network = networkHash(seen.ip);
  if (network) rows.push({ userId, kind: "ip_network", valueHash: network, firstSeenAt: now, lastSeenAt: now });
  if (seen.deviceId) rows.push({ userId, kind: "device", valueHash: signalHash("device", seen.deviceId), firstSeenAt: now, lastSeenAt: now });
  if (rows.length === 0) return;
  try {
    const db = await getDb();
    await db
      .insert(accountSignals)
      .values(rows)
      .onConflictDoUpdate({
        target: [accountSignals.userId, accountSignals.kind, accountSignals.valueHash],
        set: { lastSeenAt: sql`greatest(${accountSignals.lastSeenAt}, excluded.last_seen_at)` },
      });
  } catch (error) {
    logger.warn({ err: error }, "referral: account signals not recorded");
  }
}

/**
 * Whether this browser (its device cookie) signed in to, or created, the account of this address before
 * (issue #35 item 12, ADR 040): its failed sign-ins then count on a counter of their own, so an attacker's
 * failures lock the attacker out, not the owner's known browser.
 */
export async function knownDeviceOf(email: string, deviceId: string | null): Promise<string | null> {
  if (!deviceId) return null;
  const hash = signalHash("device", deviceId);
  const db = await getDb();
  const [row] = await db
    .select({ id: accountSignals.userId })
    .from(accountSignals)
    .innerJoin(user, eq(user.id, accountSignals.userId))
    .where(and(eq(user.email, email.toLowerCase()), eq(accountSignals.kind, "device"), eq(accountSignals.valueHash, hash)))
    .limit(1);
  return row ? hash : null;
}

interface Seen {
  hash: string;
  first: Date;
  last: Date;
}

/** The networks an account was seen on: its recorded signals, and its sessions' networks (IPv4 /24 kept by the sessions, ADR 008). */
async function networksOf(tx: LedgerExecutor, userId: string, since: Date): Promise<Seen[]> {
  const [signals, sessions] = await Promise.all([
    tx
      .select({ hash: accountSignals.valueHash, first: accountSignals.firstSeenAt, last: accountSignals.lastSeenAt })
      .from(accountSignals)
      .where(and(eq(accountSignals.userId, userId), eq(accountSignals.kind, "ip_network"), gte(accountSignals.lastSeenAt, since))),
    tx
      .select({ ip: session.ipAddress, first: session.createdAt, last: session.updatedAt })
      .from(session)
      // an admin acting as the member (impersonation) is not the member
      .where(and(eq(session.userId, userId), isNull(session.impersonatedBy), gte(session.updatedAt, since))),
  ]);
  const fromSessions = sessions.flatMap((s) => {
    // an IPv6 session keeps a /48 only: too coarse to stand for one line
    const hash = s.ip && !s.ip.includes(":") ? networkHash(s.ip) : null;
    return hash ? [{ hash, first: s.first, last: s.last }] : [];
  });
  return [...signals, ...fromSessions];
}

/** Two sightings of one network whose time spans come within the window of each other. */
function closeInTime(a: Seen, b: Seen): boolean {
  const window = SHARED_NETWORK_WINDOW_DAYS * 86_400_000;
  return a.hash === b.hash && a.first.getTime() - b.last.getTime() <= window && b.first.getTime() - a.last.getTime() <= window;
}

/**
 * What links the referrer's account and the friend's, read in `tx`. Networks are
 * the ones each side was seen on in the 30 days before `now` (older ones are purged).
 */
export async function selfReferralSignals(tx: LedgerExecutor, referrerId: string, refereeId: string, now = new Date()): Promise<SelfReferralSignals> {
  if (referrerId === refereeId) return { ...NO_SELF_REFERRAL_SIGNALS, sameAccount: true };
  const mine = aliasedTable(payoutMethods, "pm_referrer");
  const theirs = aliasedTable(payoutMethods, "pm_referee");
  const d1 = aliasedTable(accountSignals, "as_referrer");
  const d2 = aliasedTable(accountSignals, "as_referee");
  const since = subDays(now, SHARED_NETWORK_WINDOW_DAYS);
  const [iban, device, emails, networksA, networksB] = await Promise.all([
    // any IBAN either has ever entered, disabled ones too
    tx
      .select({ one: sql<number>`1` })
      .from(mine)
      .innerJoin(theirs, eq(mine.ibanFingerprint, theirs.ibanFingerprint))
      .where(and(eq(mine.userId, referrerId), eq(theirs.userId, refereeId)))
      .limit(1),
    tx
      .select({ one: sql<number>`1` })
      .from(d1)
      .innerJoin(d2, and(eq(d1.kind, d2.kind), eq(d1.valueHash, d2.valueHash)))
      .where(and(eq(d1.userId, referrerId), eq(d2.userId, refereeId), eq(d1.kind, "device")))
      .limit(1),
    tx.select({ id: user.id, email: user.email }).from(user).where(inArray(user.id, [referrerId, refereeId])),
    networksOf(tx, referrerId, since),
    networksOf(tx, refereeId, since),
  ]);
  const addresses = emails.map((e) => normalizedEmail(e.email));
  return {
    sameAccount: false,
    sharedIban: iban.length > 0,
    sharedDevice: device.length > 0,
    sharedNetwork: networksA.some((a) => networksB.some((b) => closeInTime(a, b))),
    sameAddress: addresses.length === 2 && addresses[0] === addresses[1],
  };
}
