import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import * as s from "#db/schema";
import { SHARED_PAGE_CACHE_CONTROL } from "#app/lib/shared-pages";
import { createToastHeaders } from "#app/lib/toast.server";
import { startInProcessApp } from "#tests/helpers/app";
import { cookieHeaderFrom, signedInUser, type SignedInUser } from "#tests/helpers/auth";
import { describeEachDb } from "#tests/helpers/db";

type App = Awaited<ReturnType<typeof startInProcessApp>>;

/** The public pages that are the same bytes for a visitor and a member (ADR 048), as pages and as client-side navigations. */
const ARTICLE = `article-partage-${randomUUID().slice(0, 8)}`;
const DRAFT = `brouillon-partage-${randomUUID().slice(0, 8)}`;
const BRAND = `marque-partagee-${randomUUID().slice(0, 8)}`;
const CATEGORY = `categorie-partagee-${randomUUID().slice(0, 8)}`;
const DEAL = randomUUID();
const PENDING_DEAL = randomUUID();
const SHARED = ["/", "/?offres=Soin", "/codes-promo", "/codes-promo?categorie=Mode", "/coup-de-crevarde", `/coup-de-crevarde/${DEAL}`, `/coup-de-crevarde/${DEAL}?commentaires=60`, "/coups-de-crevarde", "/coup-de-crevarde?tab=hot", "/marques", `/marques/${BRAND}`, "/categories", `/categories/${CATEGORY}`, "/blog", `/blog/${ARTICLE}`, "/recherche?q=partag%C3%A9e"];
/** A page's .data, as a client-side navigation asks it: the home page's is /_root.data. */
const dataPath = (p: string) => p.replace(/^([^?]*)/, (path) => (path === "/" ? "/_root.data" : `${path}.data`));

/** The CSP nonce is per response: its values are the one difference allowed. */
const withoutNonce = (body: string) => body.replace(/nonce="[^"]*"/g, 'nonce=""');

