import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { jobHandlers } from "#app/composition/job-registry.server";
import { getDb } from "#app/lib/db.server";
import { JobWorker } from "#app/lib/jobs.server";
import { hitRateLimit, RATE_LIMITS } from "#app/lib/rate-limit.server";
import { exportAccountData } from "#app/modules/accounts/accounts.server";
import { recordPriceObservation } from "#app/modules/prices/observations.server";
import { MAX_PRICE_ALERTS_PER_MEMBER } from "#app/modules/prices/price-alerts";
import { PRICE_ALERT_MESSAGES } from "#app/modules/prices/price-alerts.schema";
import { PRICE_ALERT_QUEUE, priceAlertPauseToken } from "#app/modules/prices/price-alerts.server";
import { action as dealAction, loader as dealLoader } from "#app/routes/coup-de-crevarde.$id";
import { action as offerAction } from "#app/routes/offers.$id";
import { action as alertsAction, loader as alertsLoader } from "#app/routes/mes-alertes";
import { action as unsubscribeAction, loader as unsubscribeLoader } from "#app/routes/price-alerts.unsubscribe";
import * as s from "#db/schema";
import { req, signedInUser, type SignedInUser } from "#tests/helpers/auth";
import { describeEachDb } from "#tests/helpers/db";
import { callRoute } from "#tests/helpers/route";

const uniq = () => randomUUID().slice(0, 8);
/** French amounts with any kind of space (Intl writes a no-break space before «€»). */
const plain = (text: string | null | undefined) => text?.replace(/[\s\u00a0\u202f]+/g, " ") ?? null;
const ALERTS = "/mes-alertes";

