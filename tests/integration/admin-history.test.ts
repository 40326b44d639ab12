/**
 * Issue #37 item 2 (ADR 044): every back-office write keeps the row before and after in its audit
 * entry, in the write's transaction; /admin/historique reads them as French sentences with a
 * field-by-field diff, filtered and paged per role; « Restaurer cette version » writes the old
 * values as a new audited version, refused in French (409) on a conflict or a taken key; deletes,
 * single or bulk, go to a bin restorable for 30 days, then the daily job purges them.
 */
import { and, eq, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import { beforeAll, expect, it } from "vitest";
import * as s from "#db/schema";
import { action as brandAction } from "#app/routes/admin/brands";
import { action as categoryAction } from "#app/routes/admin/categories";
import { action as dealAction } from "#app/routes/admin/crevarde-deals";
import { action as historyAction, loader as historyLoader } from "#app/routes/admin/historique";
import { loader as dashLoader } from "#app/routes/admin/dashboard";
import { action as offerAction } from "#app/routes/admin/offers";
import { action as pageAction } from "#app/routes/admin/pages";
import { action as blogAction } from "#app/routes/admin/blog";
import { action as promoAction } from "#app/routes/admin/promo-codes";
import { loader as slugLoader } from "#app/routes/page.$slug";
import { saveAuditedIn } from "#app/modules/admin/versioned.server";
import { purgeBin } from "#app/modules/admin/bin.server";
import { VERSION_CONFLICT, VERSION_KEY_TAKEN } from "#app/modules/admin/history.server";
import { getBrand } from "#app/modules/brands/brands.server";
import { listMemberCodes } from "#app/modules/promo-codes/promo-codes.server";
import { getDb } from "#app/lib/db.server";
import { jobHandlers, jobSchedules } from "#app/composition/job-registry.server";
import { TEST_ORIGIN, req, signedInUser, type SignedInUser } from "#tests/helpers/auth";
import { describeEachDb } from "#tests/helpers/db";
import { callRoute } from "#tests/helpers/route";

type Staff = SignedInUser;
type Row = Record<string, unknown> & { id: string; updatedAt: Date };

/** A signed-in viewer of the codes list: their codes are whole (a null viewer gets them masked, ADR 048). */
const MEMBER = "membre-lecteur";

describeEachDb("history with restore, and the bin (issue #37 item 2)", ({ database }) => {
  let camille: Staff;
  let editor: Staff;
  let finance: Staff;
  let brandId: string;
  const db = () => database().db;
  const post = <H>(action: H, path: string, form: Record<string, string>, who: Staff = camille) => callRoute(action, req(path, { cookie: who.cookie, form }));
  const history = (query = "", who: Staff = camille) => callRoute(historyLoader, req(`/admin/historique${query}`, { cookie: who.cookie }));
  const restore = (intent: "restore-version" | "restore-bin", id: string, who: Staff = camille) => post(historyAction, "/admin/historique", { intent, id }, who);
  const deleteEntry = async (entityId: string) => {
    const [entry] = await db()
      .select()
      .from(s.auditLog)
      .where(and(eq(s.auditLog.entityId, entityId), eq(s.auditLog.action, "delete")));
    return entry;
  };
  const binOf = async (entityId: string) => (await db().select().from(s.binnedRecords).where(eq(s.binnedRecords.entityId, entityId)))[0];
  const updateOf = async (entityId: string) =>
    (
      await db()
        .select()
        .from(s.auditLog)
        .where(and(eq(s.auditLog.entityId, entityId), eq(s.auditLog.action, "update")))
    ).sort((a, b) => b.at.getTime() - a.at.getTime())[0];

  beforeAll(async () => {
    camille = await signedInUser({ role: "admin", email: "camille-historique@example.fr", username: "Camille" });
    editor = await signedInUser({ role: "editor", email: "editeur-historique@example.fr", username: "Eden" });
    finance = await signedInUser({ role: "finance", email: "finance-historique@example.fr", username: "Fanny" });
    const [brand] = await db().insert(s.brands).values({ name: "Nuxe Historique", slug: "nuxe-historique" }).returning();
    brandId = brand.id;
  });

  /** The catalogue kinds and the blog's articles, each created, changed, restored and deleted through its own admin screen. */
  const entities = [
    { entity: "promo_code", path: "/admin/promo-codes", action: promoAction, table: s.promoCodes, field: "code", form: () => ({ brandId, code: "HISTO20", discountAmount: "20%" }), label: (v: string) => `le code promo ${v} (Nuxe Historique)` },
    { entity: "offer", path: "/admin/offers", action: offerAction, table: s.offers, field: "name", form: () => ({ brandId, name: "Offre historique", regularPrice: "10,00€" }), label: (v: string) => `l'offre « ${v} » (Nuxe Historique)` },
    {
      entity: "deal",
      path: "/admin/crevarde-deals",
      action: dealAction,
      table: s.crevardeDeals,
      field: "title",
      form: () => ({ title: "Deal historique", description: "Un deal", price: "9,99€", badgeText: "Hot", badgeType: "hot", source: "temu", ctaText: "Voir le deal", url: "https://deal.example/historique" }),
      label: (v: string) => `le deal « ${v} »`,
    },
    { entity: "brand", path: "/admin/brands", action: brandAction, table: s.brands, field: "name", form: () => ({ name: "Marque historique", slug: "marque-historique" }), label: (v: string) => `la marque ${v}` },
    { entity: "category", path: "/admin/categories", action: categoryAction, table: s.categories, field: "name", form: () => ({ name: "Catégorie historique", slug: "categorie-historique" }), label: (v: string) => `la catégorie ${v}` },
    { entity: "page", path: "/admin/pages", action: pageAction, table: s.pages, field: "title", form: () => ({ title: "Page historique", slug: "page-historique", content: "<p>Contenu</p>" }), label: (v: string) => `la page « ${v} »` },
    {
      entity: "blog_article",
      path: "/admin/blog",
      action: blogAction,
      table: s.blogArticles,
      field: "title",
      form: () => ({ slug: "article-historique", title: "Article historique", category: "Conseils", author: "Léa", excerpt: "Un extrait.", imageUrl: "/uploads/cover-test.webp", body: "<p>Corps</p>", status: "draft" }),
      label: (v: string) => `l'article « ${v} »`,
    },
  ] as const;

  for (const e of entities) {
    it(`${e.entity}: before/after in the audit entry, the French sentence and diff, « Restaurer cette version », the bin and « Restaurer »`, async () => {
      const table = e.table as unknown as PgTable & Record<string, AnyPgColumn>;
      const rowsWhere = async (where: SQL | undefined) => (await db().select().from(table).where(where)) as Row[];
      const base = e.form() as Record<string, string>;
      const original = base[e.field];
      const changed = `${original} bis`;
      expect((await post(e.action, e.path, { intent: "save", ...base })).data.ok).toBe(true);
      const [created] = await rowsWhere(eq(table[e.field], original));
      const saved = await post(e.action, e.path, { intent: "save", ...base, id: created.id, version: created.updatedAt.toISOString(), [e.field]: changed });
      expect(saved.data.ok, JSON.stringify(saved.data.toast)).toBe(true);

      // the update's entry keeps the row before and after
      const update = await updateOf(created.id);
      expect((update.before as Record<string, unknown>)[e.field]).toBe(original);
      expect((update.after as Record<string, unknown>)[e.field]).toBe(changed);

      // /admin/historique: « Camille a modifié … », with the field old → new
      const page = await history(`?type=${e.entity}`);
      expect(page.status).toBe(200);
      const entry = page.data.history!.rows.find((r) => r.id === update.id)!;
      expect(entry.sentence).toBe(`Camille a modifié ${e.label(changed)}`);
      expect(entry.changes).toContainEqual(expect.objectContaining({ field: e.field, before: original, after: changed }));
      expect(entry.changes.map((c) => c.field)).not.toContain("updatedAt");
      expect(entry.restorable).toBe(true);

      // « Restaurer cette version »: the old values, as a new audited version
      const back = await restore("restore-version", update.id);
      expect(back.status, JSON.stringify(back.data)).toBe(200);
      expect(back.data.toast?.title).toBe("Version restaurée");
      const [restored] = await rowsWhere(eq(table.id, created.id));
      expect(restored[e.field]).toBe(original);
      expect(restored.updatedAt.getTime()).toBeGreaterThan(created.updatedAt.getTime());
      const newest = await updateOf(created.id);
      expect(newest.id).not.toBe(update.id);
      expect(newest).toMatchObject({ actorEmail: camille.email });
      expect((newest.after as Record<string, unknown>)[e.field]).toBe(original);

      // the same version again: the row changed since (the restore itself), refused in French
      const again = await restore("restore-version", update.id);
      expect(again.status).toBe(409);
      expect(again.data.toast?.description).toBe(VERSION_CONFLICT);

      // delete: the row leaves its table, its entry keeps it, the bin holds it
      const deleted = await post(e.action, e.path, { intent: "delete", id: created.id });
      expect(deleted.data.ok).toBe(true);
      expect(await rowsWhere(eq(table.id, created.id))).toEqual([]);
      const binned = await binOf(created.id);
      expect(binned).toMatchObject({ entity: e.entity, auditId: (await deleteEntry(created.id)).id });
      const bin = await history("?onglet=corbeille");
      expect(bin.data.binned!.rows.find((b) => b.id === binned.id)?.sentence).toBe(`Camille a supprimé ${e.label(original)}`);

      // « Restaurer »: the same row, same id, a new version, and a restore entry
      const undone = await restore("restore-bin", binned.id);
      expect(undone.status, JSON.stringify(undone.data)).toBe(200);
      const [returned] = await rowsWhere(eq(table.id, created.id));
      expect(returned[e.field]).toBe(original);
      expect(await binOf(created.id)).toBeUndefined();
      const [restoreEntry] = await db()
        .select()
        .from(s.auditLog)
        .where(and(eq(s.auditLog.entityId, created.id), eq(s.auditLog.action, "restore")));
      expect(restoreEntry).toMatchObject({ entity: e.entity, actorEmail: camille.email });
      expect((await history(`?type=${e.entity}`)).data.history!.rows[0].sentence).toBe(`Camille a restauré ${e.label(original)}`);
      // gone from the bin: a second « Restaurer » is a French 404
      const twice = await restore("restore-bin", binned.id);
      expect(twice.status).toBe(404);
      expect(twice.data.toast?.description).toBe("Cet élément n'est plus dans la corbeille (déjà restauré ou purgé).");
    });
  }

  it("the audit entry is written in the write's transaction: a failure after it leaves neither", async () => {
    const [code] = await db().insert(s.promoCodes).values({ brandId, code: "TXHISTO", discountAmount: "5%" }).returning();
    const count = () => db().$count(s.auditLog, eq(s.auditLog.entityId, code.id));
    await expect(
      (await getDb()).transaction(async (tx) => {
        await saveAuditedIn(tx, { actor: camille, version: code.updatedAt.toISOString() }, "promo_code", s.promoCodes, code.id, { code: "TXHISTO2" });
        expect(await tx.$count(s.auditLog, eq(s.auditLog.entityId, code.id))).toBe(1);
        throw new Error("after the write");
      }),
    ).rejects.toThrow("after the write");
    expect(await count()).toBe(0);
    expect((await db().select().from(s.promoCodes).where(eq(s.promoCodes.id, code.id)))[0].code).toBe("TXHISTO");
  });

  it("a binned code is in no public read, its code is free again, and « Restaurer » refuses in French while it is taken", async () => {
    const [code] = await db().insert(s.promoCodes).values({ brandId, code: "BINHISTO", discountAmount: "15%" }).returning();
    expect((await listMemberCodes(null, MEMBER)).live.map((c) => c.code)).toContain("BINHISTO");
    await post(promoAction, "/admin/promo-codes", { intent: "delete", id: code.id });
    expect((await listMemberCodes(null, MEMBER)).live.map((c) => c.code)).not.toContain("BINHISTO");
    // a new code may take its name: the bin holds no unique key
    const [twin] = await db().insert(s.promoCodes).values({ brandId, code: "binhisto", discountAmount: "10%" }).returning();
    const binned = await binOf(code.id);
    const refused = await restore("restore-bin", binned.id);
    expect(refused.status).toBe(409);
    expect(refused.data.toast?.description).toBe("Impossible de restaurer : un élément actif utilise déjà ce code, ce nom ou ce slug. Renommer l'un des deux, puis réessayer.");
    expect(await binOf(code.id)).toBeDefined();
    await db().delete(s.promoCodes).where(eq(s.promoCodes.id, twin.id));
    expect((await restore("restore-bin", binned.id)).status).toBe(200);
    expect((await listMemberCodes(null, MEMBER)).live.map((c) => c.code)).toContain("BINHISTO");
  });

  it("« Restaurer cette version » refuses in French when the old slug is taken now", async () => {
    const [cat] = await db().insert(s.categories).values({ name: "Slug histo", slug: "slug-histo" }).returning();
    const renamed = await post(categoryAction, "/admin/categories", { intent: "save", id: cat.id, version: cat.updatedAt.toISOString(), name: "Slug histo", slug: "slug-histo-2" });
    expect(renamed.data.ok).toBe(true);
    await db().insert(s.categories).values({ name: "Autre histo", slug: "slug-histo" });
    const refused = await restore("restore-version", (await updateOf(cat.id)).id);
    expect(refused.status).toBe(409);
    expect(refused.data.toast?.description).toBe(VERSION_KEY_TAKEN);
    expect((await db().select().from(s.categories).where(eq(s.categories.id, cat.id)))[0].slug).toBe("slug-histo-2");
  });

  it("a brand comes back with the codes and offers its deletion took, and its deals' links", async () => {
    const [brand] = await db().insert(s.brands).values({ name: "Marque cascade", slug: "marque-cascade" }).returning();
    const [code] = await db().insert(s.promoCodes).values({ brandId: brand.id, code: "CASCADE10", discountAmount: "10%" }).returning();
    const [offer] = await db().insert(s.offers).values({ brandId: brand.id, name: "Offre cascade", regularPrice: "5€" }).returning();
    const [deal] = await db()
      .insert(s.crevardeDeals)
      .values({ title: "Deal cascade", description: "d", price: "1€", source: "temu", badgeText: "Top", url: "https://deal.example/cascade", brandId: brand.id })
      .returning();
    const bulk = await callRoute(
      brandAction,
      new Request(`${TEST_ORIGIN}/admin/brands`, {
        method: "POST",
        headers: { origin: TEST_ORIGIN, cookie: camille.cookie, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams([
          ["intent", "bulk-delete"],
          ["ids", brand.id],
        ]),
      }),
    );
    expect(bulk.data.ok, JSON.stringify(bulk.data.toast)).toBe(true);
    expect(await getBrand("marque-cascade")).toBeNull();
    expect(await db().select().from(s.promoCodes).where(eq(s.promoCodes.id, code.id))).toEqual([]);
    expect((await db().select().from(s.crevardeDeals).where(eq(s.crevardeDeals.id, deal.id)))[0].brandId).toBeNull();
    const binned = await binOf(brand.id);
    const bin = await history("?onglet=corbeille");
    expect(bin.data.binned!.rows.find((b) => b.id === binned.id)).toMatchObject({ sentence: "Camille a supprimé la marque Marque cascade", linked: 2 });
    expect((await restore("restore-bin", binned.id)).status).toBe(200);
    expect((await getBrand("marque-cascade"))?.id).toBe(brand.id);
    expect((await db().select().from(s.promoCodes).where(eq(s.promoCodes.id, code.id)))[0].code).toBe("CASCADE10");
    expect((await db().select().from(s.offers).where(eq(s.offers.id, offer.id)))[0].name).toBe("Offre cascade");
    expect((await db().select().from(s.crevardeDeals).where(eq(s.crevardeDeals.id, deal.id)))[0].brandId).toBe(brand.id);
  });

  it("a deal comes back with its comments (replies after their thread, the count recounted) and the votes whose member still exists", async () => {
    const [deal] = await db()
      .insert(s.crevardeDeals)
      .values({ title: "Deal commenté histo", description: "d", price: "1€", source: "temu", badgeText: "Top", url: "https://deal.example/commente" })
      .returning();
    const stays = await signedInUser({ email: "votant-reste@example.fr" });
    const leaves = await signedInUser({ email: "votant-part@example.fr" });
    const [thread] = await db().insert(s.dealComments).values({ dealId: deal.id, authorId: stays.id, body: "Top" }).returning();
    await db().insert(s.dealComments).values({ dealId: deal.id, parentId: thread.id, authorId: leaves.id, body: "Merci" });
    await db()
      .insert(s.dealVotes)
      .values([
        { dealId: deal.id, userId: stays.id, value: 1, weight: 1 },
        { dealId: deal.id, userId: leaves.id, value: 1, weight: 1 },
      ]);
    expect((await db().select().from(s.crevardeDeals).where(eq(s.crevardeDeals.id, deal.id)))[0].commentsCount).toBe(2);
    expect((await post(dealAction, "/admin/crevarde-deals", { intent: "delete", id: deal.id })).data.ok).toBe(true);
    expect(await db().select().from(s.dealComments).where(eq(s.dealComments.dealId, deal.id))).toEqual([]);
    await db().delete(s.user).where(eq(s.user.id, leaves.id));
    expect((await restore("restore-bin", (await binOf(deal.id)).id)).status).toBe(200);
    const [back] = await db().select().from(s.crevardeDeals).where(eq(s.crevardeDeals.id, deal.id));
    expect(back.commentsCount).toBe(2);
    expect((await db().select().from(s.dealComments).where(eq(s.dealComments.dealId, deal.id))).map((c) => c.body).sort()).toEqual(["Merci", "Top"]);
    expect((await db().select().from(s.dealVotes).where(eq(s.dealVotes.dealId, deal.id))).map((v) => v.userId)).toEqual([stays.id]);
  });

  it("the purge is a daily job of the job registry", () => {
    expect(jobSchedules.find((j) => j.name === "bin.purge")).toMatchObject({ cron: "50 3 * * *" });
    expect(jobHandlers["bin.purge"]).toBeTypeOf("function");
  });

  it("a bulk delete bins every ticked row, each with its entry; a binned page answers 404 until it is restored", async () => {
    const made = await db()
      .insert(s.pages)
      .values([
        { title: "Bulk histo 1", slug: "bulk-histo-1", content: "<p>1</p>", published: true },
        { title: "Bulk histo 2", slug: "bulk-histo-2", content: "<p>2</p>", published: true },
      ])
      .returning();
    expect((await callRoute(slugLoader, req("/bulk-histo-1"), { slug: "bulk-histo-1" })).status).toBe(200);
    const out = await callRoute(
      pageAction,
      new Request(`${TEST_ORIGIN}/admin/pages`, {
        method: "POST",
        headers: { origin: TEST_ORIGIN, cookie: camille.cookie, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams([["intent", "bulk-delete"], ...made.map((p) => ["ids", p.id])]),
      }),
    );
    expect(out.data.ok, JSON.stringify(out.data.toast)).toBe(true);
    for (const p of made) expect(await binOf(p.id)).toMatchObject({ entity: "page", tableName: "pages" });
    expect((await callRoute(slugLoader, req("/bulk-histo-1"), { slug: "bulk-histo-1" })).status).toBe(404);
    expect((await restore("restore-bin", (await binOf(made[0].id)).id)).status).toBe(200);
    expect((await callRoute(slugLoader, req("/bulk-histo-1"), { slug: "bulk-histo-1" })).status).toBe(200);
  });

  it("two « Restaurer » of one entry at once: one brings the row back, the other is told it is gone", async () => {
    const [code] = await db().insert(s.promoCodes).values({ brandId, code: "RACEHISTO", discountAmount: "5%" }).returning();
    await post(promoAction, "/admin/promo-codes", { intent: "delete", id: code.id });
    const binned = await binOf(code.id);
    const answers = await Promise.all([restore("restore-bin", binned.id), restore("restore-bin", binned.id, editor)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 404]);
    expect(await db().select().from(s.promoCodes).where(eq(s.promoCodes.id, code.id))).toHaveLength(1);
    expect(await db().$count(s.auditLog, and(eq(s.auditLog.entityId, code.id), eq(s.auditLog.action, "restore")))).toBe(1);
  });

  it("the daily purge removes bin entries 30 days old, and keeps younger ones", async () => {
    const [old] = await db().insert(s.promoCodes).values({ brandId, code: "PURGEOLD", discountAmount: "5%" }).returning();
    const [young] = await db().insert(s.promoCodes).values({ brandId, code: "PURGEYOUNG", discountAmount: "5%" }).returning();
    await post(promoAction, "/admin/promo-codes", { intent: "delete", id: old.id });
    await post(promoAction, "/admin/promo-codes", { intent: "delete", id: young.id });
    const deletedAt = (await binOf(old.id)).deletedAt;
    await db()
      .update(s.binnedRecords)
      .set({ deletedAt: new Date(deletedAt.getTime() + 2 * 86_400_000) })
      .where(eq(s.binnedRecords.entityId, young.id));
    // 29 days later: nothing to purge yet
    expect(await purgeBin(new Date(deletedAt.getTime() + 29 * 86_400_000))).toBe(0);
    // 30 days later: the old entry goes, the younger stays; the delete's audit entry stays
    expect(await purgeBin(new Date(deletedAt.getTime() + 30 * 86_400_000))).toBeGreaterThanOrEqual(1);
    expect(await binOf(old.id)).toBeUndefined();
    expect(await binOf(young.id)).toBeDefined();
    expect(await deleteEntry(old.id)).toBeDefined();
  });

  it("filters by kind, person and date, and pages", async () => {
    const [code] = await db().insert(s.promoCodes).values({ brandId, code: "FILTRE1", discountAmount: "5%" }).returning();
    await post(promoAction, "/admin/promo-codes", { intent: "save", id: code.id, version: code.updatedAt.toISOString(), brandId, code: "FILTRE2", discountAmount: "5%" }, editor);
    const mine = await history(`?personne=${editor.id}`);
    expect(mine.data.history!.rows.length).toBeGreaterThan(0);
    expect(mine.data.history!.rows.every((r) => r.sentence.startsWith("Eden "))).toBe(true);
    expect(mine.data.options.people).toContainEqual({ value: editor.id, label: "Eden" });
    expect((await history("?type=brand")).data.history!.rows.every((r) => r.entity === "brand")).toBe(true);
    expect((await history("?au=2001-01-01")).data.history!.rows).toEqual([]);
    expect((await history("?du=2001-01-01")).data.history!.pager.total).toBeGreaterThan(0);
    const all = (await history()).data.history!.pager;
    expect(all.pageSize).toBe(50);
    const last = await history(`?page=${all.pageCount + 5}`);
    expect(last.data.history!.pager.page).toBe(all.pageCount);
  });

  it("the dashboard's journal words its entries as the history does, never « promo_code 486b3021 »", async () => {
    const [code] = await db().insert(s.promoCodes).values({ brandId, code: "DASHHISTO", discountAmount: "5%" }).returning();
    await post(promoAction, "/admin/promo-codes", { intent: "save", id: code.id, version: code.updatedAt.toISOString(), brandId, code: "DASHHISTO", discountAmount: "7%" });
    const dash = await callRoute(dashLoader, req("/admin", { cookie: camille.cookie }));
    expect(dash.data.audit[0].sentence).toBe("Camille a modifié le code promo DASHHISTO (Nuxe Historique)");
    expect(dash.data.audit.map((a) => a.sentence).join(" ")).not.toMatch(/promo_code [0-9a-f]{8}/);
  });

  it("each role reads and restores the kinds it may: finance sees no catalogue entry and may not restore a code", async () => {
    const [code] = await db().insert(s.promoCodes).values({ brandId, code: "ROLEHISTO", discountAmount: "5%" }).returning();
    await post(promoAction, "/admin/promo-codes", { intent: "delete", id: code.id });
    const binned = await binOf(code.id);
    const fin = await history("", finance);
    expect(fin.status).toBe(200);
    expect(fin.data.history!.rows.some((r) => r.entity === "promo_code")).toBe(false);
    expect(fin.data.options.kinds.some((k) => k.value === "promo_code")).toBe(false);
    expect((await history("?onglet=corbeille", finance)).data.binned!.rows.some((b) => b.id === binned.id)).toBe(false);
    const refused = await restore("restore-bin", binned.id, finance);
    expect(refused.status).toBe(403);
    expect(refused.data.toast?.description).toBe("Accès refusé.");
    const update = await db().insert(s.auditLog).values({ actorEmail: "x@example.fr", action: "update", entity: "promo_code", entityId: code.id, before: {}, after: {} }).returning();
    expect((await restore("restore-version", update[0].id, finance)).status).toBe(404);
    // only an update with its version can be put back: a delete's entry, or one without a version, cannot
    for (const id of [(await deleteEntry(code.id)).id, update[0].id]) {
      const notAnUpdate = await restore("restore-version", id);
      expect(notAnUpdate.status).toBe(400);
      expect(notAnUpdate.data.toast?.description).toBe("Seule une modification d'un élément du catalogue peut être restaurée.");
    }
    // the editor sees and restores the catalogue
    expect((await history("?onglet=corbeille", editor)).data.binned!.rows.some((b) => b.id === binned.id)).toBe(true);
    expect((await restore("restore-bin", binned.id, editor)).status).toBe(200);
    // a member is sent away, bad input is a French 400
    const member = await signedInUser();
    expect((await history("", member)).location).toBe("/");
    const bad = await post(historyAction, "/admin/historique", { intent: "restore-bin", id: "nope" });
    expect(bad.status).toBe(400);
    expect(bad.data.toast?.description).toBe("Cet élément est introuvable.");
  });
});
