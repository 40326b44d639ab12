import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { getDb } from "#app/lib/db.server";
import { action as importAction, loader as importLoader } from "#app/routes/admin/prix.import";
import { action as prixAction, loader as prixLoader } from "#app/routes/admin/prix";
import { observationsSince, recordPriceObservation } from "#app/modules/prices/observations.server";
import { importPriceCsv } from "#app/modules/prices/price-import.server";
import * as s from "#db/schema";
import { req, signedInUser, type SignedInUser } from "#tests/helpers/auth";
import { describeEachDb } from "#tests/helpers/db";
import { callRoute } from "#tests/helpers/route";
import { multipart } from "#tests/helpers/multipart";

const uniq = () => randomUUID().slice(0, 8);
const DAY = 86_400_000;
const HEADER = "Produit;Marchand;Prix;Devise;Date;GTIN";
const CATALOGUE = "Accès réservé aux éditeurs et aux administrateurs.";
const plain = (text: string) => text.replace(/[\s\u00a0\u202f]+/g, " ");
/** A Paris date and time as a file types it, `days` ago at noon. */
const dayAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString().slice(0, 10) + " 12:00";
const csvFile = (text: string) => new File([text], "prix.csv", { type: "text/csv" });

describeEachDb("/admin/prix and /admin/prix/import: the back office's price history (issue #39 item 6, ADR 049)", ({ database }) => {
  let admin: SignedInUser;
  let editor: SignedInUser;
  let finance: SignedInUser;
  let moderator: SignedInUser;
  beforeAll(async () => {
    admin = await signedInUser({ role: "admin" });
    editor = await signedInUser({ role: "editor" });
    finance = await signedInUser({ role: "finance" });
    moderator = await signedInUser({ role: "moderator" });
  });
  const preview = async (text: string, cookie = admin.cookie) => callRoute(importAction, await multipart("/admin/prix/import", cookie, { intent: "preview", file: csvFile(text) }));
  const confirm = async (text: string, cookie = admin.cookie) => callRoute(importAction, await multipart("/admin/prix/import", cookie, { intent: "confirm", csv: text, fileName: "prix.csv" }));
  const observations = async (key: string) =>
    (await database().db.select().from(s.priceObservations).where(eq(s.priceObservations.productKey, key)).orderBy(s.priceObservations.observedAt)).map((o) => [o.priceCents, o.source, o.gtin]);
  const audits = async (action: string) => database().db.select().from(s.auditLog).where(and(eq(s.auditLog.entity, "price_observations"), eq(s.auditLog.action, action)));
  async function seen(key: string, merchant: string, history: [number, number][]) {
    const db = await getDb();
    for (const [days, priceCents] of history) await db.insert(s.priceObservations).values({ productKey: key, merchant, priceCents, source: "deal", observedAt: new Date(Date.now() - days * DAY) });
  }

  it("import: the preview tells each line's fate (previous price → new, « déjà connu », errors by line and column in French) and writes nothing", async () => {
    const shop = `boutique-${uniq()}.fr`;
    const key = `${shop}/serum`;
    await seen(key, shop, [[40, 2500]]);
    const file = [
      HEADER,
      // the price in effect 30 days ago is 25,00 €: a repeat, not stored
      `https://www.${shop}/serum?utm_source=flux;${shop};25,00;EUR;${dayAgo(30)};`,
      `${key};www.${shop};19,99 €;eur;${dayAgo(20)};3401234567890`,
      // the same price again later in the file: a repeat of the line before
      `${key};${shop};19,99;EUR;${dayAgo(10)};`,
      `"'=HYPERLINK(""http://x"")";${shop};abc;EURO;demain;12`,
      `${key};autre-boutique.fr;;EUR;;`,
      `${key};${shop};9,99;EUR;${new Date(Date.now() + 2 * DAY).toISOString().slice(0, 10)} 12:00;`,
    ].join("\n");
    const before = await database().db.$count(s.priceObservations);
    const res = await preview(file);
    expect(res.status).toBe(422);
    const p = res.data.preview!;
    expect(p.summary).toEqual({ create: 1, update: 0, error: 3, skip: 2 });
    const byLine = new Map(p.rows.map((r) => [r.line, r]));
    expect(byLine.get(2)).toMatchObject({ status: "skip" });
    expect(byLine.get(3)).toMatchObject({ status: "create", label: expect.stringContaining(key) });
    expect(byLine.get(3)!.cells!.map((c) => [c.column, plain(c.before ?? ""), plain(c.value)])).toEqual([["Prix", "25,00 €", "19,99 €"]]);
    expect(byLine.get(4)).toMatchObject({ status: "skip" });
    const errors = (line: number) => byLine.get(line)!.errors.map((e) => [e.column, e.message]);
    // the export's formula guard is undone, and a formula is no product
    expect(errors(5)).toEqual([
      ["Produit", `« =HYPERLINK("http://x") » n'est pas le lien ni la clé d'une page de produit (un lien http(s) vers une page autre que l'accueil du site).`],
      ["Prix", "Prix illisible : « abc » (par exemple 19,99)."],
      ["Devise", "Devise inconnue : « EURO » (un code ISO à 3 lettres, par exemple EUR)."],
      ["Date", "Date illisible : « demain » (par exemple 2026-11-28 14:30 ou 28/11/2026 14:30, heure de Paris)."],
      ["GTIN", "GTIN invalide : « 12 » (8, 12, 13 ou 14 chiffres)."],
    ]);
    expect(errors(6)).toEqual([
      ["Marchand", `Le marchand « autre-boutique.fr » n'est pas celui du lien du produit (${shop}).`],
      ["Prix", "Le prix est obligatoire."],
      ["Date", "La date est obligatoire."],
    ]);
    expect(errors(7)).toEqual([["Date", "La date est dans le futur."]]);
    expect(await database().db.$count(s.priceObservations)).toBe(before);
    // confirming a file with errors imports nothing
    const refused = await confirm(file);
    expect(refused.status).toBe(422);
    expect(refused.data.error).toBe("3 lignes contiennent des erreurs : rien n'a été importé.");
    expect(await database().db.$count(s.priceObservations)).toBe(before);
  });

  it("import: « Confirmer l'import » stores the new prices (source import, GTIN kept), not the repeats, with one audit entry; the same file again stores nothing", async () => {
    const shop = `flux-${uniq()}.fr`;
    const key = `${shop}/creme`;
    await seen(key, shop, [[40, 2500]]);
    const file = [HEADER, `${key};${shop};25,00;EUR;${dayAgo(30)};`, `${key};${shop};19,99;EUR;${dayAgo(20)};3401234567890`, `${key};${shop};19,99;EUR;${dayAgo(10)};`, `${key};${shop};22,50;EUR;${dayAgo(5)};`].join("\r\n");
    const previewed = await preview(file);
    expect(previewed.status).toBe(200);
    expect(previewed.data.preview!.summary).toEqual({ create: 2, update: 0, error: 0, skip: 2 });
    const auditsBefore = (await audits("create")).length;
    const done = await confirm(previewed.data.csv!);
    expect(done.status).toBe(302);
    expect(done.location).toBe(`/admin/prix?q=${encodeURIComponent(key)}`);
    expect(await observations(key)).toEqual([
      [2500, "deal", null],
      [1999, "import", "3401234567890"],
      [2250, "import", null],
    ]);
    const entries = await audits("create");
    expect(entries).toHaveLength(auditsBefore + 1);
    expect(entries.at(-1)).toMatchObject({ actorId: admin.id, after: { created: 2, skipped: 2, products: [key] } });
    const again = await preview(file);
    expect(again.data.preview!.summary).toEqual({ create: 0, update: 0, error: 0, skip: 4 });
    expect((await confirm(file)).status).toBe(302);
    expect(await observations(key)).toHaveLength(3);
  });

  it("import: editors may, finance and moderators are refused (403 on the action, sent back from the screen)", async () => {
    const shop = `role-${uniq()}.fr`;
    const file = [HEADER, `${shop}/gel;${shop};5,00;EUR;${dayAgo(1)};`].join("\n");
    for (const who of [finance, moderator]) {
      const refused = await preview(file, who.cookie);
      expect(refused.status).toBe(403);
      expect(refused.data).toBe(CATALOGUE);
      expect((await confirm(file, who.cookie)).status).toBe(403);
      expect((await callRoute(importLoader, req("/admin/prix/import", { cookie: who.cookie }))).location).toBe("/admin");
    }
    expect(await observations(`${shop}/gel`)).toEqual([]);
    expect((await callRoute(importLoader, req("/admin/prix/import", { cookie: editor.cookie }))).status).toBe(200);
    expect((await confirm(file, editor.cookie)).status).toBe(302);
    expect(await observations(`${shop}/gel`)).toEqual([[500, "import", null]]);
  });

  it("history: a product by its link or key, the public chart's figures and every observation of the period; an unreadable entry says why", async () => {
    const shop = `histo-${uniq()}.fr`;
    const key = `${shop}/palette`;
    await seen(key, shop, [[200, 4000], [80, 3000], [20, 1000]]);
    const page = await callRoute(prixLoader, req(`/admin/prix?q=${encodeURIComponent(`https://WWW.${shop}/palette?utm_source=x#top`)}`, { cookie: editor.cookie }));
    expect(page.status).toBe(200);
    const product = page.data.product!;
    expect(product).toMatchObject({ key, asked: key, merchant: shop, total: 3, aliases: [] });
    expect(product.history!.days).toBe(90);
    expect(plain(product.history!.summary)).toMatch(/plus bas 10,00 €, moyen 25,00 €, plus haut 30,00 €$/);
    expect(product.history!.chart!.path).toMatch(/^M[\d.]+ [\d.]+H/);
    expect(product.rows.map((r) => [plain(r.price), r.source])).toEqual([
      ["10,00 €", "Deal"],
      ["30,00 €", "Deal"],
    ]);
    const year = await callRoute(prixLoader, req(`/admin/prix?q=${key}&historique=365`, { cookie: editor.cookie }));
    expect(year.data.product!.rows).toHaveLength(3);
    const bad = await callRoute(prixLoader, req("/admin/prix?q=pas%20un%20lien", { cookie: admin.cookie }));
    expect(bad.data).toMatchObject({ product: null, error: "« pas un lien » n'est pas le lien ni la clé d'une page de produit (un lien http(s) vers une page autre que l'accueil du site)." });
    expect((await callRoute(prixLoader, req("/admin/prix", { cookie: admin.cookie }))).data).toMatchObject({ query: "", product: null, error: null });
    for (const who of [finance, moderator]) expect((await callRoute(prixLoader, req(`/admin/prix?q=${key}`, { cookie: who.cookie }))).location).toBe("/admin");
  });

  it("merge: the observations move in one transaction with an audit entry, the old key becomes an alias for later observations and reads", async () => {
    const shop = `fusion-${uniq()}.fr`;
    const [from, into] = [`${shop}/p/123`, `${shop}/p/123-rouge`];
    await seen(from, shop, [[50, 3000], [25, 2000]]);
    await seen(into, shop, [[10, 1800]]);
    const merge = (fields: Record<string, string>, cookie = editor.cookie) => callRoute(prixAction, req("/admin/prix", { cookie, form: { intent: "merge", ...fields } }));
    for (const who of [finance, moderator]) {
      const refused = await merge({ from, into }, who.cookie);
      expect(refused.status).toBe(403);
      expect(refused.data).toBe(CATALOGUE);
    }
    expect((await merge({ from, into: `autre-${shop}/p/123` })).data.toast!.description).toBe(
      `Les deux clés ne sont pas du même marchand (${shop}, autre-${shop}) : le prix de référence est celui d'un vendeur, ses prix ne se mélangent pas à ceux d'un autre.`,
    );
    expect((await merge({ from, into: `https://www.${shop}/p/123?ref=1` })).data.toast!.description).toBe("Les deux clés sont la même : rien à fusionner.");
    expect(await observations(from)).toHaveLength(2);
    const auditsBefore = (await audits("update")).length;

    const done = await merge({ from: `https://${shop}/p/123`, into });
    expect(done.status).toBe(200);
    expect(done.data.toast).toMatchObject({ title: "Produits fusionnés", description: `2 observations déplacées de « ${from} » vers « ${into} ».` });
    expect(await observations(from)).toEqual([]);
    expect((await observations(into)).map(([c]) => c)).toEqual([3000, 2000, 1800]);
    const entries = await audits("update");
    expect(entries).toHaveLength(auditsBefore + 1);
    expect(entries.at(-1)).toMatchObject({ actorId: editor.id, entityId: into, before: { productKey: from, observations: 2 }, after: { productKey: into, aliases: [from] } });
    expect((await merge({ from, into })).data.toast!.description).toBe(`« ${from} » a déjà été fusionnée dans « ${into} ».`);

    // a later observation of the old key lands on the new one
    await importPriceCsv({ id: admin.id, email: "admin@example.fr" }, [HEADER, `https://www.${shop}/p/123;${shop};15,00;EUR;${dayAgo(1)};`].join("\n"), new Date());
    expect((await observations(into)).map(([c]) => c)).toEqual([3000, 2000, 1800, 1500]);
    expect(await observations(from)).toEqual([]);
    // and the old key reads the new one's history (a deal still linking to it)
    const read = await observationsSince(await getDb(), new Map([[from, new Date(Date.now() - 60 * DAY)]]));
    expect(read.get(from)!.map((o) => o.priceCents)).toEqual([3000, 2000, 1800, 1500]);
    const page = await callRoute(prixLoader, req(`/admin/prix?q=${from}`, { cookie: admin.cookie }));
    expect(page.data.product).toMatchObject({ key: into, asked: from, aliases: [{ key: from }] });
  });

  it("GTIN: a second link of one merchant's product with a known GTIN joins the first key (history, later lines, reads, alerts); another merchant's never", async () => {
    const shop = `gtin-${uniq()}.fr`;
    const gtin = "3401234567890";
    const [first, second] = [`${shop}/huile`, `${shop}/huile-seche-100ml`];
    const member = await signedInUser({ role: "user" });
    await seen(second, shop, [[40, 2600]]);
    await database().db.insert(s.priceAlerts).values({ userId: member.id, productKey: second, label: "Huile", thresholdCents: 2000, currency: "EUR" });
    const actor = { id: admin.id, email: "admin@example.fr" };
    // the GTIN is first seen under the first key; another merchant's link with the same GTIN stays its own product
    await importPriceCsv(actor, [HEADER, `https://www.${shop}/huile;${shop};25,00;EUR;${dayAgo(30)};${gtin}`, `autre-${shop}/huile;autre-${shop};9,00;EUR;${dayAgo(30)};${gtin}`].join("\n"), new Date());
    expect(await observations(second)).toEqual([[2600, "deal", null]]);

    // the second link, now with the GTIN: its key joins the first, with its history and its alerts
    await importPriceCsv(actor, [HEADER, `https://www.${shop}/huile-seche-100ml;${shop};24,00;EUR;${dayAgo(10)};${gtin}`].join("\n"), new Date());
    expect(await observations(second)).toEqual([]);
    expect(await observations(first)).toEqual([[2600, "deal", null], [2500, "import", gtin], [2400, "import", gtin]]);
    const [alias] = await database().db.select().from(s.priceKeyAliases).where(eq(s.priceKeyAliases.aliasKey, second));
    expect(alias).toMatchObject({ productKey: first, gtin, createdBy: null });
    expect((await database().db.select().from(s.priceAlerts).where(eq(s.priceAlerts.userId, member.id))).map((a) => a.productKey)).toEqual([first]);
    expect(await observations(`autre-${shop}/huile`)).toEqual([[900, "import", gtin]]);
    // a deal still linking to the second URL reads the product's whole history
    const read = await observationsSince(await getDb(), new Map([[second, new Date(Date.now() - 60 * DAY)]]));
    expect(read.get(second)!.map((o) => o.priceCents)).toEqual([2600, 2500, 2400]);
    const page = await callRoute(prixLoader, req(`/admin/prix?q=${first}`, { cookie: admin.cookie }));
    expect(page.data.product?.aliases).toMatchObject([{ key: second, gtin }]);
  });

  it("merge: the members' price alerts follow the product (one per member); a price of the past fires none, a new one does", async () => {
    const db = await getDb();
    const shop = `alertes-${uniq()}.fr`;
    const [from, into] = [`${shop}/p/1`, `${shop}/p/1-bis`];
    await seen(from, shop, [[20, 3000]]);
    await seen(into, shop, [[2, 2800]]);
    const [one, both] = [await signedInUser({}), await signedInUser({})];
    const alert = (userId: string, productKey: string) => ({ userId, productKey, label: "Sérum", thresholdCents: 2000, currency: "EUR" });
    await db.insert(s.priceAlerts).values([alert(one.id, from), alert(both.id, from), alert(both.id, into)]);
    await callRoute(prixAction, req("/admin/prix", { cookie: editor.cookie, form: { intent: "merge", from, into } }));
    const alertsOf = async (userId: string) => db.select().from(s.priceAlerts).where(eq(s.priceAlerts.userId, userId));
    expect((await alertsOf(one.id)).map((a) => a.productKey)).toEqual([into]);
    expect((await alertsOf(both.id)).map((a) => a.productKey)).toEqual([into]);

    // a CSV line older than the latest price is history: no drop to tell
    await importPriceCsv({ id: admin.id, email: "admin@example.fr" }, [HEADER, `https://${shop}/p/1-bis;${shop};15,00;EUR;${dayAgo(5)};`].join("\n"), new Date());
    expect((await alertsOf(one.id))[0]).toMatchObject({ below: false, lastNotifiedAt: null });
    // a new price under the threshold, seen under the merged key, fires the alert once
    await db.transaction((tx) => recordPriceObservation(tx, { url: `https://${shop}/p/1`, price: "19,00€", source: "import" }));
    expect((await alertsOf(one.id))[0]).toMatchObject({ below: true, lastNotifiedPriceCents: 1900 });
  });
});
