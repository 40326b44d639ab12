/**
 * How long personal data is kept (ADR 008). The purge task applies these
 * durations and the privacy policy states them: one source for both.
 * Client-safe (the policy page renders them).
 */
export const RETENTION = {
  /** page views, click-outs and other audience events (CNIL: 25 months at most) */
  analyticsMonths: 13,
  /** purchase data (cashback), for accounting and disputes (spec: 3 years) */
  purchaseYears: 3,
  /** signed-in sessions, from the last sign-in or refresh (= the auth cookie) */
  sessionDays: 30,
  /** e-mails in the outbox (delivery log) */
  outboxDays: 30,
  /** a newsletter confirmation link stays valid this long */
  newsletterConfirmDays: 7,
  /** an unsubscribed address is kept as proof of consent and of its withdrawal, then erased */
  newsletterUnsubscribedMonths: 36,
  /** rate-limit counters: erased once their window (15 minutes at most) is over */
  rateLimitMinutes: 15,
  /** the address (IP and port) a member posted a deal or a comment from (décret 2021-1362: one year) */
  ugcConnectionLogDays: 365,
  /** the hashed IP network an account was used from (self-referral check, ADR 040), after it was last seen */
  accountNetworkDays: 30,
  /** the hashed device cookie an account was used from (self-referral check, ADR 040): the cookie's own lifetime */
  accountDeviceDays: 395,
  /** an uploaded image that nothing references any more is erased after this grace period */
  orphanUploadHours: 24,
} as const;

