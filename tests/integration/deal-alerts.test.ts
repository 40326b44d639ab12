import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#app/lib/db.server";
import { jobHandlers, jobSchedules } from "#app/composition/job-registry.server";
import { JobWorker } from "#app/lib/jobs.server";
import { hitRateLimit, RATE_LIMITS } from "#app/lib/rate-limit.server";
import { exportAccountData } from "#app/modules/accounts/accounts.server";
import { ALERT_MESSAGES, MAX_ALERTS_PER_MEMBER, alertFormSchema } from "#app/modules/alerts/alerts.schema";
import {
  ALERTS_INSTANT_QUEUE,
  ALERTS_MATCH_QUEUE,
  alertPauseToken,
  crossesAlertThreshold,
  matchDealAlerts,
  saveAlert,
  sendDailyDigests,
  sendInstantAlerts,
} from "#app/modules/alerts/alerts.server";
import { castDealVote } from "#app/modules/deals/deal-votes.server";
import { saveDeal } from "#app/modules/deals/deals-admin.server";
import { decideDealPost } from "#app/modules/deals/posting.server";
import { action as unsubscribeAction, loader as unsubscribeLoader } from "#app/routes/alerts.unsubscribe";
import { action as alertsAction, loader as alertsLoader } from "#app/routes/mes-alertes";
import * as s from "#db/schema";
import { createUser, req, signedInUser } from "#tests/helpers/auth";
import { describeEachDb } from "#tests/helpers/db";
import { callRoute } from "#tests/helpers/route";

const PATH = "/mes-alertes";
const uniq = () => randomUUID().slice(0, 8);

