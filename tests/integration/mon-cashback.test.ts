import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it, vi } from "vitest";
import { getDb } from "#app/lib/db.server";
import { MAIL_QUEUE } from "#app/lib/mail.server";
import { jobHandlers, jobSchedules } from "#app/composition/job-registry.server";
import { listMemberCashbacks, MEMBER_CASHBACK_PAGE_SIZE } from "#app/modules/cashback/member-cashback.server";
import { CASHBACK_DIGEST_QUEUE, onMemberCashbackChanged, sendDetectedDigests } from "#app/modules/cashback/notifications.server";
import { approveCashback, recordPendingCashback } from "#app/modules/ledger/ledger-events.server";
import { withLedger } from "#app/modules/ledger/ledger.server";
import { setSetting } from "#app/modules/settings/settings.server";
import { action, loader } from "#app/routes/mon-cashback";
import * as s from "#db/schema";
import { insertDemoProgram, insertPurchase, type PurchaseInput } from "#app/seed/demo-cashback";
import { req, signedInUser } from "#tests/helpers/auth";
import { describeEachDb } from "#tests/helpers/db";
import { asRouteComponent, callRoute } from "#tests/helpers/route";

const DAY = 86_400_000;
const actor = "system:test";
const nbsp = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

async function brandWithProgram(name: string) {
  const db = await getDb();
  const slug = `${name.toLowerCase().replace(/\W+/g, "-")}-${randomUUID().slice(0, 6)}`;
  const [brand] = await db.insert(s.brands).values({ name: `${name} ${slug.slice(-6)}`, slug }).returning({ id: s.brands.id, name: s.brands.name });
  const programId = await withLedger((tx) => insertDemoProgram(tx, brand.id, `prog-${slug}`));
  return { ...brand, programId };
}

async function purchase(p: Omit<PurchaseInput, "conversionKey" | "clickedAt" | "transactionAt"> & Partial<Pick<PurchaseInput, "clickedAt" | "transactionAt">>) {
  const transactionAt = p.transactionAt ?? new Date("2027-03-03T09:41:00Z");
  return withLedger((tx) =>
    insertPurchase(tx, { clickedAt: new Date(transactionAt.getTime() - 26 * 60_000), transactionAt, conversionKey: randomUUID(), ...p }),
  );
}

const outboxFor = async (email: string) => (await getDb()).select().from(s.emailOutbox).where(eq(s.emailOutbox.to, email));
const mailJobs = async (outboxId: string) =>
  ((await (await getDb()).execute(sql`select id from jobs where queue = ${MAIL_QUEUE} and payload->>'outboxId' = ${outboxId}`)) as unknown as { rows: unknown[] }).rows;