describeEachDb("price alerts (issue #39 item 5, ADR 049 §Alerts)", ({ database }) => {
  let member: SignedInUser;
  beforeAll(async () => {
    member = await signedInUser();
  });

  /** A published deal at 44,99 € whose product has that price as its latest observation. */
  const product = async (price = "44,99€") => {
    const shop = `boutique-${uniq()}`;
    const url = `https://www.${shop}.fr/produit/casque`;
    const db = await getDb();
    const [deal] = await db
      .insert(s.crevardeDeals)
      .values({ title: `Casque ${shop}`, description: "Un casque.", price, source: "boutique", badgeText: "Top", url, status: "published" })
      .returning({ id: s.crevardeDeals.id, title: s.crevardeDeals.title });
    await observe(url, price);
    return { id: deal.id, title: deal.title, url, key: `${shop}.fr/produit/casque`, path: `/coup-de-crevarde/${deal.id}` };
  };
  const observe = async (url: string, price: string) => (await getDb()).transaction((tx) => recordPriceObservation(tx, { url, price, source: "import" }));
  const follow = (cookie: string | undefined, deal: { id: string; path: string }, threshold: string) =>
    callRoute(dealAction, req(deal.path, { cookie, form: { intent: "price-alert", threshold } }), { id: deal.id });
  const alertsOf = async (userId: string) => (await getDb()).select().from(s.priceAlerts).where(eq(s.priceAlerts.userId, userId));
  const command = (cookie: string, form: Record<string, string>) => callRoute(alertsAction, req(ALERTS, { cookie, form }));
  const drain = () => new JobWorker({ db: database().db, handlers: jobHandlers, schedulerMs: null }).drain();
  const priceMails = async (to: string) =>
    (await getDb())
      .select()
      .from(s.emailOutbox)
      .where(and(eq(s.emailOutbox.to, to), eq(s.emailOutbox.kind, "price-alert")))
      .orderBy(s.emailOutbox.createdAt);
  const notificationsOf = async (alertId: string) => (await getDb()).select().from(s.priceAlertNotifications).where(eq(s.priceAlertNotifications.alertId, alertId));

  it("a visitor who follows a product is sent to sign in and back to the deal", async () => {
    const deal = await product();
    const res = await follow(undefined, deal, "40");
    expect(res.status).toBe(303);
    expect(res.location).toBe(`/auth?redirect=${encodeURIComponent(deal.path)}`);
  });

  it("a member follows a product from the deal page (10 % under its price suggested), once per product; /mes-alertes lists it", async () => {
    const me = await signedInUser();
    const deal = await product();
    const page = await callRoute(dealLoader, req(deal.path, { cookie: me.cookie }), { id: deal.id });
    expect(page.data.alertThreshold).toBe("40");
    const res = await follow(me.cookie, deal, "40");
    expect(res.status).toBe(303);
    expect(res.location).toBe(deal.path);
    expect(await alertsOf(me.id)).toEqual([
      expect.objectContaining({ productKey: deal.key, label: deal.title, dealId: deal.id, thresholdCents: 4000, currency: "EUR", paused: false, below: false }),
    ]);
    // the same form again: a new threshold for the same alert
    expect((await follow(me.cookie, deal, "39,50 €")).status).toBe(303);
    const [alert] = await alertsOf(me.id);
    expect(alert.thresholdCents).toBe(3950);
    expect(await alertsOf(me.id)).toHaveLength(1);
    // another product's later price is not this one's
    await product("9,99€");

    const list = await callRoute(alertsLoader, req(ALERTS, { cookie: me.cookie }));
    expect(list.data.priceAlerts).toHaveLength(1);
    const [row] = list.data.priceAlerts;
    expect({ ...row, current: plain(row.current), threshold: plain(row.threshold) }).toMatchObject({
      id: alert.id,
      label: deal.title,
      href: deal.path,
      merchant: deal.key.split("/")[0],
      current: "44,99 €",
      threshold: "39,50 €",
      thresholdInput: "39,50",
      paused: false,
    });
  });

  it("refuses a bad threshold with a French message and a 400, and stores nothing", async () => {
    const me = await signedInUser();
    const deal = await product();
    const cases: [string, string][] = [
      ["beaucoup", PRICE_ALERT_MESSAGES.thresholdInvalid],
      ["", PRICE_ALERT_MESSAGES.thresholdInvalid],
      ["-5", PRICE_ALERT_MESSAGES.thresholdInvalid],
      ["0", PRICE_ALERT_MESSAGES.thresholdRange],
      ["200000", PRICE_ALERT_MESSAGES.thresholdRange],
    ];
    for (const [threshold, message] of cases) {
      const res = await follow(me.cookie, deal, threshold);
      expect(res.status, threshold).toBe(400);
      expect(res.data.priceAlert, threshold).toBe(message);
    }
    expect(await alertsOf(me.id)).toHaveLength(0);
  });

  it("edits, pauses, resumes and deletes a price alert on /mes-alertes; another member can touch none of it", async () => {
    const me = await signedInUser();
    const deal = await product();
    await follow(me.cookie, deal, "40");
    const [alert] = await alertsOf(me.id);

    const edited = await command(me.cookie, { intent: "price-threshold", id: alert.id, threshold: "35" });
    expect(edited.status).toBe(303);
    expect((await alertsOf(me.id))[0].thresholdCents).toBe(3500);
    const bad = await command(me.cookie, { intent: "price-threshold", id: alert.id, threshold: "gratuit" });
    expect(bad.status).toBe(400);
    expect(bad.data.priceAlert).toEqual({ id: alert.id, message: PRICE_ALERT_MESSAGES.thresholdInvalid });
    expect((await alertsOf(me.id))[0].thresholdCents).toBe(3500);

    expect((await command(me.cookie, { intent: "price-pause", id: alert.id })).status).toBe(303);
    expect((await alertsOf(me.id))[0].paused).toBe(true);
    expect((await command(me.cookie, { intent: "price-resume", id: alert.id })).status).toBe(303);
    expect((await alertsOf(me.id))[0].paused).toBe(false);

    const other = await signedInUser();
    for (const form of [
      { intent: "price-threshold", id: alert.id, threshold: "10" } as Record<string, string>,
      { intent: "price-pause", id: alert.id },
      { intent: "price-delete", id: alert.id },
    ]) {
      const res = await command(other.cookie, form);
      expect(res.status, form.intent).toBe(404);
      expect(res.data.priceAlert?.message).toBe(PRICE_ALERT_MESSAGES.alertMissing);
    }
    expect((await alertsOf(me.id))[0]).toMatchObject({ thresholdCents: 3500, paused: false });
    expect((await command(other.cookie, { intent: "price-delete", id: "pas-un-id" })).status).toBe(400);
    // a visitor is sent to sign in
    expect((await callRoute(alertsAction, req(ALERTS, { form: { intent: "price-delete", id: alert.id } }))).location).toBe(`/auth?redirect=${encodeURIComponent(ALERTS)}`);

    expect((await command(me.cookie, { intent: "price-delete", id: alert.id })).status).toBe(303);
    expect(await alertsOf(me.id)).toHaveLength(0);
  });

  it(`refuses a ${MAX_PRICE_ALERTS_PER_MEMBER + 1}st product (409) and limits saves to 30 an hour (429)`, async () => {
    const me = await signedInUser();
    await (await getDb())
      .insert(s.priceAlerts)
      .values(Array.from({ length: MAX_PRICE_ALERTS_PER_MEMBER }, (_, i) => ({ userId: me.id, productKey: `cap-${uniq()}.fr/p/${i}`, label: `Produit ${i}`, thresholdCents: 1000 })));
    const deal = await product();
    const full = await follow(me.cookie, deal, "40");
    expect(full.status).toBe(409);
    expect(full.data.priceAlert).toBe(PRICE_ALERT_MESSAGES.limitReached);

    const busy = await signedInUser();
    for (let i = 0; i < RATE_LIMITS.priceAlertSave.limit; i++) await hitRateLimit(RATE_LIMITS.priceAlertSave, busy.id);
    const limited = await follow(busy.cookie, deal, "40");
    expect(limited.status).toBe(429);
    expect(limited.data.priceAlert).toBe(PRICE_ALERT_MESSAGES.rateLimited);
    expect(await alertsOf(busy.id)).toHaveLength(0);
  });

  it("a price under the threshold mails once and notifies once per drop, through the job runner", async () => {
    const deal = await product();
    await follow(member.cookie, deal, "40");
    const [alert] = (await alertsOf(member.id)).filter((a) => a.productKey === deal.key);
    const jobsOf = async () => (await getDb()).select().from(s.jobs).where(eq(s.jobs.queue, PRICE_ALERT_QUEUE));
    const before = (await jobsOf()).length;

    // a drop: one job, then one mail and one notification
    await observe(deal.url, "39,99€");
    expect((await jobsOf()).length).toBe(before + 1);
    await drain();
    let mails = await priceMails(member.email);
    expect(mails).toHaveLength(1);
    expect(plain(mails[0].subject)).toBe(`Baisse de prix : ${deal.title} à 39,99 €`);
    expect(plain(mails[0].text)).toContain("sous ton seuil de 40,00 €");
    expect(mails[0].html).toContain(deal.path);
    expect(await notificationsOf(alert.id)).toEqual([expect.objectContaining({ userId: member.id, priceCents: 3999, currency: "EUR", readAt: null })]);

    // lower again inside the same drop: nothing
    await observe(deal.url, "35,00€");
    await drain();
    expect(await priceMails(member.email)).toHaveLength(1);
    expect(await notificationsOf(alert.id)).toHaveLength(1);

    // back at the threshold (not under it), then under it again: one more
    await observe(deal.url, "40,00€");
    await drain();
    expect(await priceMails(member.email)).toHaveLength(1);
    await observe(deal.url, "38,00€");
    await drain();
    mails = await priceMails(member.email);
    expect(mails).toHaveLength(2);
    expect(plain(mails[1].subject)).toBe(`Baisse de prix : ${deal.title} à 38,00 €`);
    expect(await notificationsOf(alert.id)).toHaveLength(2);

    // /mes-alertes shows the drops, new the first time only
    const seen = await callRoute(alertsLoader, req(ALERTS, { cookie: member.cookie }));
    const shown = seen.data.priceNotifications.filter((n) => n.label === deal.title);
    expect(shown.map((n) => [plain(n.price), n.unread])).toEqual([
      ["38,00 €", true],
      ["39,99 €", true],
    ]);
    const again = await callRoute(alertsLoader, req(ALERTS, { cookie: member.cookie }));
    expect(again.data.priceNotifications.filter((n) => n.label === deal.title).every((n) => !n.unread)).toBe(true);
  });

  it("an alert followed from an offer links back to the offer's page while it is public: in /mes-alertes, its drops and its mail", async () => {
    const me = await signedInUser();
    const tag = uniq();
    const db = await getDb();
    const [brand] = await db.insert(s.brands).values({ name: `Marque ${tag}`, slug: `marque-${tag}` }).returning();
    const url = `https://www.boutique-${tag}.fr/produit/huile`;
    const [offer] = await db.insert(s.offers).values({ brandId: brand.id, name: `Huile ${tag}`, regularPrice: "32,90€", url }).returning();
    await observe(url, "32,90€");
    const path = `/offres/${offer.id}`;
    expect((await callRoute(offerAction, req(path, { cookie: me.cookie, form: { intent: "price-alert", threshold: "30" } }), { id: offer.id })).status).toBe(303);
    expect(await alertsOf(me.id)).toEqual([expect.objectContaining({ label: offer.name, offerId: offer.id, dealId: null })]);
    const listed = async () => (await callRoute(alertsLoader, req(ALERTS, { cookie: me.cookie }))).data;
    expect((await listed()).priceAlerts.map((a) => a.href)).toEqual([path]);

    await observe(url, "29,50€");
    await drain();
    const [mail] = await priceMails(me.email);
    expect(mail.html).toContain(path);
    expect((await listed()).priceNotifications.map((n) => n.href)).toEqual([path]);

    // a draft again: no link to a page that answers 404, and the next mail points to /mes-alertes
    await db.update(s.offers).set({ draft: true }).where(eq(s.offers.id, offer.id));
    const page = await listed();
    expect(page.priceAlerts.map((a) => a.href)).toEqual([null]);
    expect(page.priceNotifications.map((n) => n.href)).toEqual([null]);
    await observe(url, "31,00€");
    await observe(url, "28,00€");
    await drain();
    const mails = await priceMails(me.email);
    expect(mails).toHaveLength(2);
    expect(mails[1].html).not.toContain(path);
    expect(mails[1].html).toContain(ALERTS);
  });

  it("a paused alert says nothing, and resuming it inside a drop waits for the next one; other members' alerts fire on their own", async () => {
    const me = await signedInUser();
    const other = await signedInUser();
    const deal = await product();
    await follow(me.cookie, deal, "40");
    await follow(other.cookie, deal, "30");
    const [mine] = await alertsOf(me.id);
    await command(me.cookie, { intent: "price-pause", id: mine.id });
    await observe(deal.url, "29,00€");
    await drain();
    expect(await priceMails(me.email)).toHaveLength(0);
    expect(await priceMails(other.email)).toHaveLength(1);
    await command(me.cookie, { intent: "price-resume", id: mine.id });
    await observe(deal.url, "28,00€");
    await drain();
    expect(await priceMails(me.email)).toHaveLength(0);
    await observe(deal.url, "45,00€");
    await observe(deal.url, "39,00€");
    await drain();
    expect(await priceMails(me.email)).toHaveLength(1);
    expect(await priceMails(other.email)).toHaveLength(1);
  });

  it("a threshold set above the current price waits for the next drop", async () => {
    const me = await signedInUser();
    const deal = await product();
    await follow(me.cookie, deal, "50");
    expect((await alertsOf(me.id))[0].below).toBe(true);
    await observe(deal.url, "42,00€");
    await drain();
    expect(await priceMails(me.email)).toHaveLength(0);
    await observe(deal.url, "55,00€");
    await observe(deal.url, "49,00€");
    await drain();
    expect(await priceMails(me.email)).toHaveLength(1);
  });

  it("pauses the alert from the mail's link without signing in: GET only asks, POST pauses, a bad token is refused", async () => {
    const me = await signedInUser();
    const deal = await product();
    await follow(me.cookie, deal, "40");
    await observe(deal.url, "30,00€");
    await drain();
    const [mail] = await priceMails(me.email);
    const header = (mail.headers as Record<string, string>)["List-Unsubscribe"];
    expect(mail.headers).toMatchObject({ "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
    expect(header).toMatch(/^<http.*\/alertes\/prix\/desactiver\?token=.+>$/);
    const link = new URL(header.slice(1, -1));
    expect(mail.html).toContain(link.search.replace(/&/g, "&amp;"));
    const path = `${link.pathname}${link.search}`;

    const page = await callRoute(unsubscribeLoader, req(path));
    expect(page.status).toBe(200);
    expect(page.data.label).toBe(deal.title);
    expect((await alertsOf(me.id))[0].paused).toBe(false);
    // RFC 8058: the mail client POSTs "List-Unsubscribe=One-Click" to the header's URL
    const done = await callRoute(unsubscribeAction, req(path, { form: { "List-Unsubscribe": "One-Click" } }));
    expect(done.data.done).toBe(true);
    expect((await alertsOf(me.id))[0].paused).toBe(true);

    const token = link.searchParams.get("token")!;
    const forged = `${token.split(".")[0]}.AAAA`;
    expect((await callRoute(unsubscribeLoader, req(`/alertes/prix/desactiver?token=${forged}`))).status).toBe(400);
    expect((await callRoute(unsubscribeAction, req("/alertes/prix/desactiver", { form: { token: forged } }))).status).toBe(400);
    expect((await callRoute(unsubscribeLoader, req(`/alertes/prix/desactiver?token=${encodeURIComponent(priceAlertPauseToken(randomUUID()))}`))).status).toBe(410);
  });

  it("exports the member's price alerts and deletes them with the account", async () => {
    const me = await signedInUser();
    const deal = await product();
    await follow(me.cookie, deal, "40");
    const exported = await exportAccountData(me.id);
    expect(exported!.priceAlerts).toEqual([expect.objectContaining({ product: deal.key, label: deal.title, thresholdCents: 4000 })]);
    await (await getDb()).delete(s.user).where(eq(s.user.id, me.id));
    expect(await alertsOf(me.id)).toHaveLength(0);
  });
});
