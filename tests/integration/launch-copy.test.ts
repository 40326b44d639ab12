/**
 * Issue #34 item 4: no "coming soon" while cashback is live, and no live cashback while it is off.
 *
 * Every public page (the static pages of the public layout in app/routes.ts, every URL of the sitemap, the
 * sign-in and sign-up page) and every member page is rendered to its full HTML by the production request
 * handler, on the demo seed, in both states of the `cashback_launched` setting, signed out and signed in:
 * - launched: no « bientôt », « sera lancé », « prochainement » or « Bientôt disponible » within
 *   NEAR characters of "cashback" (titles and meta descriptions included);
 * - not launched: no « Activer le cashback » link or button (nor a disabled « Bientôt » in its place), no
 *   click-out to /cashback/activer/, and no cashback balance. Signed in as a new member: a member with cashback history keeps seeing their money
 *   (app/routes/mon-cashback.tsx), which is not a live cashback offer.
 *
 * Issue #34 item 2, the same crawl once launched: every « Activer le cashback » on every page, seen as a
 * visitor or a member, is a link to /cashback/activer/:programme, and each is followed: a member goes to
 * the network (click id), a visitor to sign-in and, once signed in, back to the same activation. The walk also
 * renders the search results for a brand with a programme (SEARCH_PATH), which no sitemap lists.
 *
 * And positively: the privacy policy and « Comment nous gagnons de l'argent » describe the cashback when it is
 * launched and say it is not open yet when it is off (LAUNCH_TEXTS).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import routes from "#app/routes";
import { setSetting } from "#app/modules/settings/settings.server";
import { seed } from "#app/seed/index";
import { DEMO_ACCOUNTS } from "#app/seed/demo-accounts";
import { DEMO_PROGRAM_BRAND_SLUG } from "#app/seed/data/programs";
import { startInProcessApp } from "#tests/helpers/app";
import { signedInUser } from "#tests/helpers/auth";
import { describeEachDb } from "#tests/helpers/db";

/** How far (characters of page text) a « bientôt » may be from "cashback" and still speak of it. */
const NEAR = 80;
const SOON = /bientôt|sera lancé|prochainement|Bientôt disponible/gi;
/** « bientôt » that speaks of something else than cashback, whatever is near: a code about to expire, the blog's next articles, a goodbye. */
const NOT_ABOUT_CASHBACK = /Expire bientôt|Plus d'articles bientôt|À bientôt/gi;

/** Search results for the demo brand that has a programme: its offers carry « Activer le cashback ». */
const SEARCH_PATH = `/recherche?q=${DEMO_PROGRAM_BRAND_SLUG}`;

/** A phrase of each launch-dependent legal page, in each state of `cashback_launched`. */
const LAUNCH_TEXTS: Record<string, { launched: string[]; off: string[] }> = {
  // the pages that present Crevarde say what is true in each state, not only nothing false
  "/": {
    launched: ["Codes promo vérifiés, deals du jour et cashback sur tes marques partenaires."],
    off: ["Codes promo vérifiés et deals du jour sur tes marques partenaires, en attendant le cashback."],
  },
  "/pourquoi": {
    launched: ["Avec le cashback, une partie de tes achats chez nos marques partenaires te revient."],
    off: ["Le cashback arrive : une partie de tes achats chez nos marques partenaires te reviendra"],
  },
  "/pourquoi-crevarde": {
    launched: ["Du cashback sur tes achats", "active le cashback sur la page de la marque avant de commander"],
    off: ["Du cashback, bientôt"],
  },
  "/apropos": {
    launched: ["Et avec le cashback, tu récupères une partie de tes achats chez nos marques partenaires."],
    off: ["Le cashback, qui te fera récupérer une partie de tes achats chez nos marques partenaires, n'est pas encore ouvert."],
  },
  "/deals": {
    launched: ["Et découvre les Coups de Crevarde du jour"],
    off: ["En attendant, découvre les Coups de Crevarde du jour"],
  },
  "/legal/politique-confidentialite": {
    launched: ["suivi de ton cashback", "Pour ton cashback : les plateformes d'affiliation reçoivent un identifiant de clic"],
    off: ["(le cashback n'est pas encore ouvert)"],
  },
  "/legal/comment-nous-gagnons-de-l-argent": {
    launched: ["une partie de la commission te revient : c'est ton cashback"],
    off: ["Le cashback n'est pas encore ouvert : le jour de son lancement, une partie de ces commissions te reviendra."],
  },
};

