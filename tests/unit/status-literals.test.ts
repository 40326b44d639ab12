/**
 * Typed states (issue #36 item 4, ADR 045): outside its machine's file, no
 * code compares a covered status column with a string literal; it reads the
 * machine (`payoutStatus.is.sent`, `canMove`, `final`, …). The source is read
 * as text, like the layers test. The columns not migrated yet are listed in
 * NOT_COVERED_YET, in one place.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { StateMachine } from "#app/lib/state-machine";
import { claimStatus } from "#db/states/claim-status";
import { commentStatus } from "#db/states/comment-status";
import { contactStatus } from "#db/states/contact-status";
import { dealStatus } from "#db/states/deal-status";
import { appealStatus, noticeStatus, reportStatus } from "#db/states/moderation-status";
import { memberCashbackStatus } from "#db/states/member-cashback-status";
import { newsletterStatus } from "#db/states/newsletter-status";
import { programStatus } from "#db/states/program-status";
import { referralRewardStatus } from "#db/states/referral-status";
import { webhookEventStatus } from "#db/states/webhook-event-status";
import { payoutBatchStatus, payoutStatus } from "#db/states/payout-status";
import { conversionReviewStatus, conversionStatus } from "#db/states/conversion-status";

const root = path.resolve(import.meta.dirname, "../..");

interface Covered {
  column: string;
  machine: StateMachine<string>;
  /** the one file allowed to spell its states */
  file: string;
  /** a file that touches this column: its literals there mean this machine */
  touches: RegExp;
}

const PAYOUT_FILES = /payouts?\.(status|schema|server)|payoutStatus|payoutBatch|PayoutView|FinancePayoutRow|payout-status/;
const CLAIM_FILES = /cashbackClaims|claims?\.(schema|server)|claimStatus|MemberClaimView|claim-(status|rules|lifecycle)|CLAIM_/;
const DEAL_FILES = /crevardeDeals|dealStatus|DEAL_|deal-rules|deals?\.(server|schema)|posting\.server|deal\.status/;

const CONVERSION_FILES = /\bconversions\b|conversionStatus|conversionReviewStatus|ConversionStatus|ConversionReviewStatus|reviewStatus|review_status|STATUS_RANK/;