describeEachDb("deal alerts (issue #15 item 7)", ({ database }) => {
  let categoryId: string;
  let otherCategoryId: string;
  let brandId: string;
  beforeAll(async () => {
    const db = await getDb();
    [{ id: categoryId }] = await db.insert(s.categories).values({ name: "Audio", slug: `audio-${uniq()}` }).returning({ id: s.categories.id });
    [{ id: otherCategoryId }] = await db.insert(s.categories).values({ name: "Maison", slug: `maison-${uniq()}` }).returning({ id: s.categories.id });
    [{ id: brandId }] = await db.insert(s.brands).values({ name: "Sonora", slug: `sonora-${uniq()}`, categoryId }).returning({ id: s.brands.id });
  });

  const form = (change: Record<string, string> = {}) => ({ intent: "save", query: "casque", brandId: "", categoryId: "", maxPrice: "", minTemperature: "0", frequency: "instant", ...change });
  const post = (cookie: string, f: Record<string, string>) => callRoute(alertsAction, req(PATH, { cookie, form: f }));
  const alertsOf = async (userId: string) => (await getDb()).select().from(s.alerts).where(eq(s.alerts.userId, userId));
  /** what conform hands the server: empty fields left out */
  const alertInput = (change: Record<string, string> = {}) => alertFormSchema.parse(Object.fromEntries(Object.entries(form(change)).filter(([, v]) => v !== "")));
  /** a published deal (admins' deals have no author), as the catalogue stores it */
  const deal = async (values: Partial<typeof s.crevardeDeals.$inferInsert> = {}) => {
    const [row] = await (await getDb())
      .insert(s.crevardeDeals)
      .values({ title: `Deal ${uniq()}`, description: "Un bon prix.", price: "49,99€", source: "boutique", badgeText: "x", url: `https://shop-${uniq()}.fr/`, status: "published", ...values })
      .returning({ id: s.crevardeDeals.id });
    return row.id;
  };
  const deliveries = async (alertId: string) => (await getDb()).select().from(s.alertDeliveries).where(eq(s.alertDeliveries.alertId, alertId));
  const mailsTo = async (to: string) => (await getDb()).select().from(s.emailOutbox).where(eq(s.emailOutbox.to, to)).orderBy(s.emailOutbox.createdAt);

  it("sends visitors to sign in", async () => {
    expect((await callRoute(alertsLoader, req(PATH))).location).toBe(`/auth?redirect=${encodeURIComponent(PATH)}`);
    expect((await callRoute(alertsAction, req(PATH, { form: form() }))).location).toBe(`/auth?redirect=${encodeURIComponent(PATH)}`);
  });

  it("creates an alert, lists it, edits, pauses, resumes and deletes it", async () => {
    const me = await signedInUser();
    const created = await post(me.cookie, form({ query: "  Casque  Sony -reconditionné ", brandId, maxPrice: "150", minTemperature: "50", frequency: "daily" }));
    expect(created.status).toBe(303);
    expect(created.location).toBe(PATH);
    const [alert] = await alertsOf(me.id);
    expect(alert).toMatchObject({ queryText: "casque sony -reconditionné", brandId, maxPriceCents: 15000, minTemperature: 50, frequency: "daily", paused: false });
    expect(alert.tsq).toContain("casqu");
    expect(alert.tsq).toContain("!");
    const page = await callRoute(alertsLoader, req(`${PATH}?modifier=${alert.id}&q=ecouteurs`, { cookie: me.cookie }));
    expect(page.data.alerts).toHaveLength(1);
    expect(page.data.alerts[0].brandName).toBe("Sonora");
    expect(page.data.editing?.id).toBe(alert.id);
    expect(page.data.suggested).toBe("ecouteurs");

    expect((await post(me.cookie, form({ id: alert.id, query: "écouteurs", frequency: "instant" }))).status).toBe(303);
    expect((await alertsOf(me.id))[0]).toMatchObject({ queryText: "écouteurs", brandId: null, frequency: "instant", minTemperature: 0 });
    expect((await post(me.cookie, { intent: "pause", id: alert.id })).status).toBe(303);
    expect((await alertsOf(me.id))[0].paused).toBe(true);
    expect((await post(me.cookie, { intent: "resume", id: alert.id })).status).toBe(303);
    expect((await alertsOf(me.id))[0].paused).toBe(false);

    // another member can neither change nor delete it
    const other = await signedInUser();
    expect((await post(other.cookie, { intent: "delete", id: alert.id })).status).toBe(404);
    expect((await post(other.cookie, form({ id: alert.id }))).status).toBe(404);
    expect((await post(me.cookie, { intent: "delete", id: alert.id })).status).toBe(303);
    expect(await alertsOf(me.id)).toHaveLength(0);
  });

  it("refuses bad input in French with a 4xx and stores nothing", async () => {
    const me = await signedInUser();
    const cases: [Record<string, string>, string, string][] = [
      [{ query: "" }, "query", ALERT_MESSAGES.queryRequired],
      [{ query: "x".repeat(101) }, "query", ALERT_MESSAGES.queryTooLong],
      [{ query: "-reconditionné -occasion" }, "query", ALERT_MESSAGES.queryOnlyExclusions],
      [{ query: "le de pour" }, "query", ALERT_MESSAGES.queryEmpty],
      [{ maxPrice: "beaucoup" }, "maxPrice", ALERT_MESSAGES.maxPriceInvalid],
      [{ maxPrice: "0" }, "maxPrice", ALERT_MESSAGES.maxPriceInvalid],
      [{ minTemperature: "42" }, "minTemperature", ALERT_MESSAGES.temperatureInvalid],
      [{ frequency: "weekly" }, "frequency", ALERT_MESSAGES.frequencyInvalid],
      [{ brandId: "pas-un-id" }, "brandId", ALERT_MESSAGES.brandMissing],
      [{ brandId: randomUUID() }, "brandId", ALERT_MESSAGES.brandMissing],
      [{ categoryId: randomUUID() }, "categoryId", ALERT_MESSAGES.categoryMissing],
    ];
    for (const [change, field, message] of cases) {
      const res = await post(me.cookie, form(change));
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.data.result?.error?.[field], JSON.stringify(change)).toEqual([message]);
    }
    expect((await post(me.cookie, { intent: "explode", id: "x" })).status).toBe(400);
    expect(await alertsOf(me.id)).toHaveLength(0);
  });

  it(`refuses the ${MAX_ALERTS_PER_MEMBER + 1}st alert with a 409`, async () => {
    const me = await signedInUser();
    for (let i = 0; i < MAX_ALERTS_PER_MEMBER; i++) await saveAlert(me.id, alertInput({ query: `produit${i}` }));
    const res = await post(me.cookie, form({ query: "encore" }));
    expect(res.status).toBe(409);
    expect(res.data.result?.error?.[""]).toEqual([ALERT_MESSAGES.limitReached]);
    expect(await alertsOf(me.id)).toHaveLength(MAX_ALERTS_PER_MEMBER);
  });

  it("limits creations to 30 an hour per member (429)", async () => {
    const me = await signedInUser();
    for (let i = 0; i < RATE_LIMITS.alertSave.limit; i++) await hitRateLimit(RATE_LIMITS.alertSave, me.id);
    const res = await post(me.cookie, form());
    expect(res.status).toBe(429);
    expect(res.data.result?.error?.[""]).toEqual([ALERT_MESSAGES.rateLimited]);
  });

  it("matches accents, stems and exclusions, and every filter", async () => {
    const member = await createUser();
    const a = async (change: Record<string, string>) => (await saveAlert(member.id, alertInput(change))).id;
    const accents = await a({ query: "écouteurs" });
    const sony = await a({ query: "casque sony -reconditionné" });
    const byBrand = await a({ query: "enceinte", brandId });
    const byCategory = await a({ query: "enceinte", categoryId });
    const byOtherCategory = await a({ query: "enceinte", categoryId: otherCategoryId });
    const cheap = await a({ query: "enceinte", maxPrice: "30" });
    const hot = await a({ query: "enceinte", minTemperature: "100" });
    const paused = await a({ query: "enceinte" });
    await (await getDb()).update(s.alerts).set({ paused: true }).where(eq(s.alerts.id, paused));

    const ecouteur = await deal({ title: "Ecouteur Bluetooth sans fil" });
    const casque = await deal({ title: "Casque Sony WH-1000XM5" });
    const recond = await deal({ title: "Casque Sony reconditionné" });
    const enceinte = await deal({ title: "Enceinte Sonora", brandId, price: "25,00€" });
    const enceinteChere = await deal({ title: "Enceinte de salon", price: "99,00€", categoryId: otherCategoryId });
    for (const id of [ecouteur, casque, recond, enceinte, enceinteChere]) await matchDealAlerts(id, "published");

    const found = async (alertId: string) => (await deliveries(alertId)).map((d) => d.dealId).sort();
    expect(await found(accents)).toEqual([ecouteur]);
    expect(await found(sony)).toEqual([casque]);
    expect(await found(byBrand)).toEqual([enceinte]);
    // the admin deal's category is its brand's
    expect(await found(byCategory)).toEqual([enceinte]);
    expect(await found(byOtherCategory)).toEqual([enceinteChere]);
    expect(await found(cheap)).toEqual([enceinte]);
    expect(await found(hot)).toEqual([]);
    expect(await found(paused)).toEqual([]);

    // crossing 100° matches the alert with that minimum temperature, and only it
    await (await getDb()).update(s.crevardeDeals).set({ temperature: 120 }).where(eq(s.crevardeDeals.id, enceinteChere));
    expect(await matchDealAlerts(enceinteChere, "threshold")).toBe(1);
    expect(await found(hot)).toEqual([enceinteChere]);
    expect((await deliveries(hot))[0].trigger).toBe("threshold");
    expect(crossesAlertThreshold(40, 60)).toBe(true);
    expect(crossesAlertThreshold(60, 90)).toBe(false);
    expect(crossesAlertThreshold(120, 80)).toBe(false);
  });

  it("matches only published deals, never the member's own, and never twice", async () => {
    const member = await createUser();
    const { id: alertId } = await saveAlert(member.id, alertInput({ query: "aspirateur" }));
    const pending = await deal({ title: "Aspirateur balai", status: "pending_review", publishedAt: null });
    const own = await deal({ title: "Aspirateur robot", authorId: member.id });
    const ok = await deal({ title: "Aspirateur sans sac" });
    expect(await matchDealAlerts(pending, "published")).toBe(0);
    expect(await matchDealAlerts(own, "published")).toBe(0);
    expect(await matchDealAlerts(ok, "published")).toBe(1);
    expect(await matchDealAlerts(ok, "published")).toBe(0);
    expect(await matchDealAlerts(ok, "threshold")).toBe(0);
    expect(await deliveries(alertId)).toHaveLength(1);
  });

  it("batches instant mails: at most one per member every 15 minutes", async () => {
    const member = await createUser();
    const { id: alertId } = await saveAlert(member.id, alertInput({ query: "trottinette" }));
    const t0 = new Date("2030-03-01T10:00:00Z");
    const at = (minutes: number) => new Date(t0.getTime() + minutes * 60_000);
    const first = await deal({ title: "Trottinette électrique" });
    await matchDealAlerts(first, "published", t0);
    await sendInstantAlerts(t0);
    expect(await mailsTo(member.email)).toHaveLength(1);
    const second = await deal({ title: "Trottinette pliable" });
    const third = await deal({ title: "Trottinette enfant" });
    await matchDealAlerts(second, "published", at(1));
    await matchDealAlerts(third, "published", at(2));
    await sendInstantAlerts(at(5));
    expect(await mailsTo(member.email)).toHaveLength(1);
    const db = await getDb();
    const wake = await db.select().from(s.jobs).where(and(eq(s.jobs.queue, ALERTS_INSTANT_QUEUE), eq(s.jobs.key, `at:${at(15).toISOString()}`)));
    expect(wake).toHaveLength(1);
    await sendInstantAlerts(at(15));
    await sendInstantAlerts(at(40));

    const mails = await mailsTo(member.email);
    expect(mails).toHaveLength(2);
    expect(mails[0].html).toContain(`/coup-de-crevarde/${first}`);
    expect(mails[1].html).toContain(`/coup-de-crevarde/${second}`);
    expect(mails[1].html).toContain(`/coup-de-crevarde/${third}`);
    expect(mails[1].html).not.toContain(`/coup-de-crevarde/${first}`);
    expect(mails[1].subject).toBe("Alerte « trottinette » : 2 deals pour toi");
    expect(mails[1].headers).toMatchObject({ "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
    expect((mails[1].headers as Record<string, string>)["List-Unsubscribe"]).toMatch(/^<http.*\/alertes\/desactiver\?token=.+>$/);
    expect((await deliveries(alertId)).every((d) => d.sentAt)).toBe(true);
  });

  it("sends the daily digest once with every pending deal, and skips deals no longer public", async () => {
    const member = await createUser();
    await saveAlert(member.id, alertInput({ query: "cafetière", frequency: "daily" }));
    const a = await deal({ title: "Cafetière italienne" });
    const b = await deal({ title: "Cafetière filtre" });
    const gone = await deal({ title: "Cafetière à piston" });
    for (const id of [a, b, gone]) await matchDealAlerts(id, "published");
    await (await getDb()).update(s.crevardeDeals).set({ status: "removed" }).where(eq(s.crevardeDeals.id, gone));
    // the instant job leaves daily alerts alone
    await sendInstantAlerts();
    expect(await mailsTo(member.email)).toHaveLength(0);
    await sendDailyDigests();
    await sendDailyDigests();
    const mails = await mailsTo(member.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe("Tes alertes du jour : 2 deals");
    expect(mails[0].html).toContain(`/coup-de-crevarde/${a}`);
    expect(mails[0].html).toContain(`/coup-de-crevarde/${b}`);
    expect(mails[0].html).not.toContain(`/coup-de-crevarde/${gone}`);
    expect(jobSchedules.find((j) => j.name === "alerts.digest")).toMatchObject({ cron: "0 8 * * *" });
  });

  it("pauses an alert from its e-mail link: GET only asks, POST pauses, a bad token is refused", async () => {
    const member = await createUser();
    const { id: alertId } = await saveAlert(member.id, alertInput({ query: "lave-linge" }));
    const token = alertPauseToken([alertId]);
    const url = `/alertes/desactiver?token=${encodeURIComponent(token)}`;
    const page = await callRoute(unsubscribeLoader, req(url));
    expect(page.status).toBe(200);
    expect(page.data.queries).toEqual(["lave linge"]);
    expect((await alertsOf(member.id))[0].paused).toBe(false);

    // RFC 8058: the mail client POSTs "List-Unsubscribe=One-Click" to the header's URL
    const oneClick = await callRoute(unsubscribeAction, req(url, { form: { "List-Unsubscribe": "One-Click" } }));
    expect(oneClick.data.done).toBe(true);
    expect((await alertsOf(member.id))[0].paused).toBe(true);

    const forged = `${token.split(".")[0]}.AAAA`;
    expect((await callRoute(unsubscribeLoader, req(`/alertes/desactiver?token=${forged}`))).status).toBe(400);
    expect((await callRoute(unsubscribeAction, req("/alertes/desactiver", { form: { token: forged } }))).status).toBe(400);
    expect((await callRoute(unsubscribeAction, req("/alertes/desactiver", { form: { token: "" } }))).status).toBe(400);
    const deleted = alertPauseToken([randomUUID()]);
    expect((await callRoute(unsubscribeLoader, req(`/alertes/desactiver?token=${encodeURIComponent(deleted)}`))).status).toBe(410);
  });

  it("queues the matching with a new admin deal and the job runner mails it", async () => {
    const member = await createUser();
    await saveAlert(member.id, alertInput({ query: "friteuse" }));
    const saved = await saveDeal({ title: "Friteuse sans huile", description: "x", price: "59,99€", originalPrice: null, imageUrl: null, source: "Boutique", badgeText: "Hot", badgeType: "hot", ctaText: "Voir", url: "https://friteuse.example/", brandId: null, isFeatured: false } as Parameters<typeof saveDeal>[0], { actor: { id: "test-admin", email: "admin@test.local" }, version: null });
    const db = await getDb();
    expect(await db.select().from(s.jobs).where(and(eq(s.jobs.queue, ALERTS_MATCH_QUEUE), sql`${s.jobs.payload}->>'dealId' = ${saved!.id}`))).toHaveLength(1);
    await new JobWorker({ db: database().db, handlers: jobHandlers, schedulerMs: null }).drain();
    const mails = await mailsTo(member.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].html).toContain(`/coup-de-crevarde/${saved!.id}`);
  });

  it("queues the matching when a moderator approves a member's post, not before", async () => {
    const author = await createUser();
    const moderator = await createUser({ role: "moderator" });
    const id = await deal({ title: "Plancha électrique", authorId: author.id, status: "pending_review", publishedAt: null });
    const matchJobs = async () => (await getDb()).select().from(s.jobs).where(and(eq(s.jobs.queue, ALERTS_MATCH_QUEUE), eq(s.jobs.key, `${id}:published`)));
    expect(await matchJobs()).toHaveLength(0);
    await decideDealPost(moderator, { intent: "approve-deal", dealId: id } as Parameters<typeof decideDealPost>[1]);
    expect(await matchJobs()).toHaveLength(1);
  });

  it("queues the matching when a vote takes a deal past an alert temperature", async () => {
    const voter = await createUser();
    const hourAgo = new Date(Date.now() - 3_600_000);
    const id = await deal({ title: "Barbecue à gaz", temperature: 49, publishedAt: hourAgo, createdAt: hourAgo });
    const thresholdJobs = async () => (await getDb()).select().from(s.jobs).where(and(eq(s.jobs.queue, ALERTS_MATCH_QUEUE), eq(s.jobs.key, `${id}:threshold`)));
    await castDealVote({ userId: voter.id, dealId: id, choice: "hot", visitorHash: null });
    expect(await thresholdJobs()).toHaveLength(1);
  });

  it("exports the member's alerts and deletes them with the account", async () => {
    const member = await createUser();
    await saveAlert(member.id, alertInput({ query: "perceuse", maxPrice: "80" }));
    const exported = await exportAccountData(member.id);
    expect(exported!.dealAlerts).toEqual([expect.objectContaining({ query: "perceuse", maxPriceCents: 8000, frequency: "instant" })]);
    await (await getDb()).delete(s.user).where(eq(s.user.id, member.id));
    expect(await alertsOf(member.id)).toHaveLength(0);
  });
});

describe("alert schema", () => {
  it("reads an empty optional field as null", () => {
    expect(alertFormSchema.parse({ query: "tv", maxPrice: "" })).toMatchObject({ brandId: null, categoryId: null, maxPrice: null, minTemperature: 0, frequency: "instant" });
  });
});
