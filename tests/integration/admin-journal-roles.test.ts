/**
 * Issue #37 item 5: each role reads its own journal on the dashboard. The entries of every kind
 * (AUDIT_ENTITY_PERMISSION, app/lib/permissions.ts) are written, newest last, and each role gets
 * the kinds its permissions cover: the editor the catalogue, finance the money, the moderator the
 * moderation; admins everything, an entry of a kind no table names included.
 */
import { beforeAll, expect, it } from "vitest";
import { AUDIT_ENTITY_PERMISSION, auditEntitiesFor, type AuditEntity } from "#app/lib/permissions";
import { loader as dashLoader } from "#app/routes/admin/dashboard";
import * as s from "#db/schema";
import { req, signedInUser, type SignedInUser } from "#tests/helpers/auth";
import { describeEachDb } from "#tests/helpers/db";
import { callRoute } from "#tests/helpers/route";

type Staff = "editor" | "finance" | "moderator" | "admin";

/** What each role must see, written out by hand: the test, not the table it checks. */
const EXPECTED: Record<Staff, string[]> = {
  editor: ["promo_code", "offer", "deal", "category", "brand", "content_block", "page", "blog_article", "help_article", "upload", "price_observations"],
  finance: [
    "conversion",
    "payout",
    "payout_batch",
    "cashback_claims",
    "cashback_claims_export",
    "affiliate_program",
    "program_rate",
    "network_payments",
    "network_push_secret",
    "ledger_accounts",
    "referral",
    "iban_share_override",
  ],
  moderator: ["crevarde_deals", "deal-expiry", "deal_appeals", "deal_comments", "content_reports", "content_notices", "user_block", "contact_messages"],
  admin: [...Object.keys(AUDIT_ENTITY_PERMISSION), "legacy_kind"],
};

describeEachDb("the dashboard journal, per role", ({ database }) => {
  const people = {} as Record<Staff, SignedInUser>;
  beforeAll(async () => {
    for (const role of ["editor", "finance", "moderator", "admin"] as const) people[role] = await signedInUser({ role });
    // one entry of each kind, plus a kind the table does not name (an entry older than it)
    const kinds = [...Object.keys(AUDIT_ENTITY_PERMISSION), "legacy_kind"];
    const start = Date.now() - kinds.length * 1000;
    await database()
      .db.insert(s.auditLog)
      .values(kinds.map((entity, i) => ({ actorId: null, actorEmail: "journal@test.local", action: "update" as const, entity, entityId: `id-${entity}`, at: new Date(start + i * 1000) })));
  });

  for (const role of ["editor", "finance", "moderator", "admin"] as const) {
    it(`${role} reads the entries of its own kinds only`, async () => {
      const page = await callRoute(dashLoader, req("/admin", { cookie: people[role].cookie }));
      expect(page.status).toBe(200);
      const seen = page.data.audit.map((a) => a.entity);
      // the latest 15 of the kinds the role may read, newest first
      const mine = [...Object.keys(AUDIT_ENTITY_PERMISSION), "legacy_kind"].filter((k) => EXPECTED[role].includes(k)).reverse().slice(0, 15);
      expect(seen).toEqual(mine);
      for (const entity of seen) expect(EXPECTED[role], entity).toContain(entity);
    });
  }

  it("no role but admin reads payouts, payout batches, claims or role changes", async () => {
    for (const role of ["editor", "moderator"] as const) {
      const page = await callRoute(dashLoader, req("/admin", { cookie: people[role].cookie }));
      const seen = new Set(page.data.audit.map((a) => a.entity));
      for (const kind of ["payout", "payout_batch", "cashback_claims", "user", "settings"]) expect(seen.has(kind), `${role} sees ${kind}`).toBe(false);
    }
  });

  it("every kind belongs to one permission, and the kinds of a role follow its grants", () => {
    for (const role of ["editor", "finance", "moderator"] as const) expect([...(auditEntitiesFor(role) ?? [])].sort()).toEqual([...EXPECTED[role]].sort());
    expect(auditEntitiesFor("admin")).toBeNull();
    expect(auditEntitiesFor("user")).toEqual([]);
    const all = Object.keys(AUDIT_ENTITY_PERMISSION) as AuditEntity[];
    expect(all.filter((k) => AUDIT_ENTITY_PERMISSION[k] === "users" || AUDIT_ENTITY_PERMISSION[k] === "settings").sort()).toEqual(["settings", "user"]);
  });
});
