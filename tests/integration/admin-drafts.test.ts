import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import * as s from "#db/schema";
import { action as promoAction, loader as promoLoader } from "#app/routes/admin/promo-codes";
import { action as offersAction, loader as offersLoader } from "#app/routes/admin/offers";
import { action as dealsAction, loader as dealsLoader } from "#app/routes/admin/crevarde-deals";
import { duplicateAsDraft } from "#app/modules/admin/duplicate";
import { toParisLocalInput } from "#app/modules/settings/paris-time";
import { listBrandCodes, listFeaturedCodes, listMemberCodes } from "#app/modules/promo-codes/promo-codes.server";
import { listBrandOffers, listFeaturedOffers } from "#app/modules/offers/offers.server";
import { listFeaturedDeals, searchDeals } from "#app/modules/deals/deals.server";
import { dealSearchSchema } from "#app/modules/deals/deals.schema";
import { getDealPage } from "#app/modules/deals/deal-votes.server";
import { listBrands } from "#app/modules/brands/brands.server";
import { searchSite } from "#app/modules/search/site-search.server";
import { refreshLexicon } from "#app/modules/search/search.server";
import { sitemapEntries } from "#app/modules/seo/sitemap.server";
import { promoCodeFormSchema } from "#app/modules/promo-codes/promo-code-form.schema";
import { writePromoCode } from "#app/modules/promo-codes/promo-codes-admin.server";
import { getDb } from "#app/lib/db.server";
import { exportCsv, importCsv, previewCsv } from "#app/modules/admin/csv.server";
import { promoCodeCsv } from "#app/modules/promo-codes/promo-code-csv.server";
import { req, signedInUser, type SignedInUser } from "#tests/helpers/auth";
import { describeEachDb } from "#tests/helpers/db";
import { callRoute } from "#tests/helpers/route";

/** « Publier le » 1 January 2030 09:00 Paris, « Dépublier le » 1 February 2030. */
const PUBLISH_AT = new Date("2030-01-01T08:00:00.000Z");
const UNPUBLISH_AT = new Date("2030-02-01T08:00:00.000Z");
/** inside the window */
const IN_2030 = new Date("2030-01-15T12:00:00.000Z");

/** A form as the browser posts it: each value, and `ids` repeated for a bulk action. */
function post(fields: Record<string, string | null | undefined | string[]>) {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) {
    if (Array.isArray(v)) for (const x of v) body.append(k, x);
    else if (v !== null && v !== undefined) body.append(k, v);
  }
  return { method: "POST", body, headers: { "content-type": "application/x-www-form-urlencoded" } };
}

/** What the edit form of a row starts from posts back unchanged: its schedule in Paris time, its « Statut ». */
const formSchedule = (row: { publishAt: string | null; unpublishAt: string | null; draft: boolean }) => ({
  publishAt: row.publishAt ? toParisLocalInput(row.publishAt) : "",
  unpublishAt: row.unpublishAt ? toParisLocalInput(row.unpublishAt) : "",
  status: row.draft ? "draft" : "published",
});