/** What each launch-dependent legal page of `rendered` lacks of the state's phrases, and shows of the other state's. */
function launchTextProblems(rendered: Array<{ path: string; html: string }>, state: "launched" | "off"): string[] {
  const other = state === "launched" ? "off" : "launched";
  const problems: string[] = [];
  for (const [p, texts] of Object.entries(LAUNCH_TEXTS)) {
    const pages = rendered.filter((r) => r.path === p);
    if (pages.length === 0) problems.push(`${p}: not rendered`);
    for (const page of pages) {
      const text = readableText(page.html);
      for (const phrase of texts[state]) if (!text.includes(phrase)) problems.push(`${p}: lacks « ${phrase} »`);
      for (const phrase of texts[other]) if (text.includes(phrase)) problems.push(`${p}: shows « ${phrase} »`);
    }
  }
  return problems;
}

type RouteEntry = { path?: string; index?: boolean; file: string; children?: RouteEntry[] };

/** The pages of the public layout of app/routes.ts without a parameter (the sitemap gives the others). */
function publicLayoutPaths(): string[] {
  const layout = (routes as RouteEntry[]).find((r) => r.file === "routes/_public.tsx")!;
  return layout
    .children!.filter((r) => r.index || (r.path && !/[:*]/.test(r.path)))
    .map((r) => (r.index ? "/" : `/${r.path}`));
}

/** The text a reader (or a search engine) gets from a page: visible text, the title, and the meta descriptions. */
function readableText(html: string): string {
  const metas = [...html.matchAll(/<meta\b[^>]*\bcontent="([^"]*)"[^>]*>/g)].map((m) => m[1]);
  const body = html
    .replace(/<script\b[\s\S]*?<\/script>/g, " ")
    .replace(/<style\b[\s\S]*?<\/style>/g, " ")
    .replace(/<[^>]+>/g, " ");
  return decode(`${metas.join(" ")} ${body}`).replace(/\s+/g, " ");
}

const decode = (text: string) =>
  text
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&nbsp;|&#xa0;/gi, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** Each « bientôt »-like word of the text that has "cashback" within NEAR characters, with its context. */
function soonNearCashback(text: string): string[] {
  const found: string[] = [];
  text = text.replace(NOT_ABOUT_CASHBACK, "…");
  for (const m of text.matchAll(SOON)) {
    const around = text.slice(Math.max(0, m.index - NEAR), m.index + m[0].length + NEAR);
    if (/cashback/i.test(around)) found.push(around.trim());
  }
  return found;
}

/** What sells or shows a live cashback: an activation link or button, a click-out, a balance. */
function liveCashback(html: string): string[] {
  const found: string[] = [];
  if (html.includes('href="/cashback/activer/')) found.push("a link to /cashback/activer/");
  for (const m of html.matchAll(/<(a|button)\b[^>]*>([\s\S]*?)<\/\1>/g)) {
    if (/Activer le cashback/i.test(decode(m[2].replace(/<[^>]+>/g, "")))) found.push(`a ${m[1]} « Activer le cashback »`);
  }
  if (/data-testid="balance-/.test(html) || /Mes soldes/.test(html)) found.push("a cashback balance");
  // a disabled « Bientôt » in an activation button's place (the category filter's « X · Bientôt » is not one)
  for (const m of html.matchAll(/<button\b[^>]*\bdisabled\b[^>]*>([\s\S]*?)<\/button>/g)) {
    if (decode(m[1].replace(/<[^>]+>/g, "")).trim() === "Bientôt") found.push("a disabled « Bientôt » button");
  }
  return found;
}

/** Every « Activer le cashback » of a page: its href (null when it is not a link, e.g. a button). */
function activationControls(html: string): Array<string | null> {
  const found: Array<string | null> = [];
  for (const m of html.matchAll(/<(a|button)\b([^>]*)>([\s\S]*?)<\/\1>/g)) {
    if (!/Activer le cashback/i.test(decode(m[3].replace(/<[^>]+>/g, "")))) continue;
    const href = m[1] === "a" ? /\bhref="([^"]*)"/.exec(m[2])?.[1] : undefined;
    found.push(href ? decode(href) : null);
  }
  return found;
}

