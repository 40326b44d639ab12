import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import { resetAuth } from "#app/lib/auth.server";
import { getDb } from "#app/lib/db.server";
import { resetEnvCache } from "#app/lib/env.server";
import { deleteAccount, exportAccountData } from "#app/modules/accounts/accounts.server";
import { newClickId } from "#app/modules/cashback/click-id";
import { CLAIM_ADMIN_MESSAGES, CLAIM_MESSAGES, claimStatusLabel } from "#app/modules/claims/claims.schema";
import { importRecords } from "#app/modules/conversions/import.server";
import { toParisDateInput } from "#app/modules/settings/paris-time";
import { action as adminAction, loader as adminLoader } from "#app/routes/admin/reclamations";
import { loader as exportLoader } from "#app/routes/admin/reclamations.export";
import { loader as proofLoader } from "#app/routes/admin/reclamations.justificatif";
import { loader as memberLoader } from "#app/routes/mon-cashback";
import { action as claimAction, loader as claimLoader } from "#app/routes/mon-cashback.reclamation";
import * as s from "#db/schema";
import { req, signedInUser } from "#tests/helpers/auth";
import { rec } from "#tests/helpers/conversions";
import { describeEachDb } from "#tests/helpers/db";
import { startNetworkServer } from "#tests/helpers/network-server";
import { callRoute, type FormAnswer } from "#tests/helpers/route";
import { multipart } from "#tests/helpers/multipart";

const DAY = 86_400_000;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "crevarde-claims-"));
const proofDir = path.join(dataDir, "private", "claims");
const ENV_KEYS = ["DATA_DIR", "SESSION_SECRET", "IMPACT_API_BASE_URL", "IMPACT_ACCOUNT_SID", "IMPACT_AUTH_TOKEN"] as const;
const savedEnv = Object.fromEntries(ENV_KEYS.map((k) => [k, process.env[k]]));