describeEachDb("« Dupliquer » makes a draft, never live by surprise (issue #37 item 3, ADR 047)", ({ database }) => {
  let admin: SignedInUser;
  let brandId: string;
  const tag = randomUUID().slice(0, 6);
  beforeAll(async () => {
    admin = await signedInUser({ role: "admin" });
    const [brand] = await database().db.insert(s.brands).values({ name: `Brouillons ${tag}`, slug: `brouillons-${tag}` }).returning();
    brandId = brand.id;
  });
  const call = <H,>(handler: H, path: string, init: RequestInit = {}) => callRoute(handler, req(path, { cookie: admin.cookie, ...init }));

  it("a code scheduled for 2030, duplicated, is a draft with the same schedule that no public read shows; « Publier » makes it follow its schedule", async () => {
    const db = database().db;
    const word = `montgolfiere${tag}`;
    await db.insert(s.promoCodes).values({ brandId, code: `NOEL${tag}`, discountAmount: "-30%", description: `Offre ${word}`, isFeatured: true, publishAt: PUBLISH_AT, unpublishAt: UNPUBLISH_AT });
    const list = await call(promoLoader, `/admin/promo-codes?q=NOEL${tag}`);
    const original = list.data.codes[0];
    expect(original.draft).toBe(false);

    // what « Dupliquer » fills the create dialog with: the code to type again, a draft, the same window
    const copy = duplicateAsDraft(original, { cleared: ["code"] });
    expect([copy.code, copy.draft, copy.publishAt, copy.unpublishAt]).toEqual(["", true, PUBLISH_AT.toISOString(), UNPUBLISH_AT.toISOString()]);
    const saved = await call(promoAction, "/admin/promo-codes", post({ brandId, code: `COPIE${tag}`, discountAmount: copy.discountAmount, description: copy.description, isFeatured: "on", ...formSchedule(copy) }));
    expect([saved.status, saved.data.toast?.title]).toEqual([200, "Code promo créé"]);
    const [row] = await db.select().from(s.promoCodes).where(eq(s.promoCodes.code, `COPIE${tag}`));
    expect([row.draft, row.publishAt?.toISOString(), row.unpublishAt?.toISOString()]).toEqual([true, PUBLISH_AT.toISOString(), UNPUBLISH_AT.toISOString()]);

    // in its window the original is public, the draft nowhere: home, codes page, brand page, search
    const shown = async (now: Date) => [
      ...(await listFeaturedCodes(null, now)).map((c) => c.id),
      ...(await listMemberCodes(null, null, now)).live.map((c) => c.id),
      ...(await listBrandCodes(brandId, null, now)).map((c) => c.id),
      ...(await searchSite(word, false, now)).codes.map((c) => c.id),
    ];
    expect(await shown(IN_2030)).toContain(original.id);
    expect(await shown(IN_2030)).not.toContain(row.id);

    // « Publier » (bulk): programmed for its day, not live before it, live inside it
    const published = await call(promoAction, "/admin/promo-codes", post({ intent: "bulk-publish", ids: [row.id] }));
    expect([published.status, published.data.toast?.title]).toEqual([200, "1 code promo programmé pour le 1er janvier 2030"]);
    const [after] = await db.select().from(s.promoCodes).where(eq(s.promoCodes.id, row.id));
    expect([after.draft, after.publishAt?.toISOString()]).toEqual([false, PUBLISH_AT.toISOString()]);
    expect(await shown(new Date())).not.toContain(row.id);
    expect(await shown(IN_2030)).toContain(row.id);
    expect(await shown(new Date("2030-02-02T00:00:00Z"))).not.toContain(row.id);
    // audited, as every bulk write
    expect(await db.$count(s.auditLog, eq(s.auditLog.entityId, row.id))).toBe(2);

    // « Repasser en brouillon » hides it again; the list shows it as a draft
    const back = await call(promoAction, "/admin/promo-codes", post({ intent: "bulk-unpublish", ids: [row.id] }));
    expect([back.status, back.data.toast?.title]).toEqual([200, "1 code promo repassé en brouillon"]);
    expect(await shown(IN_2030)).not.toContain(row.id);
    expect((await call(promoLoader, `/admin/promo-codes?q=COPIE${tag}`)).data.codes.map((c) => [c.code, c.draft, c.schedule])).toEqual([[`COPIE${tag}`, true, "scheduled"]]);
  });

  it("a CSV line, which has no « Statut », never publishes a draft", async () => {
    const db = database().db;
    const [draft] = await db.insert(s.promoCodes).values({ brandId, code: `CSV${tag}`, discountAmount: "5€", draft: true }).returning();
    const input = promoCodeFormSchema.parse({ id: draft.id, brandId, code: `CSV${tag}`, discountAmount: "6€" });
    expect(input.status).toBeUndefined();
    await db.transaction((tx) => writePromoCode(tx, input));
    const [row] = await db.select().from(s.promoCodes).where(eq(s.promoCodes.id, draft.id));
    expect([row.discountAmount, row.draft]).toEqual(["6€", true]);
  });

  it("« Publication » lists only the drafts, or only the published rows, of codes, offers and deals", async () => {
    const db = database().db;
    // a brand of its own: the other tests count their brand's deals
    const [{ id: brandId }] = await db.insert(s.brands).values({ name: `Filtres ${tag}`, slug: `filtres-${tag}` }).returning();
    await db.insert(s.promoCodes).values([
      { brandId, code: `FILTREB${tag}`, discountAmount: "5€", draft: true },
      { brandId, code: `FILTREP${tag}`, discountAmount: "5€" },
    ]);
    await db.insert(s.offers).values([
      { brandId, name: `Filtre brouillon ${tag}`, regularPrice: "9€", draft: true },
      { brandId, name: `Filtre publié ${tag}`, regularPrice: "9€" },
    ]);
    const deal = { brandId, description: "x", price: "9€", source: "shop", badgeText: "-10 %", url: "https://www.example.fr/filtre", publishedAt: new Date() };
    await db.insert(s.crevardeDeals).values([
      { ...deal, title: `Filtre brouillon ${tag}`, draft: true },
      { ...deal, title: `Filtre publié ${tag}` },
    ]);
    const codes = async (publication: string) => (await call(promoLoader, `/admin/promo-codes?q=FILTRE&publication=${publication}`)).data.codes.map((c) => c.code);
    const offerNames = async (publication: string) => (await call(offersLoader, `/admin/offers?q=Filtre&publication=${publication}`)).data.offers.map((o) => o.name);
    const dealTitles = async (publication: string) => (await call(dealsLoader, `/admin/crevarde-deals?q=Filtre&publication=${publication}`)).data.deals.map((d) => d.title);
    expect(await codes("draft")).toEqual([`FILTREB${tag}`]);
    expect(await codes("published")).toEqual([`FILTREP${tag}`]);
    expect(await offerNames("draft")).toEqual([`Filtre brouillon ${tag}`]);
    expect(await offerNames("published")).toEqual([`Filtre publié ${tag}`]);
    expect(await dealTitles("draft")).toEqual([`Filtre brouillon ${tag}`]);
    expect(await dealTitles("published")).toEqual([`Filtre publié ${tag}`]);
    // an unknown value narrows nothing
    expect(await codes("peut-etre")).toEqual([`FILTREB${tag}`, `FILTREP${tag}`]);
  });

  it("the CSV carries « Statut »: a draft exported and imported again stays a draft; « Publié » on its line is shown old → new with the red warning, then publishes it; an unknown word is the line's error", async () => {
    const db = database().db;
    const [draft] = await db.insert(s.promoCodes).values({ brandId, code: `STATUT${tag}`, discountAmount: "5€", draft: true }).returning();
    const url = new URL(`http://test/admin/promo-codes/export?q=STATUT${tag}`);
    const exported = await exportCsv(promoCodeCsv, url);
    const [header, line] = exported.replace(/^\ufeff/, "").trim().split("\r\n");
    const headers = header.split(";");
    expect(headers).toContain("Statut");
    const statusAt = headers.indexOf("Statut");
    expect(line.split(";")[statusAt]).toBe("Brouillon");

    // the file as it was exported: nothing changes, no warning, still a draft
    const same = await previewCsv(promoCodeCsv, exported);
    expect(same.rows.map((r) => [r.status, r.warnings, r.cells?.filter((c) => c.before !== undefined)])).toEqual([["update", [], []]]);
    await importCsv(admin, promoCodeCsv, exported);
    expect((await db.select().from(s.promoCodes).where(eq(s.promoCodes.id, draft.id)))[0].draft).toBe(true);

    const withStatus = (word: string) => [header, line.split(";").map((cell, i) => (i === statusAt ? word : cell)).join(";")].join("\r\n");
    const unknown = await previewCsv(promoCodeCsv, withStatus("Peut-être"));
    expect(unknown.rows[0].errors).toEqual([{ line: 2, column: "Statut", message: "Statut inconnu : « Publié » ou « Brouillon »." }]);

    const published = await previewCsv(promoCodeCsv, withStatus("Publié"));
    expect(published.rows[0].cells?.find((c) => c.column === "Statut")).toEqual({ column: "Statut", value: "Publié", before: "Brouillon" });
    expect(published.rows[0].warnings).toEqual(["Mise en ligne dès l'import : brouillon jusqu'ici."]);
    await importCsv(admin, promoCodeCsv, withStatus("Publié"));
    expect((await db.select().from(s.promoCodes).where(eq(s.promoCodes.id, draft.id)))[0].draft).toBe(false);

    // an empty « Statut » keeps the row's state, as a file without the column does
    await db.update(s.promoCodes).set({ draft: true }).where(eq(s.promoCodes.id, draft.id));
    const empty = await previewCsv(promoCodeCsv, withStatus(""));
    expect([empty.rows[0].warnings, empty.rows[0].cells?.find((c) => c.column === "Statut")]).toEqual([[], { column: "Statut", value: "Brouillon" }]);
    await importCsv(admin, promoCodeCsv, withStatus(""));
    expect((await db.select().from(s.promoCodes).where(eq(s.promoCodes.id, draft.id)))[0].draft).toBe(true);
  });

  it("an offer's copy is a draft on no public list until published from its form, then follows its schedule", async () => {
    const db = database().db;
    await db.insert(s.offers).values({ brandId, name: `Sérum ${tag}`, regularPrice: "20€", isFeatured: true, publishAt: PUBLISH_AT });
    const original = (await call(offersLoader, `/admin/offers?q=Sérum ${tag}`)).data.offers[0];
    const copy = duplicateAsDraft(original, { name: "name" });
    expect([copy.name, copy.draft, copy.publishAt]).toEqual([`Sérum ${tag} (copie)`, true, PUBLISH_AT.toISOString()]);
    const saved = await call(offersAction, "/admin/offers", post({ brandId, name: copy.name, regularPrice: copy.regularPrice, isFeatured: "on", ...formSchedule(copy) }));
    expect(saved.status).toBe(200);
    const [row] = await db.select().from(s.offers).where(eq(s.offers.name, copy.name));
    expect([row.draft, row.publishAt?.toISOString()]).toEqual([true, PUBLISH_AT.toISOString()]);
    const shown = async (now: Date) => [...(await listFeaturedOffers(null, false, now)), ...(await listBrandOffers(brandId, false, now))].map((o) => o.name);
    expect(await shown(IN_2030)).toContain(original.name);
    expect(await shown(IN_2030)).not.toContain(copy.name);

    // published from its edit form (« Statut » : Publié), the schedule untouched
    const listed = (await call(offersLoader, `/admin/offers?q=${encodeURIComponent(copy.name)}`)).data.offers[0];
    const edited = await call(offersAction, "/admin/offers", post({ id: row.id, version: listed.updatedAt.toISOString(), brandId, name: copy.name, regularPrice: "20€", isFeatured: "on", ...formSchedule(listed), status: "published" }));
    expect([edited.status, edited.data.toast?.title]).toEqual([200, "Offre mise à jour"]);
    expect(await shown(new Date())).not.toContain(copy.name);
    expect(await shown(IN_2030)).toContain(copy.name);
  });

  it("a deal's copy is a draft: no deal list, page, search, sitemap, brand count or alert until published, then it follows its schedule", async () => {
    const db = database().db;
    const word = `zeppelin${tag}`;
    const base = { description: `Un deal ${word} pour les brouillons.`, price: "9,99€", source: "amazon", badgeText: "Top", url: "https://www.amazon.fr/brouillon", brandId, isFeatured: true };
    await db.insert(s.crevardeDeals).values({ ...base, title: `Original ${tag}`, publishAt: PUBLISH_AT });
    const original = (await call(dealsLoader, `/admin/crevarde-deals?q=Original ${tag}`)).data.deals[0];
    const copy = duplicateAsDraft(original, { name: "title" });
    const saved = await call(
      dealsAction,
      "/admin/crevarde-deals",
      post({ title: copy.title, description: copy.description, price: copy.price, source: copy.source, badgeText: copy.badgeText, url: copy.url, brandId, isFeatured: "on", ...formSchedule(copy) }),
    );
    expect([saved.status, saved.data.toast?.title]).toEqual([200, "Deal créé"]);
    const [row] = await db.select().from(s.crevardeDeals).where(eq(s.crevardeDeals.title, copy.title));
    // a draft, the same window; its moderation status untouched (the form's « Statut » is not the deal's status)
    expect([row.draft, row.status, row.publishAt?.toISOString()]).toEqual([true, "published", PUBLISH_AT.toISOString()]);
    // no alert matching queued for a draft
    expect(await db.$count(s.jobs, eq(s.jobs.key, `${row.id}:published`))).toBe(0);

    const brandDeals = async (now: Date) => (await listBrands({ now })).find((b) => b.id === brandId)?.deals ?? 0;
    const shown = async (now: Date) => {
      await refreshLexicon(await getDb(), now);
      return [
        ...(await listFeaturedDeals(false, undefined, now)).map((d) => d.id),
        ...(await searchDeals(dealSearchSchema.parse({ q: word }), false, now)).deals.map((d) => d.id),
        ...(await searchSite(word, false, now)).deals.map((d) => d.id),
        ...(await sitemapEntries("Crevarde", now)).map((e) => e.path.replace("/coup-de-crevarde/", "")),
        ...((await getDealPage(row.id, null, now)) ? [row.id] : []),
      ];
    };
    expect(await shown(IN_2030)).toContain(original.id);
    expect(await shown(IN_2030)).not.toContain(row.id);
    expect(await brandDeals(IN_2030)).toBe(1);

    // « Publier » in bulk (the deal machine's move): its alerts are matched at its « Publier le »
    const published = await call(dealsAction, "/admin/crevarde-deals", post({ intent: "bulk-publish", ids: [row.id] }));
    expect([published.status, published.data.toast?.title]).toEqual([200, "1 deal publié"]);
    const [after] = await db.select().from(s.crevardeDeals).where(eq(s.crevardeDeals.id, row.id));
    expect([after.draft, after.status, after.publishedAt?.toISOString()]).toEqual([false, "published", PUBLISH_AT.toISOString()]);
    const [job] = await db.select().from(s.jobs).where(eq(s.jobs.key, `${row.id}:published`));
    expect(job.runAt.toISOString()).toBe(PUBLISH_AT.toISOString());
    expect(await shown(new Date())).not.toContain(row.id);
    expect(await shown(IN_2030)).toContain(row.id);
    expect(await brandDeals(IN_2030)).toBe(2);
  });
});