describeEachDb("mon cashback", ({ kind, database }) => {
  it("sends visitors to sign in and back to /mon-cashback", async () => {
    expect((await callRoute(loader, req("/mon-cashback"))).location).toBe("/auth?redirect=/mon-cashback");
    expect((await callRoute(action, req("/mon-cashback", { form: { intent: "notifications" } }))).location).toBe("/auth?redirect=/mon-cashback");
  });

  it("shows the member's four ledger balances and only their own visible purchases, newest first", async () => {
    const me = await signedInUser();
    const other = await signedInUser();
    const caudalie = await brandWithProgram("Caudalie");
    const nuxe = await brandWithProgram("Nuxe");
    const pending = await purchase({
      userId: me.id, programId: caudalie.programId, status: "pending", amountCents: 434, saleAmount: "62.000000",
      transactionAt: new Date("2027-02-01T09:41:00Z"), expectedValidationAt: new Date("2027-03-12T10:00:00Z"),
    });
    const validated = await purchase({
      userId: me.id, programId: nuxe.programId, status: "validated", amountCents: 1234, transactionAt: new Date("2027-01-10T15:00:00Z"),
      later: [{ at: new Date("2027-02-20T08:00:00Z"), to: "validated" }],
    });
    await purchase({
      userId: me.id, programId: nuxe.programId, status: "refused", amountCents: 210, transactionAt: new Date("2027-01-05T15:00:00Z"),
      reasonTextFr: "La commande a été retournée.", later: [{ at: new Date("2027-02-01T08:00:00Z"), to: "refused" }],
    });
    await purchase({ userId: me.id, programId: nuxe.programId, status: "tracked", amountCents: 99, hiddenAt: new Date(), transactionAt: new Date("2027-02-02T10:00:00Z") });
    await purchase({ userId: other.id, programId: caudalie.programId, status: "pending", amountCents: 777 });
    await withLedger(async (tx) => {
      await recordPendingCashback(tx, { cashbackId: pending, userId: me.id, amountCents: 434, version: 1, actor });
      await approveCashback(tx, { cashbackId: validated, userId: me.id, amountCents: 1234, rateSnapshot: { shareBps: 7000, label: "x", clickedAt: "2027-01-10T14:30:00Z" }, actor });
    });

    const out = await callRoute(loader, req("/mon-cashback", { cookie: me.cookie }));
    expect(out.status).toBe(200);
    expect(out.data.balances).toEqual({ pending: 434, available: 1234, inPayout: 0, paid: 0 });
    const lines = out.data.purchases.lines;
    expect(lines.map((l) => [l.merchant, l.status, l.amountCents])).toEqual([
      [caudalie.name, "pending", 434],
      [nuxe.name, "validated", 1234],
      [nuxe.name, "refused", 210],
    ]);
    // not the other member's purchase (an amount, not a substring: an id may hold "777")
    expect(lines.map((l) => l.amountCents)).not.toContain(777);
    expect(lines[0]).toMatchObject({ saleAmount: "62.000000", currency: "EUR", expectedValidationAt: "2027-03-12T10:00:00.000Z" });
    expect(lines[0].timeline.map((t) => t.step)).toEqual(["click", "detected"]);
    expect(lines[1].timeline.map((t) => t.step)).toEqual(["click", "detected", "validated"]);
    expect(lines[1].timeline[0].at).toBe("2027-01-10T14:34:00.000Z");
    expect(lines[2]).toMatchObject({ reasonTextFr: "La commande a été retournée." });
    expect(lines[2]?.timeline.at(-1)?.step).toBe("refused");
    expect(out.data.purchases).toMatchObject({ page: 1, pageCount: 1, total: 3 });
  });

  it("pages a member's purchases 50 at a time", async () => {
    const me = await signedInUser();
    const brand = await brandWithProgram("Typology");
    await withLedger(async (tx) => {
      for (let i = 0; i < MEMBER_CASHBACK_PAGE_SIZE + 3; i++) {
        await insertPurchase(tx, {
          userId: me.id, programId: brand.programId, conversionKey: randomUUID(), status: "pending", amountCents: i,
          clickedAt: new Date(Date.UTC(2027, 0, 1) + i * DAY - 60_000), transactionAt: new Date(Date.UTC(2027, 0, 1) + i * DAY),
        });
      }
    });
    const first = await listMemberCashbacks(me.id, 1);
    expect(first).toMatchObject({ total: 53, pageCount: 2, page: 1 });
    expect(first.lines).toHaveLength(50);
    expect(first.lines[0].amountCents).toBe(52);
    const second = await listMemberCashbacks(me.id, 2);
    expect(second.lines.map((l) => l.amountCents)).toEqual([2, 1, 0]);
    // past the last page: no line, the count still right
    expect(await listMemberCashbacks(me.id, 9)).toMatchObject({ lines: [], total: 53, pageCount: 2, page: 9 });
    // one statement for a page: its lines, their timelines and the count
    const statements = kind === "pglite" ? vi.spyOn(database().pglite!, "query") : vi.spyOn(pg.Pool.prototype, "query");
    try {
      const again = await listMemberCashbacks(me.id, 2);
      expect(again.lines.map((l) => l.timeline.map((t) => t.step))).toEqual([["click", "detected"], ["click", "detected"], ["click", "detected"]]);
      expect(statements).toHaveBeenCalledTimes(1);
    } finally {
      statements.mockRestore();
    }
    const viaLoader = await callRoute(loader, req("/mon-cashback?page=abc", { cookie: me.cookie }));
    expect(viaLoader.data.purchases.page).toBe(1);
  });

  it("still works before cashback is launched, and shows no balances to a member without cashback history", async () => {
    await setSetting("cashback_launched", false);
    const me = await signedInUser();
    const out = await callRoute(loader, req("/mon-cashback", { cookie: me.cookie }));
    expect(out.data).toMatchObject({ launched: false, moneyShown: false, balances: { pending: 0, available: 0, inPayout: 0, paid: 0 }, purchases: { lines: [], total: 0 } });
    // a member with cashback history keeps seeing their money (issue #34 item 4, ADR 013)
    const owner = await signedInUser();
    const brand = await brandWithProgram("Nuxe");
    await purchase({ userId: owner.id, programId: brand.programId, status: "validated", amountCents: 1234 });
    const theirs = await callRoute(loader, req("/mon-cashback", { cookie: owner.cookie }));
    expect(theirs.data).toMatchObject({ launched: false, moneyShown: true });
    await setSetting("cashback_launched", true);
    expect((await callRoute(loader, req("/mon-cashback", { cookie: me.cookie }))).data).toMatchObject({ launched: true, moneyShown: true });
  });

  it("saves the e-mail opt-outs from the form and refuses bad input in French", async () => {
    const me = await signedInUser();
    const db = await getDb();
    const before = await callRoute(loader, req("/mon-cashback", { cookie: me.cookie }));
    expect(before.data.emails).toEqual({ detected: true, validated: true, refused: true });
    const saved = await callRoute(action, req("/mon-cashback", { cookie: me.cookie, form: { intent: "notifications", validated: "on" } }));
    expect(saved.location).toBe("/mon-cashback#notifications");
    const rows = await db.select({ kind: s.cashbackEmailOptOuts.kind }).from(s.cashbackEmailOptOuts).where(eq(s.cashbackEmailOptOuts.userId, me.id));
    expect(rows.map((r) => r.kind).sort()).toEqual(["detected", "refused"]);
    expect((await callRoute(loader, req("/mon-cashback", { cookie: me.cookie }))).data.emails).toEqual({ detected: false, validated: true, refused: false });
    await callRoute(action, req("/mon-cashback", { cookie: me.cookie, form: { intent: "notifications", detected: "on", validated: "on", refused: "on" } }));
    expect(await db.select().from(s.cashbackEmailOptOuts).where(eq(s.cashbackEmailOptOuts.userId, me.id))).toEqual([]);

    const bad = await callRoute(action, req("/mon-cashback", { cookie: me.cookie, form: { intent: "notifications", refused: "oui" } }));
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.data.result?.error)).toContain("Cette case ne peut être que cochée ou décochée.");
    const unknown = await callRoute(action, req("/mon-cashback", { cookie: me.cookie, form: { intent: "supprimer" } }));
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.data.result?.error)).toContain("Demande invalide.");
    expect(await db.select().from(s.cashbackEmailOptOuts).where(eq(s.cashbackEmailOptOuts.userId, me.id))).toEqual([]);
  });

  it("queues 'Ton cashback est validé' with its mail.send job in the caller's transaction", async () => {
    const me = await signedInUser();
    const brand = await brandWithProgram("Nuxe");
    const id = await purchase({ userId: me.id, programId: brand.programId, status: "validated", amountCents: 1234 });
    // rolled back with the import: no mail, no job
    await expect(
      withLedger(async (tx) => {
        await onMemberCashbackChanged(tx, { memberCashbackId: id, userId: me.id, fromStatus: "pending", toStatus: "validated" });
        throw new Error("import failed");
      }),
    ).rejects.toThrow("import failed");
    expect(await outboxFor(me.email)).toEqual([]);

    await withLedger((tx) => onMemberCashbackChanged(tx, { memberCashbackId: id, userId: me.id, fromStatus: "pending", toStatus: "validated" }));
    const [mail] = await outboxFor(me.email);
    expect(mail).toMatchObject({ subject: "Ton cashback est validé", kind: "cashback-validated" });
    expect(nbsp(mail.text)).toContain("12,34 €");
    expect(mail.text).toContain(brand.name);
    expect(mail.text).toContain("/mon-cashback#notifications");
    expect(await mailJobs(mail.id)).toHaveLength(1);
  });

  it("sends nothing for an e-mail type the member switched off", async () => {
    const me = await signedInUser();
    const brand = await brandWithProgram("Nuxe");
    const id = await purchase({ userId: me.id, programId: brand.programId, status: "validated", amountCents: 500 });
    await callRoute(action, req("/mon-cashback", { cookie: me.cookie, form: { intent: "notifications", detected: "on", refused: "on" } }));
    await withLedger((tx) => onMemberCashbackChanged(tx, { memberCashbackId: id, userId: me.id, fromStatus: "pending", toStatus: "validated" }));
    expect(await outboxFor(me.email)).toEqual([]);
  });

  it("tells the reason of a refusal, and of a reversal, in plain French", async () => {
    const me = await signedInUser();
    const brand = await brandWithProgram("Typology");
    const refused = await purchase({ userId: me.id, programId: brand.programId, status: "refused", amountCents: 210, reasonTextFr: "La commande a été retournée." });
    const reversed = await purchase({ userId: me.id, programId: brand.programId, status: "reversed", amountCents: 300 });
    await withLedger(async (tx) => {
      await onMemberCashbackChanged(tx, { memberCashbackId: refused, userId: me.id, fromStatus: "pending", toStatus: "refused" });
      await onMemberCashbackChanged(tx, { memberCashbackId: reversed, userId: me.id, fromStatus: "validated", toStatus: "reversed" });
    });
    const mails = await outboxFor(me.email);
    const r = mails.find((m) => m.kind === "cashback-refused")!;
    expect(r.subject).toBe("Ton cashback a été refusé");
    expect(r.text).toContain("Raison : La commande a été retournée.");
    const v = mails.find((m) => m.kind === "cashback-reversed")!;
    expect(v.subject).toBe("Ton cashback a été annulé");
    expect(v.text).toContain("Raison : le marchand n'a pas donné de raison.");
  });

  it("does not mail a detection at once: a daily digest groups them, once per Paris day", async () => {
    const db = await getDb();
    const me = await signedInUser();
    const optedOut = await signedInUser();
    const brand = await brandWithProgram("Caudalie");
    const a = await purchase({ userId: me.id, programId: brand.programId, status: "pending", amountCents: 434, transactionAt: new Date("2027-03-03T09:41:00Z") });
    await purchase({ userId: me.id, programId: brand.programId, status: "tracked", amountCents: 120, transactionAt: new Date("2027-03-04T09:41:00Z") });
    await purchase({ userId: me.id, programId: brand.programId, status: "tracked", amountCents: 50, hiddenAt: new Date() });
    await purchase({ userId: optedOut.id, programId: brand.programId, status: "pending", amountCents: 10 });
    await callRoute(action, req("/mon-cashback", { cookie: optedOut.cookie, form: { intent: "notifications", validated: "on", refused: "on" } }));
    await withLedger((tx) => onMemberCashbackChanged(tx, { memberCashbackId: a, userId: me.id, fromStatus: null, toStatus: "pending" }));
    expect(await outboxFor(me.email)).toEqual([]);

    const evening = new Date("2027-03-04T17:00:00Z"); // 18:00 in Paris
    expect(await sendDetectedDigests(evening)).toBeGreaterThanOrEqual(1);
    const [digest, ...more] = await outboxFor(me.email);
    expect(more).toEqual([]);
    expect(digest).toMatchObject({ kind: "cashback-detected-digest", subject: "2 achats détectés : ton cashback est en route" });
    expect(nbsp(digest.text)).toContain("4,34 €");
    expect(nbsp(digest.text)).toContain("1,20 €");
    expect(nbsp(digest.text)).not.toContain("0,50 €");
    expect(await mailJobs(digest.id)).toHaveLength(1);
    expect(await outboxFor(optedOut.email)).toEqual([]);
    const [optedOutLine] = await db.select().from(s.memberCashbacks).where(eq(s.memberCashbacks.userId, optedOut.id));
    expect(optedOutLine.detectedNotifiedAt).not.toBeNull();

    // a second run sends nothing
    expect(await sendDetectedDigests(new Date(evening.getTime() + 60_000))).toBe(0);
    // a purchase detected later the same day waits for tomorrow's digest
    await purchase({ userId: me.id, programId: brand.programId, status: "pending", amountCents: 777 });
    expect(await sendDetectedDigests(new Date("2027-03-04T21:00:00Z"))).toBe(0);
    expect(await outboxFor(me.email)).toHaveLength(1);
    expect(await sendDetectedDigests(new Date("2027-03-05T17:00:00Z"))).toBe(1);
    const mails = await outboxFor(me.email);
    expect(mails).toHaveLength(2);
    expect(mails.find((m) => m.id !== digest.id)!.subject).toBe("Achat détecté : ton cashback est en route");
    const left = await db.select().from(s.memberCashbacks).where(and(eq(s.memberCashbacks.userId, me.id), sql`${s.memberCashbacks.detectedNotifiedAt} is null`));
    expect(left.map((l) => l.amountCents)).toEqual([50]); // the hidden one
  });

  it("registers the digest as a daily 18:00 Paris schedule with its handler", () => {
    expect(jobSchedules).toContainEqual({ name: CASHBACK_DIGEST_QUEUE, cron: "0 18 * * *" });
    expect(typeof jobHandlers[CASHBACK_DIGEST_QUEUE]).toBe("function");
  });
});

