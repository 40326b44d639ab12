import { randomInt } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { composeIBAN, isValidIBAN } from "ibantools";
import { expect, it } from "vitest";
import { getDb } from "#app/lib/db.server";
import { exportAccountData } from "#app/modules/accounts/accounts.server";
import { decryptIban, openBankText } from "#app/modules/payouts/bank-crypto.server";
import { BANK_DETAILS_MESSAGES as M } from "#app/modules/payouts/bank-details.schema";
import { getBankDetails, saveBankDetails } from "#app/modules/payouts/bank-details.server";
import { action, loader } from "#app/routes/mon-cashback.coordonnees-bancaires";
import * as s from "#db/schema";
import { req, signedInUser } from "#tests/helpers/auth";
import { describeEachDb } from "#tests/helpers/db";
import { callRoute } from "#tests/helpers/route";

const PATH = "/mon-cashback/coordonnees-bancaires";
const IBAN = "FR76 3000 6000 0112 3456 7890 189";

/** A valid German IBAN no other test uses (the database is shared by the file's tests). */
function uniqueIban(): string {
  const iban = composeIBAN({ countryCode: "DE", bban: `37040044${String(randomInt(1e9)).padStart(10, "0")}` });
  if (!iban || !isValidIBAN(iban)) throw new Error("could not compose an IBAN");
  return iban;
}
const HOUR = 3_600_000;

const methodsOf = async (userId: string) =>
  (await getDb()).select().from(s.payoutMethods).where(eq(s.payoutMethods.userId, userId)).orderBy(s.payoutMethods.createdAt);
const mailsTo = async (email: string) => (await getDb()).select().from(s.emailOutbox).where(eq(s.emailOutbox.to, email));
const save = (cookie: string, form: Record<string, string>) => callRoute(action, req(PATH, { cookie, form }));