describeEachDb("shared public pages: the same bytes for a visitor and a member (issue #38)", ({ database }) => {
  let cached: App;
  let uncached: App;
  let alice: SignedInUser;
  let bob: SignedInUser;

  beforeAll(async () => {
    [cached, uncached] = await Promise.all([startInProcessApp({ pageCacheTtlMs: 60_000 }), startInProcessApp()]);
    alice = await signedInUser({ username: `Alice-${randomUUID().slice(0, 6)}` });
    bob = await signedInUser({ username: `Bob-${randomUUID().slice(0, 6)}` });
    // a deal with a code that Alice voted for and saved: what her page used to show in its HTML
    const db = database().db;
    const [deal] = await db
      .insert(s.crevardeDeals)
      .values({ id: DEAL, title: "Gourde partagée", description: "x", price: "5€", source: "temu", badgeText: "x", ctaText: "GOURDE15", url: "https://www.temu.com/g", publishedAt: new Date("2026-01-01T00:00:00Z") })
      .returning();
    // its page: Alice's comment (hers to edit for 10 minutes), Bob's waiting for a moderator (his alone to see), and
    // Bob's « Expiré ? » flag and report of the deal; Alice's own deal waiting for a moderator
    await db.insert(s.dealComments).values([
      { dealId: DEAL, authorId: alice.id, body: "Le commentaire d'Alice" },
      { dealId: DEAL, authorId: bob.id, body: "Le commentaire en attente de Bob", status: "pending" },
    ]);
    await db.insert(s.dealExpiryFlags).values({ dealId: DEAL, userId: bob.id, kind: "expired", weight: 1 });
    await db.insert(s.contentReports).values({ targetType: "deal", targetId: DEAL, reporterId: bob.id, reason: "misleading" });
    await db.insert(s.crevardeDeals).values({ id: PENDING_DEAL, title: "Le deal en attente d'Alice", description: "x", price: "7€", source: "temu", badgeText: "x", ctaText: "ATTENTE7", url: "https://www.temu.com/a", authorId: alice.id, status: "pending_review" });
    await db.insert(s.dealVotes).values({ dealId: deal!.id, userId: alice.id, value: 1, weight: 1 });
    await db.insert(s.savedDeals).values({ userId: alice.id, dealId: deal!.id });
    // a brand page and a category page with a code Alice answered « Oui » to, and a code deal of the brand
    const [category] = await db.insert(s.categories).values({ name: `Catégorie partagée ${CATEGORY}`, slug: CATEGORY }).returning();
    const [brand] = await db.insert(s.brands).values({ name: "Marque partagée", slug: BRAND, categoryId: category!.id, websiteUrl: "https://partagee.example" }).returning();
    // featured, with the soonest expiry and the newest publication: the home page shows both
    const [code] = await db
      .insert(s.promoCodes)
      .values({ brandId: brand!.id, code: "PARTAGE20", discountAmount: "-20 %", isFeatured: true, expiresAt: new Date(Date.now() + 3_600_000) })
      .returning();
    await db.insert(s.codeFeedback).values({ userId: alice.id, promoCodeId: code!.id, worked: true });
    await db.update(s.crevardeDeals).set({ brandId: brand!.id, isFeatured: true, publishedAt: new Date(Date.now() - 60_000) }).where(eq(s.crevardeDeals.id, deal!.id));
    const article = { title: "Un article pour tous", category: "Conseils", publishedAt: new Date("2026-01-01T00:00:00Z"), imageUrl: "/og-image.png", author: "Zoé", excerpt: "x", body: "<p>Le même pour tout le monde.</p>" };
    await db.insert(s.blogArticles).values([
      { ...article, id: ARTICLE },
      { ...article, id: DRAFT, title: "Un brouillon à relire", published: false },
    ]);
  });
  afterAll(async () => {
    await Promise.all([cached?.close(), uncached?.close()]);
  });

  const get = (app: App, p: string, cookie?: string, accept = "text/html") =>
    fetch(`${app.base}${p}`, { redirect: "manual", headers: { accept, ...(cookie ? { cookie } : {}) } });

  it("renders every shared page, HTML and .data, to the same bytes for a visitor and two members, nonce aside, without the cache", async () => {
    for (const page of SHARED) {
      for (const [p, accept] of [[page, "text/html"], [dataPath(page), "*/*"]] as const) {
        const read = async (cookie?: string) => {
          const res = await get(uncached, p, cookie, accept);
          expect(res.status, p).toBe(200);
          expect(res.headers.get("cache-control"), p).toBe(SHARED_PAGE_CACHE_CONTROL);
          expect(res.headers.get("set-cookie"), p).toBeNull();
          return withoutNonce(await res.text());
        };
        // a page may change with the clock between two renders (« il y a 3 minutes »): a member's equals
        // the visitor's read just before or just after it
        const before = await read();
        const members = [await read(alice.cookie), await read(bob.cookie)];
        const after = await read();
        for (const body of members) expect([before, after], p).toContain(body);
        expect(before).not.toMatch(/Bob-|GOURDE15|PARTAGE20|en attente de Bob|Tu as signalé|Modifier|aria-pressed="true"/);
      }
    }
    // the home page shows the featured code and deal, masked for everyone; and the visitor's copy
    const home = await (await get(uncached, "/", alice.cookie)).text();
    expect(home).toMatch(/PART\*+/);
    expect(home).toContain("Gourde partagée");
    expect(home).toContain("Rejoins le club");
    expect(home).not.toContain("Tu fais déjà partie du club");
  });

  it("serves every shared page from the micro-cache to members too, public and without a cookie", async () => {
    for (const page of SHARED) {
      for (const [p, accept] of [[page, "text/html"], [dataPath(page), "*/*"]] as const) {
        const visitor = await get(cached, p, undefined, accept);
        const reference = withoutNonce(await visitor.text());
        for (const cookie of [alice.cookie, bob.cookie, `cr_consent=x; ${alice.cookie}`]) {
          const res = await get(cached, p, cookie, accept);
          expect(res.status, p).toBe(200);
          expect(res.headers.get("x-cache"), p).toBe("HIT");
          expect(res.headers.get("cache-control"), p).toBe(SHARED_PAGE_CACHE_CONTROL);
          expect(res.headers.get("set-cookie"), p).toBeNull();
          expect(withoutNonce(await res.text()), p).toBe(reference);
        }
      }
    }
  });

  it("renders an editor's preview of a draft article for them alone, private; anyone else gets the 404", async () => {
    const editor = await signedInUser({ role: "admin" });
    for (const app of [cached, uncached]) {
      const preview = await get(app, `/blog/${DRAFT}`, editor.cookie);
      expect(preview.status).toBe(200);
      expect(preview.headers.get("cache-control")).toBe("private, no-store");
      expect(await preview.text()).toContain("Un brouillon à relire");
      for (const cookie of [undefined, alice.cookie]) {
        const other = await get(app, `/blog/${DRAFT}`, cookie);
        expect(other.status).toBe(404);
        expect(other.headers.get("cache-control") ?? "").not.toContain("public");
        expect(await other.text()).not.toContain("Un brouillon à relire");
      }
    }
  });

  it("renders its author's view of their deal waiting for a moderator for them alone, private; anyone else gets the 404", async () => {
    for (const app of [cached, uncached]) {
      for (const [p, accept] of [[`/coup-de-crevarde/${PENDING_DEAL}`, "text/html"], [`/coup-de-crevarde/${PENDING_DEAL}.data`, "*/*"]] as const) {
        const own = await get(app, p, alice.cookie, accept);
        expect(own.status, p).toBe(200);
        expect(own.headers.get("cache-control"), p).toBe("private, no-store");
        expect(own.headers.get("x-cache"), p).toBeNull();
        const body = await own.text();
        expect(body, p).toContain("Le deal en attente d'Alice");
        expect(body, p).toContain("ATTENTE7");
        for (const cookie of [undefined, bob.cookie]) {
          const other = await get(app, p, cookie, accept);
          expect(other.status, p).toBe(404);
          expect(other.headers.get("cache-control") ?? "", p).not.toContain("public");
          expect(await other.text(), p).not.toContain("Le deal en attente d'Alice");
        }
      }
    }
  });

  it("after a member's write (a vote, a comment…), their deal pages are rendered for them for one TTL, private, with their own parts", async () => {
    // freshPageCookie: what the deal page's action sets
    const res = await get(cached, `/coup-de-crevarde/${DEAL}`, `${alice.cookie}; cr_fresh=1`);
    expect(res.status).toBe(200);
    expect(res.headers.get("x-cache")).toBeNull();
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const html = await res.text();
    // her vote and « Sauvegardé », the code, « Modifier » on her comment
    expect(html).toContain('aria-pressed="true"');
    expect(html).toContain("Sauvegardé");
    expect(html).toContain("GOURDE15");
    expect(html).toContain("Modifier");
    expect(html).not.toContain("en attente de Bob");
  });

  it("renders a page with a flash message for its request alone, private, and keeps member pages private", async () => {
    const toast = cookieHeaderFrom(await createToastHeaders({ title: "Vote enregistré", type: "success" }));
    const res = await get(cached, "/coup-de-crevarde", `${alice.cookie}; ${toast}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("x-cache")).toBeNull();
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.headers.get("set-cookie")).toMatch(/cr_toast=/);
    expect(await res.text()).toContain("Vote enregistré");
    for (const p of ["/mon-cashback", "/profile", "/mes-deals", "/mes-alertes"]) {
      const member = await get(cached, p, alice.cookie);
      expect(member.headers.get("cache-control"), p).toBe("private, no-store");
      expect(member.headers.get("x-cache"), p).toBeNull();
    }
  });
});