describe("mon cashback page", () => {
  it("renders the labels, euro amounts and Paris dates in French", async () => {
    const { renderToString } = await import("react-dom/server");
    const { createElement } = await import("react");
    const Page = (await import("#app/routes/mon-cashback")).default;
    const line = {
      id: "l1", merchant: "Caudalie", purchasedAt: "2027-03-03T09:41:00.000Z", saleAmount: "62.5", currency: "EUR", amountCents: 434,
      status: "pending", expectedValidationAt: "2027-03-12T10:00:00.000Z", reasonTextFr: null,
      timeline: [{ step: "click", at: "2027-03-03T09:15:00.000Z" }, { step: "detected", at: "2027-03-03T09:41:00.000Z" }],
    };
    const refused = { ...line, id: "l2", status: "refused", expectedValidationAt: null, reasonTextFr: "Commande annulée." };
    const loaderData = {
      balances: { pending: 1234, available: 50, inPayout: 0, paid: 100000 },
      purchases: { lines: [line, refused], page: 1, pageCount: 1, total: 2 },
      emails: { detected: true, validated: false, refused: true },
      launched: true,
      moneyShown: true,
      payouts: [],
      bank: null,
      minimumCents: 1000,
      withdrawKey: "00000000-0000-4000-8000-000000000000",
      claims: [
        {
          id: "c1", merchant: "Caudalie", orderRef: "CMD-42", orderAt: "2027-02-20T11:00:00.000Z", amountCents: 4990, status: "refused", reason: "Commande annulée par le client",
          steps: [{ step: "submitted", at: "2027-02-25T10:00:00.000Z" }, { step: "sent", at: "2027-02-26T10:00:00.000Z" }, { step: "refused", at: "2027-03-10T10:00:00.000Z" }],
        },
      ],
    };
    const { StaticRouterProvider, createStaticHandler, createStaticRouter } = await import("react-router");
    const handler = createStaticHandler([{ id: "root", path: "/mon-cashback", loader: () => loaderData, Component: () => createElement(asRouteComponent(Page), { loaderData, actionData: undefined, params: {}, matches: [] }) }]);
    const context = await handler.query(new Request("http://localhost/mon-cashback"));
    if (context instanceof Response) throw new Error("unexpected response");
    const html = nbsp(renderToString(createElement(StaticRouterProvider, { router: createStaticRouter(handler.dataRoutes, context), context }))).replaceAll("<!-- -->", "");
    for (const text of ["En attente", "12,34 €", "Disponible", "0,50 €", "En cours de virement", "0,00 €", "Versé", "1 000,00 €"]) expect(html).toContain(text);
    expect(html).toContain("En attente de validation");
    expect(html).toContain("Validation prévue le 12 mars 2027");
    for (const text of ["Mes réclamations", "Signaler un achat manquant", "Commande CMD-42 du 20 février 2027 · 49,90 €", "Raison : Commande annulée par le client", "Transmise au marchand le", "Refusée le"]) expect(html).toContain(text);
    expect(html).toContain("4,34 €");
    expect(html).toContain("62,50 € dépensés");
    expect(html).toContain("Achat du 3 mars 2027");
    expect(html).toContain("Clic</span> 3 mars 10:15");
    expect(html).toContain("Refusé");
    expect(html).toContain("Raison : Commande annulée.");
  });
});