describeEachDb("launch-dependent copy on every page (issue #34 item 4)", () => {
  let app: Awaited<ReturnType<typeof startInProcessApp>>;
  let paths: string[] = [];
  const cookies = { demoMember: "", newMember: "" };

  beforeAll(async () => {
    const { getDb } = await import("#app/lib/db.server");
    await seed(await getDb(), { uploadsDir: fs.mkdtempSync(path.join(os.tmpdir(), "crevarde-launch-")) });
    app = await startInProcessApp();
    const demo = DEMO_ACCOUNTS.find((a) => a.role === "user")!;
    const login = await fetch(`${app.base}/auth`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": "198.18.0.7" },
      body: new URLSearchParams({ intent: "login", email: demo.email, password: demo.password }),
    });
    cookies.demoMember = login.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    expect(cookies.demoMember).toContain("session_token");
    cookies.newMember = (await signedInUser()).cookie;
    const sitemap = await (await fetch(`${app.base}/sitemap.xml`)).text();
    const fromSitemap = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
    paths = [...new Set([...publicLayoutPaths(), ...fromSitemap, "/auth", "/auth?tab=signup", SEARCH_PATH])];
  });

  afterAll(async () => {
    await app?.close();
  });

  async function render(p: string, cookie: string) {
    const res = await fetch(`${app.base}${p}`, { redirect: "manual", headers: { accept: "text/html", ...(cookie ? { cookie } : {}) } });
    return { status: res.status, html: await res.text() };
  }

  /** Every page in one state, as a visitor and as the given member: the pages that answer 200 and what is wrong on each. */
  async function walk(member: string, check: (html: string) => string[]) {
    const problems: string[] = [];
    const rendered: Array<{ path: string; html: string }> = [];
    for (const cookie of ["", member]) {
      for (const p of paths) {
        const { status, html } = await render(p, cookie);
        expect(status, `${p} ${cookie ? "(member)" : ""}`).toBeLessThan(500);
        if (status !== 200) continue;
        rendered.push({ path: p, html });
        for (const problem of check(html)) problems.push(`${p}${cookie ? " (member)" : ""}: ${problem}`);
      }
    }
    return { problems, rendered };
  }

  it("finds the public pages: the layout's, the sitemap's, the blog article on cashback, the legal pages, search results", () => {
    for (const p of [SEARCH_PATH, "/", "/pourquoi", "/pourquoi-crevarde", "/apropos", "/deals", "/blog/cashback-explique", "/legal/politique-confidentialite", "/legal/comment-nous-gagnons-de-l-argent", "/mon-cashback"]) {
      expect(paths).toContain(p);
    }
    expect(paths.some((p) => p.startsWith("/marques/"))).toBe(true);
  });

  /** Every « Activer le cashback » link seen on a page by the launched walk (the next test follows each). */
  const activations = new Set<string>();

  it("launched: no « bientôt » near cashback on any page, signed out or in; every « Activer le cashback » is a link to an activation", async () => {
    await setSetting("cashback_launched", true);
    const { problems, rendered } = await walk(cookies.demoMember, (html) => [
      ...soonNearCashback(readableText(html)),
      ...activationControls(html)
        .filter((href) => href === null || !/^\/cashback\/activer\/[0-9a-f-]{36}(\?(deal|code)=[0-9a-f-]{36})?$/.test(href))
        .map((href) => `« Activer le cashback » that is not an activation link: ${href ?? "a button"}`),
    ]);
    expect(problems).toEqual([]);
    for (const r of rendered) for (const href of activationControls(r.html)) activations.add(href!);
    // the walk saw the live cashback: a brand page with a programme sells it, and so do the home page's offers
    expect(rendered.some((r) => liveCashback(r.html).length > 0)).toBe(true);
    expect(activationControls(rendered.find((r) => r.path === "/")!.html).length).toBeGreaterThan(0);
    // search results sell it too, to a visitor and to a member, and their links are among those followed next
    const searches = rendered.filter((r) => r.path === SEARCH_PATH);
    expect(searches).toHaveLength(2);
    for (const r of searches) expect(activationControls(r.html).length, SEARCH_PATH).toBeGreaterThan(0);
    // the privacy policy and « Comment nous gagnons de l'argent » describe the live cashback
    expect(launchTextProblems(rendered, "launched")).toEqual([]);
  });

  it("launched: each activation link takes a member to the network and a visitor to sign-in, then back to it", async () => {
    expect(activations.size).toBeGreaterThan(0);
    const follow = (href: string, cookie = "") =>
      fetch(`${app.base}${href}`, { redirect: "manual", headers: { accept: "text/html", "x-forwarded-for": "198.18.0.8", ...(cookie ? { cookie } : {}) } });
    let member = "";
    let used = 0;
    // a visitor comes back through /cashback/activer/:programme/suite (a page of ours: see its route)
    const suite = (href: string) => href.replace(/^(\/cashback\/activer\/[^?]+)/, "$1/suite");
    for (const href of activations) {
      const visitor = await follow(href);
      expect(visitor.status, href).toBe(302);
      expect(visitor.headers.get("location"), href).toBe(`/auth?redirect=${encodeURIComponent(suite(href))}`);
      // a member's clicks are rate-limited (CLICK_SESSION_LIMIT): a fresh member every 25 links
      if (used++ % 25 === 0) member = (await signedInUser()).cookie;
      const out = await follow(href, member);
      expect(out.status, href).toBe(302);
      const network = new URL(out.headers.get("location")!);
      expect(network.origin, href).not.toBe(new URL(app.base).origin);
      expect(network.protocol).toMatch(/^https?:$/);
    }
    // the visitor's way: sign in from /auth?redirect=…, land on our page, which goes on (meta refresh and link) to
    // the activation, and from there to the network
    const first = [...activations].find((href) => href.includes("?deal=")) ?? [...activations][0];
    const demo = DEMO_ACCOUNTS.find((a) => a.role === "user")!;
    const login = await fetch(`${app.base}/auth?redirect=${encodeURIComponent(suite(first))}`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": "198.18.0.9" },
      body: new URLSearchParams({ intent: "login", email: demo.email, password: demo.password, redirectTo: suite(first) }),
    });
    expect(login.status).toBe(302);
    expect(login.headers.get("location")).toBe(suite(first));
    const cookie = login.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    const page = await follow(suite(first), cookie);
    expect(page.status).toBe(200);
    const html = decode(await page.text());
    expect(html).toContain(`<meta http-equiv="refresh" content="0;url=${first}"/>`);
    expect(html).toContain(`href="${first}"`);
    const back = await follow(first, cookie);
    expect(back.status).toBe(302);
    expect(new URL(back.headers.get("location")!).origin).not.toBe(new URL(app.base).origin);
  });

  it("not launched: no activation button and no balance on any page, signed out or in", async () => {
    await setSetting("cashback_launched", false);
    try {
      const { problems, rendered } = await walk(cookies.newMember, liveCashback);
      expect(problems).toEqual([]);
      // the walk saw the pre-launch copy
      expect(rendered.some((r) => soonNearCashback(readableText(r.html)).length > 0)).toBe(true);
      // the search results were rendered, without activation, and the legal pages say the cashback is not open yet
      expect(rendered.filter((r) => r.path === SEARCH_PATH)).toHaveLength(2);
      expect(launchTextProblems(rendered, "off")).toEqual([]);
    } finally {
      await setSetting("cashback_launched", true);
    }
  });

  it("the checks see what they look for", () => {
    expect(soonNearCashback("Le cashback arrive bientôt chez nous.")).toHaveLength(1);
    expect(soonNearCashback("Plus d'articles bientôt... Le cashback expliqué")).toEqual([]);
    expect(soonNearCashback("Active ton cashback. Expire bientôt")).toEqual([]);
    expect(soonNearCashback(readableText('<meta name="description" content="et bientôt du cashback">'))).toHaveLength(1);
    expect(liveCashback('<a href="/cashback/activer/x">Go</a>')).toHaveLength(1);
    expect(liveCashback('<button type="submit"><svg></svg> Activer le cashback</button>')).toHaveLength(1);
    expect(liveCashback("<p>clique sur « Activer le cashback » sur la page d'une marque</p>")).toEqual([]);
    expect(liveCashback('<div data-testid="balance-available">0,00 €</div>')).toHaveLength(1);
    expect(liveCashback('<button type="button" disabled="" class="x">Bientôt</button>')).toHaveLength(1);
    expect(liveCashback('<button type="button" disabled="">Visage · Bientôt</button>')).toEqual([]);
    expect(activationControls('<a class="b" href="/cashback/activer/x?deal=y&amp;z">Activer le cashback</a><button disabled>Activer le cashback</button>')).toEqual(["/cashback/activer/x?deal=y&z", null]);
  });
});
