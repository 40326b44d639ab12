import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { desc, eq, sql } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import * as s from "#db/schema";
import { seed } from "#app/seed/index";
import { action as newsletterAction } from "#app/routes/newsletter";
import { action as unsubscribeAction, loader as unsubscribeLoader } from "#app/routes/newsletter.unsubscribe";
import { action as confirmAction, loader as confirmLoader } from "#app/routes/newsletter.confirm";
import type { Db } from "#app/lib/db.server";
import { loader as kpiLoader } from "#app/routes/kpi";
import { action as analyticsAction } from "#app/routes/analytics";
import { action as consentAction } from "#app/routes/consent";
import { loader as temuLoader } from "#app/routes/temu";
import { action as savedAction, loader as savedLoader } from "#app/routes/mes-deals";
import { loader as inviteLoader } from "#app/routes/invite";
import { action as authAction } from "#app/routes/auth";
import { setSetting } from "#app/modules/settings/settings.server";
import { req, signedInUser, TEST_ORIGIN } from "#tests/helpers/auth";
import { describeEachDb } from "#tests/helpers/db";
import { callRoute } from "#tests/helpers/route";
import { verifyAddress } from "#tests/helpers/referrals";

const BROWSER_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

const waitFor = async (fn: () => Promise<boolean>) => {
  for (let i = 0; i < 50; i++) {
    if (await fn()) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return false;
};

/** The newest newsletter confirmation link sent to `email`. */
async function confirmationLink(db: Db, email: string) {
  const [mail] = await db
    .select()
    .from(s.emailOutbox)
    .where(sql`lower(${s.emailOutbox.to}) = lower(${email}) and ${s.emailOutbox.kind} = 'newsletter-confirm'`)
    .orderBy(desc(s.emailOutbox.createdAt))
    .limit(1);
  return mail.text.match(/https?:\/\/\S+\/newsletter\/confirmation\?token=[\w.%-]+/)![0];
}

describeEachDb("growth", ({ database, kind }) => {
  beforeAll(async () => {
    await seed(database().db, { uploadsDir: fs.mkdtempSync(path.join(os.tmpdir(), "crevarde-growth-")) });
  });

  it("newsletter: double opt-in, the link subscribes once, sends the welcome mail with List-Unsubscribe, unsubscribes by token", async () => {
    const db = database().db;
    const member = await signedInUser({ email: "abonnee@example.fr" });
    const first = await callRoute(newsletterAction, req("/newsletter", { form: { email: "Abonnee@Example.fr", source: "home", _js: "1" } }));
    expect(first.data).toEqual({ ok: true, title: "Plus qu'une étape !", message: "Vérifie ta boîte mail : clique sur le lien que nous venons de t'envoyer pour confirmer ton inscription." });
    // nothing is subscribed before the owner clicks
    expect(await db.select().from(s.newsletterSubscribers).where(sql`lower(email) = 'abonnee@example.fr'`)).toEqual([]);
    const link = await confirmationLink(db, "Abonnee@Example.fr");
    const token = new URL(link).searchParams.get("token")!;
    const shown = await callRoute(confirmLoader, req(`/newsletter/confirmation?token=${encodeURIComponent(token)}`));
    expect(shown.data.email).toBe("Abonnee@Example.fr");
    expect(await db.select().from(s.newsletterSubscribers).where(sql`lower(email) = 'abonnee@example.fr'`)).toEqual([]); // GET changes nothing
    const confirmed = await callRoute(confirmAction, req("/newsletter/confirmation", { form: { token } }));
    expect(confirmed.data).toEqual({ done: true, email: "Abonnee@Example.fr" });
    expect((await callRoute(confirmAction, req("/newsletter/confirmation", { form: { token } }))).data.done).toBe(true); // twice is fine
    const again = await callRoute(newsletterAction, req("/newsletter", { form: { email: "abonnee@example.fr", source: "temu", _js: "1" } }));
    expect(again.data.ok).toBe(true);
    const subs = await db.select().from(s.newsletterSubscribers).where(sql`lower(email) = 'abonnee@example.fr'`);
    expect(subs).toHaveLength(1);
    // linked to the account that owns the address
    expect(subs[0].userId).toBe(member.id);
    const [profile] = await db.select().from(s.profiles).where(eq(s.profiles.id, member.id));
    expect(profile.newsletterSubscribed).toBe(true);
    const mails = await db.select().from(s.emailOutbox).where(eq(s.emailOutbox.kind, "newsletter-welcome"));
    expect(mails.filter((m) => m.to.toLowerCase() === "abonnee@example.fr")).toHaveLength(1);
    expect(mails[0].headers?.["List-Unsubscribe"]).toContain(`/newsletter/desinscription?token=${subs[0].unsubscribeToken}`);

    const page = await callRoute(unsubscribeLoader, req(`/newsletter/desinscription?token=${subs[0].unsubscribeToken}`));
    expect(page.data.email).toBe("Abonnee@Example.fr");
    const [still] = await db.select().from(s.newsletterSubscribers).where(eq(s.newsletterSubscribers.id, subs[0].id));
    expect(still.status).toBe("subscribed"); // GET changes nothing
    const done = await callRoute(unsubscribeAction, req(`/newsletter/desinscription?token=${subs[0].unsubscribeToken}`, { method: "POST", body: "List-Unsubscribe=One-Click", headers: { "content-type": "application/x-www-form-urlencoded" } }));
    expect(done.data.done).toBe(true);
    const [after] = await db.select().from(s.profiles).where(eq(s.profiles.id, member.id));
    expect(after.newsletterSubscribed).toBe(false);
    expect((await callRoute(unsubscribeAction, req("/newsletter/desinscription", { form: { token: "nope" } }))).status).toBe(404);
  });

  it("newsletter: invalid, empty, oversized and malformed bodies are 4xx with French messages", async () => {
    const empty = await callRoute(newsletterAction, req("/newsletter", { form: { email: "", source: "temu", _js: "1" } }));
    expect(empty.status).toBe(400);
    expect(empty.data.message).toBe("Merci d'indiquer ton email pour t'inscrire.");
    const invalid = await callRoute(newsletterAction, req("/newsletter", { form: { email: "pas-un-email", _js: "1" } }));
    expect(invalid.data.message).toBe("L'adresse email n'est pas valide.");
    const noJs = await callRoute(newsletterAction, req("/newsletter", { form: { email: "pas-un-email", redirectTo: "//evil.example" } }));
    expect(noJs.status).toBe(303);
    expect(noJs.location).toBe("/");
    const big = await callRoute(newsletterAction, req("/newsletter", { form: { email: "a".repeat(10_000) + "@x.fr" } }));
    expect(big.status).toBe(413);
    const json = await callRoute(newsletterAction, req("/newsletter", { method: "POST", body: "{}", headers: { "content-type": "application/json" } }));
    expect(json.status).toBe(415);
  });

  it("newsletter: rate-limited per IP", async () => {
    let last;
    for (let i = 0; i < 11; i++) {
      last = await callRoute(newsletterAction, req("/newsletter", { form: { email: `n${i}@example.fr`, _js: "1" } }), {}, { clientIp: "192.0.2.55" });
    }
    expect(last!.status).toBe(429);
  });

  it("/kpi: no destination goes home, unknown hosts are refused, known hosts redirect and record the click", async () => {
    const db = database().db;
    expect((await callRoute(kpiLoader, req("/kpi"))).location).toBe("/");
    for (const bad of ["https://evil.example", "//evil.example", "javascript:alert(1)", "%2F%2Fevil.example", "https://www.temu.com.evil.example/x", "https:%2F%2Fevil.example"]) {
      const r = await callRoute(kpiLoader, req(`/kpi?destination=${encodeURIComponent(bad)}&action=x`));
      expect(r.status, bad).toBe(400);
      expect(r.location, bad).toBeNull();
    }
    const [deal] = await db.select().from(s.crevardeDeals).limit(1);
    const ok = await callRoute(kpiLoader, req(`/kpi?destination=${encodeURIComponent(deal.url)}&action=deal_click&label=Test&deal=${deal.id}`, { headers: { "user-agent": `${BROWSER_UA} ${kind}` } }));
    expect(ok.status).toBe(302);
    expect(ok.location).toBe(deal.url);
    const recorded = await waitFor(async () => (await db.select().from(s.analyticsEvents).where(eq(s.analyticsEvents.dealId, deal.id))).length > 0);
    expect(recorded).toBe(true);
    const [event] = await db.select().from(s.analyticsEvents).where(eq(s.analyticsEvents.dealId, deal.id)).orderBy(desc(s.analyticsEvents.occurredAt));
    expect(event).toMatchObject({ event: "click_out", action: "deal_click", label: "Test", destinationHost: new URL(deal.url).hostname });
    expect(event.visitorHash).toMatch(/^[0-9a-f]{32}$/);
    expect(JSON.stringify(event)).not.toContain("203.0.113.7");
    const spinner = await callRoute(kpiLoader, req(`/kpi?destination=${encodeURIComponent(deal.url)}&action=temu_coupon_100&js=1`));
    expect(spinner.data).toMatchObject({ refused: false, destination: deal.url });
  });

  it("/analytics: accepts a bounded same-origin JSON beacon and refuses the rest", async () => {
    const db = database().db;
    const post = (body: string, headers: Record<string, string> = {}) =>
      callRoute(analyticsAction, new Request(`${TEST_ORIGIN}/analytics`, { method: "POST", body, headers: { origin: TEST_ORIGIN, "content-type": "text/plain", ...headers } }));
    expect((await post(JSON.stringify({ event: "page_view", path: "/marques?x=1" }))).status).toBe(204);
    expect((await db.select().from(s.analyticsEvents).where(eq(s.analyticsEvents.path, "/marques?x=1"))).length).toBe(1);
    expect((await post("{pas du json")).status).toBe(400);
    expect((await post(JSON.stringify({ event: "drop table" }))).status).toBe(400);
    expect((await post(JSON.stringify({ event: "page_view", path: "x".repeat(5000) }))).status).toBe(413);
    expect((await post("{}", { "content-type": "application/xml" })).status).toBe(415);
    expect((await post(JSON.stringify({ event: "page_view" }), { origin: "https://evil.example" })).status).toBe(403);
  });

  it("/consent stores the choice for 6 months", async () => {
    const r = await callRoute(consentAction, req("/consent", { form: { choice: "custom", analytics: "on", redirectTo: "/marques" } }));
    expect(r.status).toBe(303);
    expect(r.location).toBe("/marques");
    expect(r.headers.get("set-cookie")).toMatch(/cr_consent=v1\.1\.0\.\d+; Path=\/; Max-Age=15724800; SameSite=Lax/);
    expect((await callRoute(consentAction, req("/consent", { form: { choice: "maybe" } }))).status).toBe(400);
  });

  it("/temu: ended by default, running with a future end date; codes masked for visitors", async () => {
    const ended = await callRoute(temuLoader, req("/temu"));
    expect(ended.data.over).toBe(true);
    expect(ended.data.coupons.map((c) => c.label)).toEqual(["Coupon 100€", "Offre spéciale", "Bonus mystère"]);
    expect(ended.data.coupons[0].code).toMatch(/^.{4}\*+$/);
    await setSetting("temu_offer_ends_at", new Date(Date.now() + 3 * 86400e3).toISOString());
    const running = await callRoute(temuLoader, req("/temu"));
    expect(running.data.over).toBe(false);
    await setSetting("temu_offer_ends_at", "2025-05-25T23:59:59+02:00");
  });

  it("/mes-deals: members save and unsave deals and codes; visitors are sent to sign in", async () => {
    const db = database().db;
    expect((await callRoute(savedLoader, req("/mes-deals"))).location).toBe("/auth?redirect=%2Fmes-deals");
    const member = await signedInUser();
    const [deal] = await db.select().from(s.crevardeDeals).limit(1);
    const [code] = await db.select().from(s.promoCodes).limit(1);
    await callRoute(savedAction, req("/mes-deals", { form: { intent: "save-deal", id: deal.id, _js: "1" }, cookie: member.cookie }));
    await callRoute(savedAction, req("/mes-deals", { form: { intent: "save-code", id: code.id, _js: "1" }, cookie: member.cookie }));
    const list = await callRoute(savedLoader, req("/mes-deals", { cookie: member.cookie }));
    expect(list.data.deals.map((d) => d.id)).toEqual([deal.id]);
    expect(list.data.codes.map((c) => c.id)).toEqual([code.id]);
    await callRoute(savedAction, req("/mes-deals", { form: { intent: "remove-deal", id: deal.id }, cookie: member.cookie }));
    expect((await callRoute(savedLoader, req("/mes-deals", { cookie: member.cookie }))).data.deals).toEqual([]);
    expect((await callRoute(savedAction, req("/mes-deals", { form: { intent: "save-deal", id: "pas-un-uuid" }, cookie: member.cookie }))).status).toBe(400);
    const anon = await callRoute(savedAction, req("/mes-deals", { form: { intent: "save-deal", id: deal.id } }));
    expect(anon.location).toBe("/auth?redirect=%2Fmes-deals");
  });

  it("/invite: a personal link; a sign-up through it records the inviter once the address is verified (ADR 040)", async () => {
    const db = database().db;
    const inviter = await signedInUser();
    const page = await callRoute(inviteLoader, req("/invite", { cookie: inviter.cookie }));
    const code = new URL(page.data.link).searchParams.get("parrain")!;
    expect(code).toMatch(/^[A-Za-z0-9_-]{6,32}$/);
    expect((await callRoute(inviteLoader, req("/invite", { cookie: inviter.cookie }))).data.link).toBe(page.data.link);
    await callRoute(authAction, req("/auth", { form: { intent: "signup", username: "Filleule", email: "filleule@example.fr", password: "Rouge-gorge 2025", parrain: code } }));
    const [u] = await db.select().from(s.user).where(eq(s.user.email, "filleule@example.fr"));
    expect((await db.select().from(s.profiles).where(eq(s.profiles.id, u.id)))[0].referredBy).toBeNull();
    await verifyAddress("filleule@example.fr");
    const [p] = await db.select().from(s.profiles).where(eq(s.profiles.id, u.id));
    expect(p.referredBy).toBe(inviter.id);
  });
});
