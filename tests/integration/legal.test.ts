import { sql } from "drizzle-orm";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/lib/db.server";
import { EARNINGS_PATH } from "#app/modules/content/earnings";
import { retentionRows } from "#app/modules/content/legal";
import { LEGAL_FIELDS, type LegalIdentity } from "#app/modules/legal/identity";
import { RETENTION } from "#app/modules/privacy/retention";
import { action as settingsAction } from "#app/routes/admin/settings";
import { LEGAL_PAGES } from "#app/seed/data/legal";
import { startInProcessApp } from "#tests/helpers/app";
import { req, signedInUser, type SignedInUser } from "#tests/helpers/auth";
import { MIGRATIONS, migrationsUpTo } from "#tests/helpers/migrations";
import { createTestDatabase, dbKinds, describeEachDb } from "#tests/helpers/db";
import { callRoute } from "#tests/helpers/route";
import * as schema from "#db/schema";
import { RANKINGS } from "#app/components/legal/earnings";
import { listBrands } from "#app/modules/brands/brands.server";
import { searchDeals } from "#app/modules/deals/deals.server";
import { parseDealSearch } from "#app/modules/deals/deals.schema";
import { hotScore } from "#app/modules/deals/deal-rules";
import { listMemberCodes } from "#app/modules/promo-codes/promo-codes.server";
import OLD_PAGES from "./fixtures/legal-pages-2025.json";

/** The text of an HTML page, entities decoded, tags kept (React escapes ' and &). */
const decode = (html: string) =>
  html.replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, "&").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/<!-- -->/g, "");

const IDENTITY: LegalIdentity = {
  publisherName: "Économes Réunies SAS",
  companyForm: "Société par actions simplifiée",
  capital: "5 000 €",
  address: "3 impasse des Soldes, 69002 Lyon",
  registration: "RCS Lyon 901 234 567",
  phone: "04 65 71 00 11",
  email: "contact@economes.example",
  publicationDirector: "Alix Dupont",
  hostName: "Hébergeur Témoin SARL",
  hostAddress: "7 quai des Serveurs, 67000 Strasbourg",
  hostPhone: "03 53 01 00 22",
  hostingRegion: "france",
  privacyContact: "dpo@economes.example",
};
const REQUIRED = LEGAL_FIELDS.filter((f) => f.required);

/** A signed-in viewer of the codes list: their codes are whole (a null viewer gets them masked, ADR 048). */
const MEMBER = "membre-lecteur";