const COVERED: Covered[] = [
  { column: "payouts.status", machine: payoutStatus, file: "db/states/payout-status.ts", touches: PAYOUT_FILES },
  { column: "payout_batches.status", machine: payoutBatchStatus, file: "db/states/payout-status.ts", touches: PAYOUT_FILES },
  { column: "cashback_claims.status", machine: claimStatus, file: "db/states/claim-status.ts", touches: CLAIM_FILES },
  { column: "crevarde_deals.status", machine: dealStatus, file: "db/states/deal-status.ts", touches: DEAL_FILES },
  { column: "newsletter_subscribers.status", machine: newsletterStatus, file: "db/states/newsletter-status.ts", touches: /newsletterSubscribers|newsletterStatus|newsletter\.server|findSubscriberByToken/ },
  { column: "network_webhook_events.status", machine: webhookEventStatus, file: "db/states/webhook-event-status.ts", touches: /networkWebhookEvents|webhookEventStatus|push\.server|processPushEvent/ },
  { column: "affiliate_programs.status", machine: programStatus, file: "db/states/program-status.ts", touches: /affiliatePrograms|programStatus|programs\.(schema|server)|ProgramStatus|affiliate_programs/ },
  { column: "content_reports.status", machine: reportStatus, file: "db/states/moderation-status.ts", touches: /contentReports|reportStatus|closeReportsIn|dismissReports/ },
  { column: "deal_appeals.status", machine: appealStatus, file: "db/states/moderation-status.ts", touches: /dealAppeals|appealStatus|appeals\.server|decideAppeal|appealsOf/ },
  { column: "content_notices.status", machine: noticeStatus, file: "db/states/moderation-status.ts", touches: /contentNotices|noticeStatus|notices\.server/ },
  { column: "referral_rewards.status", machine: referralRewardStatus, file: "db/states/referral-status.ts", touches: /referralRewards|referralRewardStatus|ReferralRewardStatus|referral_rewards|referralTotals/ },
  { column: "member_cashbacks.status", machine: memberCashbackStatus, file: "db/states/member-cashback-status.ts", touches: /memberCashbacks|memberCashbackStatus|MemberCashbackStatus|member_cashbacks|sync-member-cashback|statuses"|onMemberCashbackChanged/ },
  { column: "deal_comments.status", machine: commentStatus, file: "db/states/comment-status.ts", touches: /dealComments|commentStatus|CommentStatus|deal-comments(\.server)?"|deal_comments|COMMENT_LOOK/ },
  { column: "conversions.status", machine: conversionStatus, file: "db/states/conversion-status.ts", touches: CONVERSION_FILES },
  { column: "conversions.review_status", machine: conversionReviewStatus, file: "db/states/conversion-status.ts", touches: CONVERSION_FILES },
  { column: "contact_messages.status", machine: contactStatus, file: "db/states/contact-status.ts", touches: /contactMessages|contactStatus|contact\.(schema|server)|ContactStatus/ },
];

/** Status columns whose states are still plain strings, each to become a machine in db/states/. */
const NOT_COVERED_YET = [] as const;

/**
 * A comparison the reader sees in a file that touches a covered column, but
 * of something else whose values share a name: the exact text, and whose.
 */
const OTHER_VALUES: { file: string; found: string; of: "DealDecision" | "ProgramBoostState" | "CashbackEmailKind" }[] = [
  { file: "app/modules/cashback/notifications.server.ts", found: 'kind === "validated"', of: "CashbackEmailKind" },
  { file: "app/routes/admin/programmes.tsx", found: 'p.boostState === "active"', of: "ProgramBoostState" },
  { file: "app/emails/deals.tsx", found: 'decision === "rejected"', of: "DealDecision" },
];

function sourceFiles(dir: string): string[] {
  const full = path.join(root, dir);
  return (fs.readdirSync(full, { recursive: true, encoding: "utf8" }) as string[])
    .filter((f) => /\.(ts|tsx)$/.test(f) && !/\.test\.(ts|tsx)$/.test(f))
    .map((f) => path.join(dir, f));
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The comparisons of `state` spelled as a literal: `=== "s"`, `eq(x, "s")`, `inArray(x, ["s"])`, `["s"].includes(`, `where: { status: "s" }`. */
function literalComparisons(text: string, state: string): string[] {
  const lit = `["'\`]${escape(state)}["'\`]`;
  const patterns = [
    new RegExp(`[\\w.?]*\\s*[!=]==\\s*${lit}`, "g"),
    new RegExp(`${lit}\\s*[!=]==`, "g"),
    new RegExp(`\\b(?:eq|ne)\\([^;()]*,\\s*${lit}\\s*\\)`, "g"),
    new RegExp(`\\b(?:inArray|notInArray)\\([^;()]*,\\s*\\[[^\\]]*${lit}`, "g"),
    new RegExp(`\\[[^\\[\\]]*${lit}[^\\[\\]]*\\](?:\\s*as\\s+[^)]*\\))?\\.includes\\(`, "g"),
    new RegExp(`where:\\s*\\{[^}]*\\bstatus:\\s*${lit}`, "g"),
    // raw SQL: status = 's', status <> 's', status in ('s', …)
    new RegExp(`\\bstatus\\s*(?:=|<>|!=)\\s*'${escape(state)}'`, "g"),
    new RegExp(`\\bstatus\\s+(?:not\\s+)?in\\s*\\([^)]*'${escape(state)}'`, "g"),
  ];
  return patterns.flatMap((p) => [...text.matchAll(p)].map((m) => m[0]));
}

describe("status literals (ADR 045)", () => {
  it("no covered status is compared with a string literal outside its machine's file", () => {
    const problems: string[] = [];
    for (const file of [...sourceFiles("app"), ...sourceFiles("db/schema")]) {
      const text = fs.readFileSync(path.join(root, file), "utf8");
      for (const covered of COVERED) {
        if (file === covered.file || !covered.touches.test(text)) continue;
        for (const state of covered.machine.states) {
          for (const found of literalComparisons(text, state)) {
            if (OTHER_VALUES.some((o) => o.file === file && o.found === found)) continue;
            problems.push(`${file}: ${covered.column} « ${found} » (use the « ${covered.machine.name} » machine of ${covered.file})`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it("each exception still matches a comparison in its file", () => {
    const stale = OTHER_VALUES.filter((o) => {
      const text = fs.readFileSync(path.join(root, o.file), "utf8");
      return !COVERED.some((c) => c.machine.states.some((s) => literalComparisons(text, s).includes(o.found)));
    });
    expect(stale).toEqual([]);
  });

  it("the reader finds each form of comparison", () => {
    const sample = [
      'if (row.status === "sent") {}',
      'if ("sent" !== row.status) {}',
      'db.select().from(payouts).where(eq(payouts.status, "sent"));',
      'where(inArray(payouts.status, ["approved", "sent"]));',
      '["sent", "failed"].includes(p.status);',
      '(["sent"] as readonly string[]).includes(p.status);',
      'db.query.payouts.findMany({ where: { userId, status: "sent" } });',
      "sql`select 1 from payouts p where p.status = 'sent'`;",
      "sql`select 1 from payouts where status not in ('failed', 'sent')`;",
    ].join("\n");
    expect(literalComparisons(sample, "sent")).toHaveLength(9);
    expect(literalComparisons('set({ status: "sent" }); label("sent"); x === "sentence"', "sent")).toEqual([]);
  });

  it("a column is covered or listed as not covered yet, never both", () => {
    const covered = COVERED.map((c) => c.column);
    expect(covered.filter((c) => (NOT_COVERED_YET as readonly string[]).includes(c))).toEqual([]);
    expect(new Set([...covered, ...NOT_COVERED_YET]).size).toBe(covered.length + NOT_COVERED_YET.length);
  });
});