beforeAll(() => {
  // proofs land in DATA_DIR/private/claims; a fixed secret so the auth instance survives the env reset
  process.env.DATA_DIR = dataDir;
  process.env.SESSION_SECRET ??= "claims-test-secret-".repeat(3);
  resetEnvCache();
  resetAuth();
});
afterAll(() => {
  for (const k of ENV_KEYS) {
    if (savedEnv[k] === undefined) delete process.env[k];
    else process.env[k] = savedEnv[k];
  }
  resetEnvCache();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A small real PDF (header, one object, trailer, %%EOF). */
const PDF = Buffer.from("%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n");
const pngProof = () => sharp({ create: { width: 4, height: 4, channels: 3, background: "#c0ffee" } }).png().toBuffer();

const proofFiles = () => (fs.existsSync(proofDir) ? fs.readdirSync(proofDir) : []);
const claimsOf = async (userId: string) => (await getDb()).select().from(s.cashbackClaims).where(eq(s.cashbackClaims.userId, userId));

async function programme(network = "awin", cookieDays = 30, brandName?: string) {
  const db = await getDb();
  const brand = brandName ? (await db.insert(s.brands).values({ name: brandName, slug: `b-${randomUUID().slice(0, 8)}` }).returning())[0] : null;
  const [p] = await db
    .insert(s.affiliatePrograms)
    .values({ brandId: brand?.id ?? null, network, networkAccountId: `acc-${network}`, networkProgramId: `p-${randomUUID().slice(0, 8)}`, trackingUrlTemplate: "https://net.example/c?ref={CLICK_ID}", cookieDays })
    .returning();
  return p;
}

async function clickOf(userId: string, programId: string, ageDays: number) {
  const db = await getDb();
  const [c] = await db
    .insert(s.clickSessions)
    .values({ clickId: newClickId(), userId, programId, destinationUrl: "https://example.fr/", rateSnapshot: {}, createdAt: new Date(Date.now() - ageDays * DAY) })
    .returning();
  return c;
}


const daysAgo = (n: number) => toParisDateInput(new Date(Date.now() - n * DAY));

async function file(cookie: string, fields: Record<string, string>, proof?: { bytes: Uint8Array; name: string; type: string }) {
  const file: Record<string, File> = proof ? { proof: new File([new Uint8Array(proof.bytes)], proof.name, { type: proof.type }) } : {};
  return callRoute(claimAction, await multipart("/mon-cashback/reclamation", cookie, { ...fields, ...file }));
}

const claimForm = (clickSessionId: string, extra: Record<string, string> = {}) => ({
  clickSessionId,
  orderRef: `CMD-${randomUUID().slice(0, 8)}`,
  orderDate: daysAgo(8),
  amount: "49,90",
  noOtherCode: "on",
  ...extra,
});

/** A member with a click `ageDays` old on a fresh programme. */
async function memberWithClick(ageDays = 10, { network = "awin", cookieDays = 30, brand = undefined as string | undefined } = {}) {
  const me = await signedInUser();
  const p = await programme(network, cookieDays, brand);
  const click = await clickOf(me.id, p.id, ageDays);
  return { me, p, click };
}

const allErrors = (out: { data: unknown }) => Object.values((out.data as FormAnswer)?.result?.error ?? {}).flat();
const admin = (cookie: string, form: Record<string, string>) => callRoute(adminAction, req("/admin/reclamations", { cookie, form }));
const auditOf = async (entityId: string) => (await getDb()).select().from(s.auditLog).where(eq(s.auditLog.entityId, entityId));

describeEachDb("missing-cashback claims", () => {
  it("a member files a claim with a real PDF: matched, proof stored privately, shown in « Mes réclamations »", async () => {
    const { me, click } = await memberWithClick(10, { brand: "Boutique Test" });
    const page = await callRoute(claimLoader, req("/mon-cashback/reclamation", { cookie: me.cookie }));
    expect(page.data.clicks).toHaveLength(1);
    expect(page.data.clicks[0]).toMatchObject({ id: click.id, merchant: "Boutique Test" });

    const out = await file(me.cookie, claimForm(click.id, { orderRef: "CMD-1001", orderEmail: "Camille@Example.fr", memberNote: "Payé par carte" }), { bytes: PDF, name: "facture.pdf", type: "application/pdf" });
    expect(out.status).toBe(302);
    expect(out.location).toBe("/mon-cashback#reclamations");
    const [claim] = await claimsOf(me.id);
    expect(claim).toMatchObject({ status: "matched", orderRef: "CMD-1001", orderAmountCents: 4990, proofMime: "application/pdf", noOtherCode: true, memberNote: "Payé par carte", clickSessionId: click.id });
    expect(claim.orderEmailHash).toMatch(/^[0-9a-f]{64}$/);
    expect(claim.orderAt.getTime()).toBeGreaterThanOrEqual(click.createdAt.getTime());
    // outside the public uploads, with no extension, the same bytes
    expect(fs.readFileSync(path.join(proofDir, claim.proofStorageKey!))).toEqual(PDF);
    expect(claim.proofStorageKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(fs.existsSync(path.join(dataDir, "uploads", claim.proofStorageKey!))).toBe(false);

    const mine = await callRoute(memberLoader, req("/mon-cashback", { cookie: me.cookie }));
    expect(mine.data.claims).toHaveLength(1);
    expect(mine.data.claims[0]).toMatchObject({ merchant: "Boutique Test", orderRef: "CMD-1001", status: "matched", amountCents: 4990 });
    expect(mine.data.claims[0].steps.map((x) => x.step)).toEqual(["submitted"]);

    // a PNG screenshot is fine too
    const { me: other, click: otherClick } = await memberWithClick(5);
    expect((await file(other.cookie, claimForm(otherClick.id, { orderDate: daysAgo(4) }), { bytes: await pngProof(), name: "capture.png", type: "image/png" })).status).toBe(302);
    expect((await claimsOf(other.id))[0].proofMime).toBe("image/png");
  });

  it("refuses every claim that cannot match with a French reason, and writes nothing", async () => {
    const before = proofFiles().length;
    const cases: { name: string; setup: () => Promise<{ cookie: string; fields: Record<string, string>; userId: string }>; status: number; message: string | RegExp; proof?: { bytes: Uint8Array; name: string; type: string } }[] = [
      {
        name: "click younger than 3 days",
        setup: async () => {
          const { me, click } = await memberWithClick(1);
          return { cookie: me.cookie, userId: me.id, fields: claimForm(click.id, { orderDate: daysAgo(0) }) };
        },
        status: 400,
        message: /^Tu pourras signaler cet achat à partir du /,
      },
      {
        name: "click older than 90 days",
        setup: async () => {
          const { me, click } = await memberWithClick(95, { cookieDays: 30 });
          return { cookie: me.cookie, userId: me.id, fields: claimForm(click.id, { orderDate: daysAgo(94) }) };
        },
        status: 400,
        message: CLAIM_MESSAGES.tooLate,
      },
      {
        name: "order before the click",
        setup: async () => {
          const { me, click } = await memberWithClick(10);
          return { cookie: me.cookie, userId: me.id, fields: claimForm(click.id, { orderDate: daysAgo(12) }) };
        },
        status: 400,
        message: /^Ta commande est antérieure à ton clic du /,
      },
      {
        name: "order after the cookie window",
        setup: async () => {
          const { me, click } = await memberWithClick(20, { cookieDays: 7 });
          return { cookie: me.cookie, userId: me.id, fields: claimForm(click.id, { orderDate: daysAgo(5) }) };
        },
        status: 400,
        message: /^Ta commande a été passée plus de 7 jours après ton clic/,
      },
      {
        name: "order date in the future",
        setup: async () => {
          const { me, click } = await memberWithClick(10);
          return { cookie: me.cookie, userId: me.id, fields: claimForm(click.id, { orderDate: toParisDateInput(new Date(Date.now() + 2 * DAY)) }) };
        },
        status: 400,
        message: CLAIM_MESSAGES.orderInFuture,
      },
      {
        name: "someone else's click",
        setup: async () => {
          const { click } = await memberWithClick(10);
          const me = await signedInUser();
          return { cookie: me.cookie, userId: me.id, fields: claimForm(click.id) };
        },
        status: 404,
        message: CLAIM_MESSAGES.clickNotFound,
      },
      {
        name: "box not ticked",
        setup: async () => {
          const { me, click } = await memberWithClick(10);
          const { noOtherCode: _, ...fields } = claimForm(click.id);
          return { cookie: me.cookie, userId: me.id, fields };
        },
        status: 400,
        message: CLAIM_MESSAGES.noOtherCodeRequired,
      },
      {
        name: "text renamed .pdf",
        setup: async () => {
          const { me, click } = await memberWithClick(10);
          return { cookie: me.cookie, userId: me.id, fields: claimForm(click.id) };
        },
        proof: { bytes: Buffer.from("Ceci est ma facture, promis juré."), name: "facture.pdf", type: "application/pdf" },
        status: 400,
        message: CLAIM_MESSAGES.proofType,
      },
      {
        name: "PNG signature on garbage",
        setup: async () => {
          const { me, click } = await memberWithClick(10);
          return { cookie: me.cookie, userId: me.id, fields: claimForm(click.id) };
        },
        proof: { bytes: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]), name: "capture.png", type: "image/png" },
        status: 400,
        message: CLAIM_MESSAGES.proofType,
      },
      {
        name: "proof over 5 MB",
        setup: async () => {
          const { me, click } = await memberWithClick(10);
          return { cookie: me.cookie, userId: me.id, fields: claimForm(click.id) };
        },
        proof: { bytes: Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024)]), name: "facture.pdf", type: "application/pdf" },
        status: 413,
        message: CLAIM_MESSAGES.proofTooLarge,
      },
      {
        name: "proof far over the body limit",
        setup: async () => {
          const { me, click } = await memberWithClick(10);
          return { cookie: me.cookie, userId: me.id, fields: claimForm(click.id) };
        },
        proof: { bytes: Buffer.alloc(7 * 1024 * 1024, 1), name: "facture.pdf", type: "application/pdf" },
        status: 413,
        message: CLAIM_MESSAGES.proofTooLarge,
      },
    ];
    for (const c of cases) {
      const { cookie, fields, userId } = await c.setup();
      const out = await file(cookie, fields, c.proof);
      expect(out.status, c.name).toBe(c.status);
      const errors = allErrors(out);
      expect(errors.length, c.name).toBe(1);
      if (typeof c.message === "string") expect(errors[0], c.name).toBe(c.message);
      else expect(errors[0], c.name).toMatch(c.message);
      expect(await claimsOf(userId), c.name).toHaveLength(0);
    }
    expect(proofFiles().length).toBe(before);
  });

  it("one claim per order: the same order number again is a French 409, even from another member", async () => {
    const { me, p, click } = await memberWithClick(10);
    expect((await file(me.cookie, claimForm(click.id, { orderRef: "DUP-1" }))).status).toBe(302);
    const before = proofFiles().length;
    const again = await file(me.cookie, claimForm(click.id, { orderRef: "DUP-1" }), { bytes: PDF, name: "f.pdf", type: "application/pdf" });
    expect(again.status).toBe(409);
    expect(allErrors(again)).toEqual([CLAIM_MESSAGES.duplicate]);
    const other = await signedInUser();
    const otherClick = await clickOf(other.id, p.id, 9);
    const theirs = await file(other.cookie, claimForm(otherClick.id, { orderRef: "DUP-1" }));
    expect(theirs.status).toBe(409);
    expect(await claimsOf(me.id)).toHaveLength(1);
    expect(await claimsOf(other.id)).toHaveLength(0);
    expect(proofFiles().length).toBe(before);
  });

  it("a claim for an order already tracked on the member's account is refused, links to its purchase line, and stores nothing", async () => {
    const { me, p, click } = await memberWithClick(10);
    await importRecords({
      records: [rec({ networkAccountId: p.networkAccountId, networkProgramId: p.networkProgramId, clickId: click.clickId, orderRef: "TRK-9", transactionAt: new Date(Date.now() - 8 * DAY) })],
      source: "pull",
      actor: "system",
    });
    const [line] = await (await getDb()).select().from(s.memberCashbacks).where(eq(s.memberCashbacks.userId, me.id));
    const before = proofFiles().length;
    // the member's spelling: other case, spaces
    const out = await file(me.cookie, claimForm(click.id, { orderRef: " trk - 9 " }), { bytes: PDF, name: "f.pdf", type: "application/pdf" });
    expect(out.status).toBe(409);
    expect(allErrors(out)).toEqual([CLAIM_MESSAGES.alreadyTracked]);
    expect(CLAIM_MESSAGES.alreadyTracked).toBe("Cette commande est déjà suivie : elle apparaît dans tes achats.");
    expect((out.data as { purchaseHref?: string }).purchaseHref).toBe(`/mon-cashback#achat-${line.id}`);
    expect(await claimsOf(me.id)).toHaveLength(0);
    expect(proofFiles().length).toBe(before);
    // the purchase line carries that anchor on /mon-cashback
    const page = await callRoute(memberLoader, req("/mon-cashback", { cookie: me.cookie }));
    expect(page.data.purchases.lines.map((l) => l.id)).toEqual([line.id]);

    // a conversion for another order on the same click (no order reference) neither refuses nor accepts the claim
    const { me: other, p: otherP, click: otherClick } = await memberWithClick(10);
    await importRecords({
      records: [rec({ networkAccountId: otherP.networkAccountId, networkProgramId: otherP.networkProgramId, clickId: otherClick.clickId, orderRef: "OTHER-1" })],
      source: "pull",
      actor: "system",
    });
    expect((await file(other.cookie, claimForm(otherClick.id, { orderRef: "MINE-2" }))).status).toBe(302);
    expect((await claimsOf(other.id))[0]).toMatchObject({ status: "matched", conversionId: null });
  });

  it("a claim for an order the network declined goes to finance as a dispute, never « Acceptée »", async () => {
    const fin = await signedInUser({ role: "finance" });
    const { me, p, click } = await memberWithClick(10);
    await importRecords({
      records: [rec({ networkAccountId: p.networkAccountId, networkProgramId: p.networkProgramId, clickId: click.clickId, orderRef: "DEC-7", status: "declined" })],
      source: "pull",
      actor: "system",
    });
    const [conv] = await (await getDb()).select().from(s.conversions).where(eq(s.conversions.clickSessionId, click.id));
    expect(conv.status).toBe("declined");
    const out = await file(me.cookie, claimForm(click.id, { orderRef: "DEC-7" }));
    expect(out.status).toBe(302);
    const [claim] = await claimsOf(me.id);
    expect(claim).toMatchObject({ status: "disputed", conversionId: conv.id, resolvedAt: null });
    const mine = await callRoute(memberLoader, req("/mon-cashback", { cookie: me.cookie }));
    expect(mine.data.claims[0]).toMatchObject({ status: "disputed", canWithdraw: false });
    expect(claimStatusLabel("disputed")).toBe("En litige");

    const overview = await callRoute(adminLoader, req("/admin/reclamations", { cookie: fin.cookie }));
    expect(overview.data.disputed.map((c) => c.id)).toEqual([claim.id]);
    expect(overview.data.toSend.flatMap((g) => g.claims).map((c) => c.id)).not.toContain(claim.id);
    expect((await admin(fin.cookie, { intent: "refuse", claimId: claim.id, reason: "Commande annulée" })).status).toBe(200);
    expect((await claimsOf(me.id))[0]).toMatchObject({ status: "refused", refusalReasonFr: "Commande annulée" });
  });

  it("explains why no click can be claimed", async () => {
    const me = await signedInUser();
    const empty = await callRoute(claimLoader, req("/mon-cashback/reclamation", { cookie: me.cookie }));
    expect(empty.data).toMatchObject({ clicks: [], tooRecent: 0, opensAt: null });
    const p = await programme();
    await clickOf(me.id, p.id, 1);
    await clickOf(me.id, p.id, 120);
    const recent = await callRoute(claimLoader, req("/mon-cashback/reclamation", { cookie: me.cookie }));
    expect(recent.data.clicks).toEqual([]);
    expect(recent.data.tooRecent).toBe(1);
    expect(new Date(recent.data.opensAt!).getTime()).toBeGreaterThan(Date.now());
    expect((await callRoute(claimLoader, req("/mon-cashback/reclamation"))).location).toBe("/auth?redirect=/mon-cashback/reclamation");
  });

  it("finance exports a network's matched claims as CSV, marks them sent, then accepts one and refuses another: audit, member timeline", async () => {
    const fin = await signedInUser({ role: "finance" });
    const a = await memberWithClick(10, { network: "cj", brand: "Marque, \"CSV\"" });
    const b = await memberWithClick(12, { network: "cj" });
    const c = await memberWithClick(10, { network: "effiliation" });
    await file(a.me.cookie, claimForm(a.click.id, { orderRef: "=HYPERLINK(\"http://evil\")", amount: "1 234,5" }));
    await file(b.me.cookie, claimForm(b.click.id, { orderRef: "CJ-2" }));
    await file(c.me.cookie, claimForm(c.click.id, { orderRef: "EFF-3" }));

    const overview = await callRoute(adminLoader, req("/admin/reclamations", { cookie: fin.cookie }));
    expect(overview.status).toBe(200);
    const cjGroup = overview.data.toSend.find((g) => g.network === "cj");
    expect(cjGroup?.claims.map((x) => x.orderRef).sort()).toEqual(["=HYPERLINK(\"http://evil\")", "CJ-2"].sort());

    const csv = await callRoute(exportLoader, req("/admin/reclamations/export/cj", { cookie: fin.cookie }), { network: "cj" });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toMatch(/^attachment; filename="reclamations-cj-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = String(csv.data).replace(/^\ufeff/, "").trim().split("\r\n");
    expect(lines[0]).toBe("claim_id,network,network_account_id,network_program_id,programme_id,merchant,order_ref,order_date,order_amount_eur,click_id,click_at,member_email,submitted_at");
    expect(lines).toHaveLength(3);
    const evil = lines.find((l) => l.includes("HYPERLINK"))!;
    expect(evil).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(evil).toContain(`"Marque, ""CSV"""`);
    expect(evil).toContain(",1234.50,");
    expect(evil).toContain(a.click.clickId);
    expect(evil).toContain(a.me.email);
    expect(evil).toContain(a.p.id);
    expect(evil).toContain(a.p.networkProgramId);
    expect(String(csv.data)).not.toContain("EFF-3");
    expect(await auditOf("cj")).toHaveLength(1);
    // an unknown network is a 404
    expect((await callRoute(exportLoader, req("/admin/reclamations/export/nope", { cookie: fin.cookie }), { network: "nope" })).status).toBe(404);

    const sent = await admin(fin.cookie, { intent: "mark-sent", network: "cj" });
    expect(sent.status).toBe(200);
    expect(sent.data.toast?.title).toBe("Réclamations marquées transmises");
    expect((await admin(fin.cookie, { intent: "mark-sent", network: "cj" })).status).toBe(409);
    const [ca] = await claimsOf(a.me.id);
    const [cb] = await claimsOf(b.me.id);
    expect([ca.status, cb.status]).toEqual(["sent", "sent"]);
    expect(ca.sentAt).not.toBeNull();
    expect((await claimsOf(c.me.id))[0].status).toBe("matched");
    expect(await auditOf(ca.id)).toHaveLength(1);

    expect((await admin(fin.cookie, { intent: "accept", claimId: ca.id })).status).toBe(200);
    expect((await admin(fin.cookie, { intent: "refuse", claimId: cb.id, reason: "" })).status).toBe(400);
    expect((await admin(fin.cookie, { intent: "refuse", claimId: cb.id, reason: "Commande annulée par le client" })).status).toBe(200);
    const again = await admin(fin.cookie, { intent: "accept", claimId: cb.id });
    expect(again.status).toBe(409);
    expect(again.data.toast?.description).toBe(CLAIM_ADMIN_MESSAGES.wrongState("Refusée"));
    expect((await admin(fin.cookie, { intent: "accept", claimId: randomUUID() })).status).toBe(404);

    const entries = await auditOf(cb.id);
    expect(entries.map((e) => (e.after as Record<string, unknown>).status).sort()).toEqual(["refused", "sent"]);
    expect(entries.every((e) => e.actorId === fin.id)).toBe(true);

    const pageA = await callRoute(memberLoader, req("/mon-cashback", { cookie: a.me.cookie }));
    expect(pageA.data.claims[0].status).toBe("accepted");
    expect(pageA.data.claims[0].steps.map((x) => x.step)).toEqual(["submitted", "sent", "accepted"]);
    const pageB = await callRoute(memberLoader, req("/mon-cashback", { cookie: b.me.cookie }));
    expect(pageB.data.claims[0]).toMatchObject({ status: "refused", reason: "Commande annulée par le client" });
    expect(pageB.data.claims[0].steps.map((x) => x.step)).toEqual(["submitted", "sent", "refused"]);
  });

  it("finance downloads a proof; nobody else can", async () => {
    const fin = await signedInUser({ role: "finance" });
    const { me, click } = await memberWithClick(10);
    const png = await pngProof();
    await file(me.cookie, claimForm(click.id), { bytes: png, name: "capture.png", type: "image/png" });
    const [claim] = await claimsOf(me.id);
    const out = await callRoute(proofLoader, req(`/admin/reclamations/${claim.id}/justificatif`, { cookie: fin.cookie }), { claimId: claim.id });
    expect(out.status).toBe(200);
    expect(out.headers.get("content-type")).toBe("image/png");
    expect(out.headers.get("content-disposition")).toMatch(/^attachment; filename="justificatif-CMD-[\w-]+\.png"$/);
    expect(out.headers.get("cache-control")).toBe("private, no-store");
    expect((await callRoute(proofLoader, req(`/admin/reclamations/${randomUUID()}/justificatif`, { cookie: fin.cookie }), { claimId: randomUUID() })).status).toBe(404);
    // the member who sent it is not finance
    expect((await callRoute(proofLoader, req(`/admin/reclamations/${claim.id}/justificatif`, { cookie: me.cookie }), { claimId: claim.id })).status).toBe(302);
  });

  it("sends an Impact programme's claim through Impact's ActionInquiries API (local server), then it is sent with its inquiry id", async () => {
    const server = await startNetworkServer();
    process.env.IMPACT_API_BASE_URL = server.base;
    process.env.IMPACT_ACCOUNT_SID = "IRtestSid123";
    process.env.IMPACT_AUTH_TOKEN = "impact-token-xyz";
    resetEnvCache();
    try {
      const fin = await signedInUser({ role: "finance" });
      const { me, p, click } = await memberWithClick(10, { network: "impact" });
      await file(me.cookie, claimForm(click.id, { orderRef: "IMP-77", amount: "80" }));
      const [claim] = await claimsOf(me.id);

      // Impact refuses first: nothing changes, the admin reads why
      server.reply(() => ({ status: 400, body: JSON.stringify({ Status: "ERROR", Message: "Invalid CampaignId" }) }));
      const refused = await admin(fin.cookie, { intent: "send-impact", claimId: claim.id });
      expect(refused.status).toBe(502);
      expect(refused.data.toast?.description).toBe(CLAIM_ADMIN_MESSAGES.impactFailed("Invalid CampaignId"));
      expect((await claimsOf(me.id))[0].status).toBe("matched");

      server.reply(() => ({ status: 200, body: JSON.stringify({ Status: "OK", Id: "A-12345" }) }));
      const out = await admin(fin.cookie, { intent: "send-impact", claimId: claim.id });
      expect(out.status).toBe(200);
      const seen = server.requests.at(-1)!;
      expect(seen.method).toBe("POST");
      expect(seen.url.pathname).toBe("/Mediapartners/IRtestSid123/ActionInquiries");
      expect(seen.headers.authorization).toBe(`Basic ${Buffer.from("IRtestSid123:impact-token-xyz").toString("base64")}`);
      const body = JSON.parse(seen.body);
      expect(body).toMatchObject({ CampaignId: p.networkProgramId, OrderId: "IMP-77", TransactionAmount: "80.00", InquiryType: "UNTRACKED" });
      expect(new Date(body.TransactionDate).getTime()).toBe(claim.orderAt.getTime());
      expect(body.InquiryNotes).toContain(click.clickId);

      const [after] = await claimsOf(me.id);
      expect(after).toMatchObject({ status: "sent", networkInquiryId: "A-12345" });
      expect((await auditOf(claim.id)).map((e) => (e.after as Record<string, unknown>).via)).toEqual(["impact-api"]);
      // once sent, not again
      expect((await admin(fin.cookie, { intent: "send-impact", claimId: claim.id })).status).toBe(409);
      expect(server.requests).toHaveLength(2);

      // a claim on another network is not sent to Impact
      const other = await memberWithClick(10, { network: "awin" });
      await file(other.me.cookie, claimForm(other.click.id));
      const [awinClaim] = await claimsOf(other.me.id);
      expect((await admin(fin.cookie, { intent: "send-impact", claimId: awinClaim.id })).data.toast?.description).toBe(CLAIM_ADMIN_MESSAGES.notImpact);
    } finally {
      await server.close();
      delete process.env.IMPACT_API_BASE_URL;
      delete process.env.IMPACT_ACCOUNT_SID;
      delete process.env.IMPACT_AUTH_TOKEN;
      resetEnvCache();
    }
  });

  it("flags a member after 3 refused claims in 90 days (ADR 037)", async () => {
    const fin = await signedInUser({ role: "finance" });
    const { me, p, click } = await memberWithClick(10);
    const db = await getDb();
    const old = new Date(Date.now() - 100 * DAY);
    await db.insert(s.cashbackClaims).values([
      ...[1, 2].map((i) => ({ userId: me.id, clickSessionId: click.id, programId: p.id, orderRef: `R-${i}`, orderAt: new Date(), orderAmountCents: 100, noOtherCode: true, status: "refused" as const, resolvedAt: new Date() })),
      { userId: me.id, clickSessionId: click.id, programId: p.id, orderRef: "R-old", orderAt: old, orderAmountCents: 100, noOtherCode: true, status: "refused" as const, submittedAt: old, resolvedAt: old },
    ]);
    await file(me.cookie, claimForm(click.id, { orderRef: "R-3" }));
    const count = async () => (await callRoute(adminLoader, req("/admin/reclamations", { cookie: fin.cookie }))).data.toSend.flatMap((g) => g.claims).find((c) => c.orderRef === "R-3")?.memberRefusals;
    expect(await count()).toBe(2);
    await db.insert(s.cashbackClaims).values({ userId: me.id, clickSessionId: click.id, programId: p.id, orderRef: "R-4", orderAt: new Date(), orderAmountCents: 100, noOtherCode: true, status: "refused", resolvedAt: new Date() });
    expect(await count()).toBe(3);
  });

  it("a member's claims are in their data export; deleting the account erases the proof file, note and e-mail hash", async () => {
    const { me, click } = await memberWithClick(10);
    await file(me.cookie, claimForm(click.id, { orderRef: "RGPD-1", memberNote: "Note perso", orderEmail: "moi@example.fr" }), { bytes: PDF, name: "f.pdf", type: "application/pdf" });
    const [claim] = await claimsOf(me.id);
    const exported = await exportAccountData(me.id);
    expect(exported?.claims).toEqual([expect.objectContaining({ orderRef: "RGPD-1", memberNote: "Note perso", status: "matched", proofMime: "application/pdf" })]);
    expect(fs.existsSync(path.join(proofDir, claim.proofStorageKey!))).toBe(true);
    await deleteAccount(me.id, me.email);
    const [after] = await (await getDb()).select().from(s.cashbackClaims).where(eq(s.cashbackClaims.id, claim.id));
    expect(after).toMatchObject({ userId: null, proofStorageKey: null, proofMime: null, memberNote: null, orderEmailHash: null, orderRef: "RGPD-1" });
    expect(fs.existsSync(path.join(proofDir, claim.proofStorageKey!))).toBe(false);
  });

  it("only finance and admins see or touch claims", async () => {
    const member = await signedInUser();
    const editor = await signedInUser({ role: "editor" });
    for (const who of [member, editor]) {
      expect((await callRoute(adminLoader, req("/admin/reclamations", { cookie: who.cookie }))).status).toBe(302);
      expect((await admin(who.cookie, { intent: "mark-sent", network: "awin" })).status).toBe(403);
      expect((await callRoute(exportLoader, req("/admin/reclamations/export/awin", { cookie: who.cookie }), { network: "awin" })).status).toBe(302);
    }
    expect((await admin("", { intent: "mark-sent", network: "awin" })).status).toBe(401);
    const adminUser = await signedInUser({ role: "admin" });
    expect((await callRoute(adminLoader, req("/admin/reclamations", { cookie: adminUser.cookie }))).status).toBe(200);
    expect((await callRoute(adminLoader, req("/admin/reclamations"))).location).toBe("/auth?redirect=%2Fadmin%2Freclamations");
    const db = await getDb();
    expect(await db.select().from(s.auditLog).where(and(eq(s.auditLog.actorId, editor.id)))).toHaveLength(0);
  });
});