describeEachDb("bank details", () => {
  it("sends visitors to sign in and back", async () => {
    expect((await callRoute(loader, req(PATH))).location).toBe(`/auth?redirect=${PATH}`);
    expect((await callRoute(action, req(PATH, { form: { iban: IBAN } }))).location).toBe(`/auth?redirect=${PATH}`);
  });

  it("saves an IBAN after the password: encrypted at rest, shown masked, usable 72 h later, and the member is e-mailed", async () => {
    const me = await signedInUser();
    const before = Date.now();
    const out = await save(me.cookie, { iban: IBAN, holderName: "Camille Dupont", password: me.password });
    expect(out.status).toBe(302);
    expect(out.location).toBe(PATH);

    const [row] = await methodsOf(me.id);
    expect(row.ibanLast4).toBe("0189");
    expect(row.country).toBe("FR");
    // the holder's name is sealed like the IBAN (issue #35)
    expect(row.holderName).not.toContain("Camille");
    expect(openBankText(row.holderName)).toBe("Camille Dupont");
    expect(row.usableFrom.getTime() - row.createdAt.getTime()).toBe(72 * HOUR);
    expect(row.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    // the database holds no readable IBAN, in any column
    const raw = await (await getDb()).execute(sql`select row_to_json(p)::text as json from payout_methods p where user_id = ${me.id}`);
    expect(JSON.stringify(raw)).not.toContain("30006000011234567890189");
    expect(JSON.stringify(raw)).not.toContain("Dupont");
    expect(decryptIban(row.ibanEnc)).toBe("FR7630006000011234567890189");

    const page = await callRoute(loader, req(PATH, { cookie: me.cookie }));
    expect(page.data.bankDetails).toMatchObject({ maskedIban: "FR•• •••• •••• •••• 0189", holderName: "Camille Dupont", usable: false });
    expect(JSON.stringify(page.data)).not.toContain("3000600001");

    const [mail] = await mailsTo(me.email);
    expect(mail.subject).toBe("Tes coordonnées bancaires ont été modifiées");
    expect(mail.text).toContain("FR•• •••• •••• •••• 0189");
    expect(mail.text).not.toContain("30006000011234567890189");
    expect(mail.text).not.toContain("Dupont");

    // 72 hours later the account can receive transfers
    expect((await getBankDetails(me.id, new Date(row.usableFrom.getTime() - 1000)))?.usable).toBe(false);
    expect((await getBankDetails(me.id, row.usableFrom))?.usable).toBe(true);
  });

  it("writes nothing with a wrong password, an invalid IBAN or a bad holder name, and answers in French with a 4xx", async () => {
    const me = await signedInUser();
    const wrong = await save(me.cookie, { iban: IBAN, holderName: "Camille Dupont", password: "pas-le-bon" });
    expect(wrong.status).toBe(400);
    expect(wrong.data.result?.error?.password).toEqual(["Mot de passe incorrect."]);
    expect(wrong.data.result?.initialValue?.password).toBeUndefined();

    const invalid = await save(me.cookie, { iban: "FR76 3000 6000 0112 3456 7890 188", holderName: "Camille Dupont", password: me.password });
    expect(invalid.status).toBe(400);
    expect(invalid.data.result?.error?.iban).toEqual([M.ibanInvalid]);

    const outside = await save(me.cookie, { iban: "TN59 1000 6035 1835 9847 8831", holderName: "Camille Dupont", password: me.password });
    expect(outside.data.result?.error?.iban).toEqual([M.ibanNotSepa]);

    const name = await save(me.cookie, { iban: IBAN, holderName: "x".repeat(71), password: me.password });
    expect(name.status).toBe(400);
    expect(name.data.result?.error?.holderName).toEqual([M.holderTooLong]);

    expect(await methodsOf(me.id)).toEqual([]);
    expect(await mailsTo(me.email)).toEqual([]);
  });

  it("a change disables the previous account and starts a new 72 h wait", async () => {
    const me = await signedInUser();
    const t0 = new Date("2027-04-01T10:00:00Z");
    const first = uniqueIban();
    const second = uniqueIban();
    await saveBankDetails(me, { iban: first, holderName: "Camille Dupont" }, t0);
    const t1 = new Date(t0.getTime() + 100 * HOUR);
    expect((await getBankDetails(me.id, t1))?.usable).toBe(true);
    await saveBankDetails(me, { iban: second, holderName: "Camille Dupont" }, t1);
    const rows = await methodsOf(me.id);
    expect(rows.map((r) => [r.ibanLast4, r.disabledAt?.toISOString() ?? null])).toEqual([
      [first.slice(-4), t1.toISOString()],
      [second.slice(-4), null],
    ]);
    const now = await getBankDetails(me.id, new Date(t1.getTime() + HOUR));
    expect(now).toMatchObject({ maskedIban: `DE•• •••• •••• •••• ${second.slice(-4)}`, usable: false });
    expect(now?.usableFrom.toISOString()).toBe(new Date(t1.getTime() + 72 * HOUR).toISOString());
    expect(await mailsTo(me.email)).toHaveLength(2);
  });

  it("one live IBAN belongs to one account; saving the same details twice changes nothing", async () => {
    const me = await signedInUser();
    const other = await signedInUser();
    const IBAN2 = uniqueIban();
    expect((await save(me.cookie, { iban: IBAN2, holderName: "Camille Dupont", password: me.password })).status).toBe(302);
    const taken = await save(other.cookie, { iban: IBAN2.toLowerCase(), holderName: "Dominique Martin", password: other.password });
    expect(taken.status).toBe(409);
    expect(taken.data.result?.error?.iban).toEqual([M.ibanTaken]);
    expect(await methodsOf(other.id)).toEqual([]);

    const again = await save(me.cookie, { iban: IBAN2, holderName: "Camille Dupont", password: me.password });
    expect(again.status).toBe(400);
    expect(again.data.result?.error?.iban).toEqual([M.unchanged]);
    expect(await methodsOf(me.id)).toHaveLength(1);
    expect(await mailsTo(me.email)).toHaveLength(1);
  });

  it("two accounts saving the same IBAN at the same moment: exactly one gets it", async () => {
    const a = await signedInUser();
    const b = await signedInUser();
    const iban = uniqueIban();
    const results = await Promise.allSettled([
      saveBankDetails(a, { iban, holderName: "Alex A" }),
      saveBankDetails(b, { iban, holderName: "Bea B" }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const rejected = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(rejected.reason.message).toBe(M.ibanTaken);
    expect(rejected.reason.status).toBe(409);
  });

  it("the member's data export lists the bank details, masked", async () => {
    const me = await signedInUser();
    const iban = uniqueIban();
    await saveBankDetails(me, { iban, holderName: "Camille Dupont" });
    const exported = await exportAccountData(me.id);
    expect(exported?.bankAccounts).toEqual([expect.objectContaining({ iban: `DE•• •••• •••• •••• ${iban.slice(-4)}`, holderName: "Camille Dupont", disabledAt: null })]);
    expect(JSON.stringify(exported)).not.toContain(iban.slice(4, 20));
  });

  it("deleting the account deletes its bank details", async () => {
    const me = await signedInUser();
    await saveBankDetails(me, { iban: uniqueIban(), holderName: "Camille Dupont" });
    expect(await methodsOf(me.id)).toHaveLength(1);
    await (await getDb()).delete(s.user).where(eq(s.user.id, me.id));
    expect(await methodsOf(me.id)).toEqual([]);
  });
});
