import { and, eq, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import { beforeAll, expect, it } from "vitest";
import * as s from "#db/schema";
import { action as brandAction } from "#app/routes/admin/brands";
import { action as categoryAction } from "#app/routes/admin/categories";
import { action as contentAction } from "#app/routes/admin/content";
import { action as dealAction } from "#app/routes/admin/crevarde-deals";
import { action as offerAction } from "#app/routes/admin/offers";
import { action as pageAction } from "#app/routes/admin/pages";
import { action as promoAction } from "#app/routes/admin/promo-codes";
import { CONFLICT_MESSAGES } from "#app/modules/admin/conflict";
import { castDealVote } from "#app/modules/deals/deal-votes.server";
import { expireDueDeals } from "#app/modules/deals/posting.server";
import { deleteCategory } from "#app/modules/categories/categories-admin.server";
import { deleteUserAdmin, updateUserAdmin } from "#app/modules/users/users-admin.server";
import { action as userAction } from "#app/routes/admin/users";
import { req, signedInUser, type SignedInUser } from "#tests/helpers/auth";
import { describeEachDb } from "#tests/helpers/db";
import { callRoute } from "#tests/helpers/route";

/**
 * Issue #17, item 6: saving a row someone else changed after the form was
 * opened answers 409 with the current row, and writes nothing.
 */
/** The 409 answer of an admin save: the row as it is now, and its version (an answer the action's type does not show). */
const conflictOf = (out: { data: unknown }) => (out.data as { conflict?: { current: Record<string, unknown>; version: string } }).conflict;

describeEachDb("admin edit conflicts", ({ database }) => {
  let admin: SignedInUser;
  let brandId: string;
  beforeAll(async () => {
    admin = await signedInUser({ role: "admin", email: "conflicts@example.fr" });
    const [brand] = await database().db.insert(s.brands).values({ name: "Marque Conflit", slug: "marque-conflit" }).returning();
    brandId = brand.id;
  });
  const db = () => database().db;
  const save = <H>(action: H, path: string, form: Record<string, string>) => callRoute(action, req(path, { cookie: admin.cookie, form: { intent: "save", ...form } }));

  const entities = [
    { entity: "promo_code", path: "/admin/promo-codes", action: promoAction, table: s.promoCodes, field: "code", form: () => ({ brandId, code: "CONFLIT1", discountAmount: "10%" }) },
    { entity: "offer", path: "/admin/offers", action: offerAction, table: s.offers, field: "name", form: () => ({ brandId, name: "Offre conflit", regularPrice: "10,00€" }) },
    {
      entity: "deal",
      path: "/admin/crevarde-deals",
      action: dealAction,
      table: s.crevardeDeals,
      field: "title",
      form: () => ({ title: "Deal conflit", description: "Un deal", price: "9,99€", badgeText: "Hot", badgeType: "hot", source: "temu", ctaText: "Voir le deal", url: "https://deal.example/" }),
    },
    { entity: "brand", path: "/admin/brands", action: brandAction, table: s.brands, field: "name", form: () => ({ name: "Marque B conflit", slug: "marque-b-conflit" }) },
    { entity: "category", path: "/admin/categories", action: categoryAction, table: s.categories, field: "name", form: () => ({ name: "Catégorie conflit", slug: "categorie-conflit" }) },
    { entity: "page", path: "/admin/pages", action: pageAction, table: s.pages, field: "title", form: () => ({ title: "Page conflit", slug: "page-conflit", content: "<p>Contenu</p>" }) },
    { entity: "content_block", path: "/admin/content", action: contentAction, table: s.contentBlocks, field: "title", form: () => ({ page: "home", name: "conflict-block", title: "Bloc conflit", content: "Texte", type: "text", position: "1" }) },
  ] as const;

  for (const e of entities) {
    it(`${e.entity}: a fresh version saves with its audit entry; a stale one answers 409 with the current row and writes nothing; « Écraser » saves`, async () => {
      // the tables differ, but each has an id, an updatedAt and the edited text field
      const table = e.table as unknown as PgTable & Record<string, AnyPgColumn>;
      const rowsWhere = async (where: SQL | undefined) => (await db().select().from(table).where(where)) as Array<Record<string, unknown> & { id: string; updatedAt: Date }>;
      const base = e.form() as Record<string, string>;
      const created = await save(e.action, e.path, base);
      expect(created.data.ok, JSON.stringify(created.data.toast)).toBe(true);
      const [opened] = await rowsWhere(eq(table[e.field], base[e.field]));
      const openedVersion = (opened.updatedAt as Date).toISOString();
      const audits = () => db().$count(s.auditLog, and(eq(s.auditLog.entity, e.entity), eq(s.auditLog.entityId, opened.id)));
      expect(await audits()).toBe(1); // the create

      // the first admin saves with the version their form was opened with
      const first = await save(e.action, e.path, { ...base, id: opened.id, version: openedVersion, [e.field]: `${base[e.field]} A` });
      expect(first.status).toBe(200);
      expect(first.data.ok).toBe(true);
      const [afterFirst] = await rowsWhere(eq(table.id, opened.id));
      expect(afterFirst[e.field]).toBe(`${base[e.field]} A`);
      expect((afterFirst.updatedAt as Date).getTime()).toBeGreaterThan((opened.updatedAt as Date).getTime());
      expect(await audits()).toBe(2);
      const [entry] = await db()
        .select()
        .from(s.auditLog)
        .where(and(eq(s.auditLog.entityId, opened.id), eq(s.auditLog.action, "update")));
      expect(entry).toMatchObject({ actorEmail: "conflicts@example.fr", entity: e.entity });
      expect((entry.before as Record<string, unknown>)[e.field]).toBe(base[e.field]);
      expect((entry.after as Record<string, unknown>)[e.field]).toBe(`${base[e.field]} A`);

      // the second admin opened the same row before: their save is refused with the current row
      const second = await save(e.action, e.path, { ...base, id: opened.id, version: openedVersion, [e.field]: `${base[e.field]} B` });
      expect(second.status).toBe(409);
      expect(second.data).toMatchObject({ ok: false, intent: "save", toast: null });
      expect(CONFLICT_MESSAGES.title).toBe("Cet élément a été modifié par quelqu'un d'autre");
      expect(conflictOf(second)?.current).toMatchObject({ id: opened.id, [e.field]: `${base[e.field]} A` });
      expect(conflictOf(second)?.current.search).toBeUndefined();
      expect(conflictOf(second)?.version).toBe((afterFirst.updatedAt as Date).toISOString());
      const [kept] = await rowsWhere(eq(table.id, opened.id));
      expect(kept[e.field]).toBe(`${base[e.field]} A`);
      expect((kept.updatedAt as Date).getTime()).toBe((afterFirst.updatedAt as Date).getTime());
      expect(await audits()).toBe(2);

      // « Écraser avec ma version »: the same form posts `overwrite` with their version
      const overwrite = await save(e.action, e.path, { ...base, id: opened.id, version: openedVersion, overwrite: String(conflictOf(second)?.version), [e.field]: `${base[e.field]} B` });
      expect(overwrite.data.ok).toBe(true);
      const [final] = await rowsWhere(eq(table.id, opened.id));
      expect(final[e.field]).toBe(`${base[e.field]} B`);
      expect(await audits()).toBe(3);

      // an update without a version is refused in French, never a silent overwrite
      const blind = await save(e.action, e.path, { ...base, id: opened.id, [e.field]: `${base[e.field]} C` });
      expect(blind.status).toBe(400);
      expect(blind.data.toast?.description).toBe(CONFLICT_MESSAGES.missingVersion);
      expect((await rowsWhere(eq(table.id, opened.id)))[0][e.field]).toBe(`${base[e.field]} B`);

      // a row deleted meanwhile is still « n'existe plus » (404), not a conflict
      await db().delete(table).where(eq(table.id, opened.id));
      const gone = await save(e.action, e.path, { ...base, id: opened.id, version: openedVersion });
      expect(gone.status).toBe(404);
    });
  }

  it("members' votes and the expiry job are no edits: a deal form opened before them saves", async () => {
    const created = await save(dealAction, "/admin/crevarde-deals", {
      title: "Deal voté conflit",
      description: "Un deal",
      price: "9,99€",
      badgeText: "Hot",
      badgeType: "hot",
      source: "temu",
      ctaText: "Voir le deal",
      url: "https://deal.example/vote",
      expiresAt: "",
    });
    expect(created.data.ok).toBe(true);
    const [opened] = await db().select().from(s.crevardeDeals).where(eq(s.crevardeDeals.title, "Deal voté conflit"));
    const voter = await signedInUser({ role: "user", email: "votant-conflit@example.fr" });
    await castDealVote({ userId: voter.id, dealId: opened.id, choice: "hot", visitorHash: null });
    await db().update(s.crevardeDeals).set({ expiresAt: new Date(Date.now() - 60_000), updatedAt: opened.updatedAt }).where(eq(s.crevardeDeals.id, opened.id));
    expect(await expireDueDeals()).toBeGreaterThanOrEqual(1);
    const [voted] = await db().select().from(s.crevardeDeals).where(eq(s.crevardeDeals.id, opened.id));
    expect(voted.temperature).toBeGreaterThan(opened.temperature);
    expect(voted.expiredAt).not.toBeNull();
    expect(voted.updatedAt.getTime()).toBe(opened.updatedAt.getTime());
    const out = await save(dealAction, "/admin/crevarde-deals", {
      id: opened.id,
      version: opened.updatedAt.toISOString(),
      title: "Deal voté conflit, corrigé",
      description: "Un deal",
      price: "9,99€",
      badgeText: "Hot",
      badgeType: "hot",
      source: "temu",
      ctaText: "Voir le deal",
      url: "https://deal.example/vote",
    });
    expect(out.status, JSON.stringify(out.data)).toBe(200);
    expect(out.data.ok).toBe(true);
  });

  it("a row's delete and its audit entry are one transaction: when the entry cannot be written, the row stays", async () => {
    const [row] = await db().insert(s.categories).values({ name: "Catégorie à garder", slug: "categorie-a-garder" }).returning();
    await expect(deleteCategory(row.id, { id: admin.id, email: null as unknown as string })).rejects.toThrow();
    expect(await db().$count(s.categories, eq(s.categories.id, row.id))).toBe(1);
    const out = await callRoute(categoryAction, req("/admin/categories", { cookie: admin.cookie, form: { intent: "delete", id: row.id } }));
    expect(out.data).toMatchObject({ ok: true, toast: { title: "Catégorie supprimée avec succès" } });
    expect(await db().$count(s.categories, eq(s.categories.id, row.id))).toBe(0);
    const [entry] = await db().select().from(s.auditLog).where(and(eq(s.auditLog.entityId, row.id), eq(s.auditLog.action, "delete")));
    expect(entry).toMatchObject({ entity: "category", actorEmail: "conflicts@example.fr", after: null });
    expect((entry.before as Record<string, unknown>).name).toBe("Catégorie à garder");
    const again = await callRoute(categoryAction, req("/admin/categories", { cookie: admin.cookie, form: { intent: "delete", id: row.id } }));
    expect(again.status).toBe(404);
  });

  it("an account's role change and deletion are written with their audit entries, in one transaction", async () => {
    const member = await signedInUser({ role: "user", email: "compte-audite@example.fr" });
    const broken = { id: admin.id, email: null as unknown as string };
    await expect(updateUserAdmin({ id: member.id, role: "editor", username: null }, broken)).rejects.toThrow();
    expect((await db().select().from(s.user).where(eq(s.user.id, member.id)))[0].role).toBe("user");
    await expect(deleteUserAdmin(member.id, broken)).rejects.toThrow();
    expect(await db().$count(s.user, eq(s.user.id, member.id))).toBe(1);

    const promoted = await callRoute(userAction, req("/admin/users", { cookie: admin.cookie, form: { intent: "save", id: member.id, role: "editor" } }));
    expect(promoted.data.ok).toBe(true);
    const [entry] = await db().select().from(s.auditLog).where(and(eq(s.auditLog.entityId, member.id), eq(s.auditLog.action, "update")));
    expect(entry).toMatchObject({ entity: "user", actorEmail: "conflicts@example.fr" });
    expect([(entry.before as Record<string, unknown>).role, (entry.after as Record<string, unknown>).role]).toEqual(["user", "editor"]);
    const deleted = await callRoute(userAction, req("/admin/users", { cookie: admin.cookie, form: { intent: "delete", id: member.id } }));
    expect(deleted.data.ok).toBe(true);
    // the member's own erasure (ADR 008): the deletion is on record without the member, the earlier entry about
    // them loses its snapshots, and the member is told
    expect(await db().$count(s.auditLog, eq(s.auditLog.entityId, member.id))).toBe(0);
    const deletions = await db().select().from(s.auditLog).where(and(eq(s.auditLog.entity, "user"), eq(s.auditLog.action, "delete"), eq(s.auditLog.actorEmail, "conflicts@example.fr")));
    expect(deletions.map((d) => [d.entityId, d.before, d.after])).toEqual([[null, null, null]]);
    expect((await db().select().from(s.auditLog).where(eq(s.auditLog.id, entry.id)))[0]).toMatchObject({ entityId: null, before: null, after: null });
    expect(await db().$count(s.emailOutbox, and(eq(s.emailOutbox.to, "compte-audite@example.fr"), eq(s.emailOutbox.kind, "account-deleted")))).toBe(1);
  });

  it("bulk actions move updated_at on: a form opened before them conflicts", async () => {
    const created = await save(promoAction, "/admin/promo-codes", { brandId, code: "BULKCONFLIT", discountAmount: "5%" });
    expect(created.data.ok).toBe(true);
    const [opened] = await db().select().from(s.promoCodes).where(eq(s.promoCodes.code, "BULKCONFLIT"));
    const bulk = await callRoute(promoAction, req("/admin/promo-codes", { cookie: admin.cookie, form: { intent: "bulk-feature", ids: opened.id } }));
    expect(bulk.data.ok).toBe(true);
    const out = await save(promoAction, "/admin/promo-codes", { id: opened.id, version: opened.updatedAt.toISOString(), brandId, code: "BULKCONFLIT", discountAmount: "50%" });
    expect(out.status).toBe(409);
    expect(conflictOf(out)?.current.isFeatured).toBe(true);
  });
});