describeEachDb("legal pages from the legal identity settings", () => {
  let app: Awaited<ReturnType<typeof startInProcessApp>>;
  let admin: SignedInUser;
  const page = async (p: string, cookie?: string) => {
    const res = await fetch(`${app.base}${p}`, { headers: { accept: "text/html", ...(cookie ? { cookie } : {}) } });
    return { status: res.status, html: decode(await res.text()) };
  };
  const saveLegal = (identity: Partial<LegalIdentity>, cookie = admin.cookie) =>
    callRoute(settingsAction, req("/admin/settings", { form: { intent: "legal", ...(identity as Record<string, string>) }, cookie }));
  const WARNING = "Mentions légales incomplètes";

  beforeAll(async () => {
    app = await startInProcessApp();
    admin = await signedInUser({ role: "admin" });
  });
  afterAll(async () => {
    await app?.close();
  });

  it("a database without the demo seed serves the mentions and the privacy policy with « non renseigné », and the dashboard lists every missing value", async () => {
    const mentions = await page("/legal/mentions-legales");
    expect(mentions.status).toBe(200);
    for (const f of ["publisherName", "companyForm", "address", "registration", "phone", "email", "publicationDirector", "hostName", "hostAddress", "hostPhone", "hostingRegion"]) {
      expect(mentions.html, f).toMatch(new RegExp(`data-legal-field="${f}"[^>]*>non renseigné<`));
    }
    const privacy = await page("/legal/politique-confidentialite");
    expect(privacy.status).toBe(200);
    expect(privacy.html).toContain("non renseigné");
    // the other legal pages still need their stored page
    expect((await page("/legal/cgv")).status).toBe(404);

    const dashboard = await page("/admin", admin.cookie);
    expect(dashboard.html).toContain(WARNING);
    for (const f of REQUIRED) expect(dashboard.html, f.label).toContain(f.label);
    // optional values are not asked for
    expect(dashboard.html).not.toContain("Capital social");
  });

  it("every value saved in /admin/settings appears on the legal pages; the warning names what is still empty, then disappears", async () => {
    const { hostPhone: _missing, ...partial } = IDENTITY;
    const saved = await saveLegal(partial);
    expect(saved.data.toast?.title, JSON.stringify(saved.data)).toBe("Informations légales enregistrées");

    const mentions = (await page("/legal/mentions-legales")).html;
    for (const f of LEGAL_FIELDS) {
      if (f.name === "hostPhone" || f.name === "hostingRegion" || f.name === "privacyContact") continue;
      expect(mentions, f.name).toContain(IDENTITY[f.name]);
    }
    expect(mentions).toMatch(/data-legal-field="hostPhone"[^>]*>non renseigné</);
    expect(mentions).toContain("En France");
    expect(mentions).not.toContain("12 rue des Économes");

    let dashboard = (await page("/admin", admin.cookie)).html;
    expect(dashboard).toContain(`${WARNING} : Hébergeur : téléphone.`);

    await saveLegal(IDENTITY);
    dashboard = (await page("/admin", admin.cookie)).html;
    expect(dashboard).not.toContain(WARNING);
    expect((await page("/legal/mentions-legales")).html).toContain(IDENTITY.hostPhone);

    // emptying one value brings the warning back
    await saveLegal({ ...IDENTITY, registration: "" });
    expect((await page("/admin", admin.cookie)).html).toContain(`${WARNING} : Immatriculation (RCS ou SIREN).`);
    await saveLegal(IDENTITY);
  });

  it("the privacy policy states the controller, purposes with legal bases, recipients, transfers, rights and the CNIL", async () => {
    await saveLegal(IDENTITY);
    const { status, html } = await page("/legal/politique-confidentialite");
    expect(status).toBe(200);
    for (const v of [IDENTITY.publisherName, IDENTITY.address, IDENTITY.privacyContact, IDENTITY.hostName]) expect(html).toContain(v);
    for (const basis of ["Exécution du contrat", "Ton consentement", "Intérêt légitime", "Obligation légale"]) expect(html).toContain(basis);
    expect(html).toContain("Tes données sont hébergées en France.");
    // Google Analytics is configured only by the setting or GA_MEASUREMENT_ID: not here, so no transfer is announced
    expect(html).toContain("Aucune de tes données n'est transférée hors de l'Union européenne");
    for (const right of ["Accès et portabilité", "Rectification", "Effacement", "Opposition", "Retrait de ton consentement", "Directives post-mortem"]) {
      expect(html).toContain(right);
    }
    expect(html).toContain('href="/profile/export"');
    expect(html).toContain("3 place de Fontenoy");
    expect(html).toContain('href="https://www.cnil.fr/fr/plaintes"');
  });

  it("with Google Analytics configured, the policy names Google, the transfer to the United States and its safeguards", async () => {
    await callRoute(settingsAction, req("/admin/settings", { form: { temuEndsAt: "2030-01-01T00:00", gaMeasurementId: "G-LEGAL123" }, cookie: admin.cookie }));
    const { html } = await page("/legal/politique-confidentialite");
    expect(html).toContain("Google Ireland Ltd");
    expect(html).toContain("États-Unis (Google LLC)");
    expect(html).toContain("Data Privacy Framework");
    await callRoute(settingsAction, req("/admin/settings", { form: { temuEndsAt: "2030-01-01T00:00", gaMeasurementId: "" }, cookie: admin.cookie }));
  });

  it("the privacy policy's durations are the RETENTION constants the purge applies", async () => {
    const { html } = await page("/legal/politique-confidentialite");
    for (const row of retentionRows()) expect(html).toContain(`<td class="py-2">${row.duration}</td>`);
    const cell = (label: RegExp) => html.match(new RegExp(`<td class="py-2 pr-4">[^<]*${label.source}[^<]*</td><td class="py-2">([^<]*)</td>`))?.[1];
    expect(cell(/Mesure d'audience/)).toBe(`${RETENTION.analyticsMonths} mois`);
    expect(cell(/sessions de connexion/)).toBe(`${RETENTION.sessionDays} jours après ta dernière connexion`);
    expect(cell(/E-mails que nous t'envoyons/)).toBe(`${RETENTION.outboxDays} jours`);
    expect(cell(/Données d'achat/)).toBe(`${RETENTION.purchaseYears} ans`);
    expect(cell(/désinscription à la newsletter/)).toBe(`${RETENTION.newsletterUnsubscribedMonths} mois après ta désinscription`);
    expect(cell(/choix de cookies/)).toBe("6 mois");
  });

  it("the hosting location is one statement: mentions, privacy policy and concept page follow the setting", async () => {
    await saveLegal({ ...IDENTITY, hostingRegion: "eu" });
    expect((await page("/legal/mentions-legales")).html).toContain("Dans l'Union européenne");
    expect((await page("/legal/politique-confidentialite")).html).toContain("Tes données sont hébergées dans l'Union européenne.");
    const concept = (await page("/pourquoi-crevarde")).html;
    expect(concept).toContain("elles sont hébergées dans l'Union européenne");
    expect(concept).not.toContain("hébergées en France");
    expect(concept).toContain(`href="${EARNINGS_PATH}"`);
    await saveLegal({ ...IDENTITY, hostingRegion: "" });
    expect((await page("/pourquoi-crevarde")).html).not.toMatch(/hébergées (en France|dans l'Union)/);
    // /apropos gives the contact address of the mentions, not a second one
    await saveLegal(IDENTITY);
    const about = (await page("/apropos")).html;
    expect(about).toContain(`mailto:${IDENTITY.email}`);
    expect(about).not.toContain("bonjour@crevarde.fr");
    expect(about).toContain(`href="${EARNINGS_PATH}"`);
  });

  it("refuses an invalid phone, e-mail or hosting location with a French message, and non-admins", async () => {
    const bad = await saveLegal({ ...IDENTITY, phone: "appelle-moi", privacyContact: "pas-une-adresse", hostingRegion: "mars" });
    expect(bad.status).toBe(400);
    const text = JSON.stringify(bad.data);
    expect(text).toContain("« Téléphone de l'éditeur » doit être un numéro de téléphone");
    expect(text).toContain("doit être une adresse e-mail");
    expect(text).toContain("Le lieu d'hébergement doit être la France ou l'Union européenne.");
    // markup is removed
    await saveLegal({ ...IDENTITY, publicationDirector: "<b>Alix</b> Dupont" });
    expect((await page("/legal/mentions-legales")).html).toMatch(/data-legal-field="publicationDirector">Alix Dupont</);
    const member = await signedInUser();
    expect((await saveLegal(IDENTITY, member.cookie)).status).toBe(403);
  });

  it("« Comment nous gagnons de l'argent » explains affiliate links, the unchanged price and the ranking, and every page's footer links it", async () => {
    const { status, html } = await page(EARNINGS_PATH);
    expect(status).toBe(200);
    expect(html).toContain("<h1");
    expect(html).toContain("Comment nous gagnons de l'argent");
    expect(html).toContain("Le prix est le même pour toi");
    expect(html).toContain("lien affilié");
    expect(html).toContain("Aucun classement du site ne dépend de la commission");
    expect(html).toContain("Du plus récent au plus ancien");
    expect(await (await fetch(`${app.base}/sitemap.xml`)).text()).toContain(`${EARNINGS_PATH}</loc>`);
    for (const p of ["/", "/legal/mentions-legales", "/marques"]) {
      expect((await page(p)).html, p).toMatch(new RegExp(`<footer[\\s\\S]*href="${EARNINGS_PATH}"[\\s\\S]*</footer>`));
    }
  });
});

describeEachDb("the ranking page states the order of each list", ({ database }) => {
  it("deals newest first; codes soonest expiry first, undated last, then by code; brands alphabetically", async () => {
    const db = database().db;
    const rank = (list: string) => RANKINGS.find((r) => r.list.startsWith(list))!.order;
    const [zeta, alpha] = await db
      .insert(schema.brands)
      .values([
        { name: "Zeta Rang", slug: "zeta-rang", websiteUrl: "https://zeta.example" },
        { name: "Alpha Rang", slug: "alpha-rang", websiteUrl: "https://alpha.example" },
      ])
      .returning();
    const hour = 3_600_000;
    const now = Date.now();
    const deal = (title: string, ageHours: number, isFeatured: boolean) => ({
      title, description: "rang", price: "1€", source: "temu", badgeText: "Top", url: "https://zeta.example/d", isFeatured, createdAt: new Date(now - ageHours * hour),
    });
    // a featured (editorial) deal gets no better rank: the list is by date
    await db.insert(schema.crevardeDeals).values([deal("Rang ancien vedette", 30, true), deal("Rang récent", 1, false), deal("Rang moyen", 10, false)]);
    expect(rank("Coup de Crevarde")).toMatch(/^Du plus récent au plus ancien/);
    // the community tabs (L111-7): the hot order's formula (deal-rules.ts hotScore: log10 of the temperature + 1 point per 45,000 s), weights, damping, expiry
    expect(rank("Onglets « Les plus hot »")).toMatch(/« Commentés » : du deal qui compte le plus de commentaires visibles/);
    expect(rank("Onglets « Les plus hot »")).toMatch(/10° valent 1 point, 100° valent 2 points.*12,5 heures.*de 1 à 3.*au-delà de 3 comptes.*plus de 5 comptes de moins de 7 jours.*Expiré.*Sponsorisé/);
    // ten times the temperature (1 point) and 12.5 hours fresher (1 point): 2 points
    expect(hotScore(100, new Date(45_000_000)) - hotScore(10, new Date(0))).toBeCloseTo(2, 6);
    expect((await searchDeals(parseDealSearch(new URLSearchParams("q=rang")), true)).deals.map((d) => d.title)).toEqual(["Rang récent", "Rang moyen", "Rang ancien vedette"]);

    const code = (c: string, days: number | null, isFeatured = false) => ({
      brandId: zeta.id, code: c, discountAmount: "5%", isFeatured, expiresAt: days === null ? null : new Date(now + days * 24 * hour),
    });
    await db.insert(schema.promoCodes).values([code("BSANSDATE", null), code("ASANSDATE", null), code("LOINTAIN", 30, true), code("BIENTOT", 2)]);
    expect(rank("Codes promo (Mes codes promo")).toMatch(/expirent le plus tôt d'abord, les codes sans date limite à la fin ; à date égale, les codes les mieux confirmés .*, puis par ordre alphabétique du code. Les codes qui échouent .* passent à la fin/);
    expect((await listMemberCodes(null, MEMBER)).live.map((c) => c.code)).toEqual(["BIENTOT", "LOINTAIN", "ASANSDATE", "BSANSDATE"]);
    await db.insert(schema.promoCodes).values([code("FINI-AVANT", -10), code("FINI-HIER", -1)]);
    expect(rank("Codes promo (Mes codes promo")).toMatch(/codes expirés sont regroupés à part, les plus récemment expirés d'abord/);
    expect((await listMemberCodes(null, MEMBER)).expired.map((c) => c.code)).toEqual(["FINI-HIER", "FINI-AVANT"]);

    expect(rank("Marques")).toBe("Par ordre alphabétique.");
    expect((await listBrands()).map((b) => b.id)).toEqual([alpha.id, zeta.id]);
  });
});


for (const kind of dbKinds()) {
  describe(`legal pages data migration [${kind}]`, () => {
    let database: Database;
    const migrate = (folder: string) =>
      database.kind === "pglite" ? migratePglite(database.db as never, { migrationsFolder: folder }) : migratePg(database.db, { migrationsFolder: folder });

    beforeAll(async () => {
      database = await createTestDatabase(kind, { migrate: false });
      await database.db.execute(sql`create extension if not exists pg_trgm`);
      await migrate(migrationsUpTo("_privacy_data"));
    });
    afterAll(async () => {
      await database?.close();
    });

    it("turns the pages seeded by the previous version into the new seed's text, and leaves an edited page alone", async () => {
      const db = database.db;
      for (const [slug, content] of Object.entries(OLD_PAGES as Record<string, string>)) {
        // the cookie page as an admin edited it: the migration must not touch it
        const stored = slug === "cookies" ? `<p>Texte maison.</p>${content.replace("13 mois.</p>", "13 mois (édité).</p>")}` : content;
        await db.execute(sql`insert into pages (title, slug, content) values (${slug}, ${slug}, ${stored})`);
      }
      await migrate(MIGRATIONS);
      const rows = ((await db.execute(sql`select slug, content from pages`)) as unknown as { rows: Array<{ slug: string; content: string }> }).rows;
      const content = (slug: string) => rows.find((r) => r.slug === slug)!.content;
      for (const slug of ["mentions-legales", "politique-confidentialite", "cgv"]) {
        expect(content(slug), slug).toBe(LEGAL_PAGES.find((p) => p.slug === slug)!.content("Crevarde"));
      }
      expect(content("cookies")).toContain("13 mois (édité).");
      expect(content("mentions-legales")).not.toContain("12 rue des Économes");
    });
  });
}
