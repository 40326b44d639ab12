import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { validateXML } from "xmllint-wasm";
import { buildPain001, formatCents, type Pain001Input, type SepaPayment, SepaFileError } from "./sepa-file.server";
import { cleanSepaText } from "./sepa-text";

const XSD = readFileSync(new URL("./xsd/pain.001.001.09.xsd", import.meta.url), "utf8");
const GOLDEN_URL = new URL("./__fixtures__/pain001-golden.xml", import.meta.url);

async function validate(xml: string) {
  const result = await validateXML({
    xml: [{ fileName: "pain001.xml", contents: xml }],
    schema: [{ fileName: "pain.001.001.09.xsd", contents: XSD }],
  });
  return { valid: result.valid, errors: result.errors.map((e) => e.message) };
}

const DEBTOR = { name: "Crevarde SAS", iban: "FR76 3000 6000 0112 3456 7890 189", bic: "AGRIFRPP" };
const IBANS = ["FR1420041010050500013M02606", "DE89370400440532013000", "BE68539007547034", "NL91ABNA0417164300", "ES9121000418450200051332"];

const payment = (i: number, amountCents: number): SepaPayment => ({
  endToEndId: `CRV-P-${i}`,
  amountCents,
  creditorName: `Membre ${i}`,
  creditorIban: IBANS[i % IBANS.length],
  remittance: `Cashback Crevarde ${i}`,
});

/** A realistic batch: three members, French names, fixed instants (Paris is UTC+1 in November). */
const realistic = (): Pain001Input => ({
  msgId: "CRV-PAYOUT-20261126-0001",
  createdAt: new Date("2026-11-26T08:30:15.250Z"),
  executionDate: new Date("2026-11-27T09:00:00Z"),
  debtor: DEBTOR,
  payments: [
    { endToEndId: "CRV-P-000101", amountCents: 1999, creditorName: "Zoé Lefèvre", creditorIban: "FR14 2004 1010 0505 0001 3M02 606", remittance: "Cashback Crevarde – novembre 2026" },
    { endToEndId: "CRV-P-000102", amountCents: 500, creditorName: "François L’Hôpital", creditorIban: "DE89 3704 0044 0532 0130 00", remittance: "Cashback Crevarde – novembre 2026" },
    { endToEndId: "CRV-P-000103", amountCents: 1234567, creditorName: "Œdipe & Cœur d’Ange", creditorIban: "be68539007547034", remittance: "Cashback Crevarde – novembre 2026 (3 achats)" },
  ],
});

const input = (payments: SepaPayment[], over: Partial<Pain001Input> = {}): Pain001Input => ({ ...realistic(), payments, ...over });

function refusal(fn: () => unknown): SepaFileError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(SepaFileError);
    return error as SepaFileError;
  }
  throw new Error("expected a SepaFileError, nothing was thrown");
}

const tag = (xml: string, name: string) => Array.from(xml.matchAll(new RegExp(`<${name}[^>]*>([^<]*)</${name}>`, "g")), (m) => m[1]);

describe("buildPain001", () => {
  it("makes a realistic three-payment file that the pain.001.001.09 XSD accepts", async () => {
    const file = buildPain001(realistic());
    expect(file.txCount).toBe(3);
    expect(file.controlSumCents).toBe(1999 + 500 + 1234567);
    expect(tag(file.xml, "CtrlSum")).toEqual(["12370.66", "12370.66"]);
    expect(tag(file.xml, "NbOfTxs")).toEqual(["3", "3"]);
    expect(tag(file.xml, "InstdAmt")).toEqual(["19.99", "5.00", "12345.67"]);
    expect(tag(file.xml, "EndToEndId")).toEqual(["CRV-P-000101", "CRV-P-000102", "CRV-P-000103"]);
    expect(tag(file.xml, "IBAN")).toEqual(["FR7630006000011234567890189", "FR1420041010050500013M02606", "DE89370400440532013000", "BE68539007547034"]);
    expect(tag(file.xml, "PmtMtd")).toEqual(["TRF"]);
    expect(file.xml).toContain("<SvcLvl><Cd>SEPA</Cd></SvcLvl>");
    // CreDtTm and the execution day are Paris time, whatever the machine's zone
    expect(tag(file.xml, "CreDtTm")).toEqual(["2026-11-26T09:30:15"]);
    expect(file.xml).toContain("<ReqdExctnDt><Dt>2026-11-27</Dt></ReqdExctnDt>");
    expect(file.sha256).toBe(createHash("sha256").update(Buffer.from(file.xml, "utf8")).digest("hex"));
    expect(await validate(file.xml)).toEqual({ valid: true, errors: [] });
  });

  it("gives exactly the committed golden file for fixed ids and dates", () => {
    const file = buildPain001(realistic());
    expect(file.xml).toBe(readFileSync(GOLDEN_URL, "utf8"));
    expect(file.sha256).toBe(createHash("sha256").update(readFileSync(GOLDEN_URL)).digest("hex"));
    // deterministic: a second build is byte-identical
    expect(buildPain001(realistic()).sha256).toBe(file.sha256);
  });

  it("keeps ids within 35 characters with a 35-character MsgId (the package would make PmtInfId/InstrId longer)", async () => {
    const msgId = "M".repeat(35);
    const endToEndId = "E".repeat(35);
    const file = buildPain001(input([{ ...payment(1, 100), endToEndId }], { msgId }));
    expect(tag(file.xml, "PmtInfId")).toEqual([msgId]);
    expect(tag(file.xml, "InstrId")).toEqual([endToEndId]);
    expect(await validate(file.xml)).toEqual({ valid: true, errors: [] });
  });

  it("accepts a debtor without BIC (DbtrAgt NOTPROVIDED) and the XSD agrees", async () => {
    const file = buildPain001(input([payment(1, 100)], { debtor: { name: "Crevarde", iban: DEBTOR.iban } }));
    expect(file.xml).toContain("<DbtrAgt><FinInstnId><Othr><Id>NOTPROVIDED</Id></Othr></FinInstnId></DbtrAgt>");
    expect(await validate(file.xml)).toEqual({ valid: true, errors: [] });
  });

  it.each([
    [[1], "0.01"],
    [[10], "0.10"],
    [[1999], "19.99"],
    [[1234567], "12345.67"],
    [[1, 10, 1999, 1234567], "12365.77"],
    [[10, 20], "0.30"], // 0.1 + 0.2 in floating point
    [[99_999_999_999], "999999999.99"],
    [[99_999_999_999, 99_999_999_999, 1], "1999999999.99"],
  ])("writes CtrlSum and NbOfTxs exactly for %j cents", (cents, expected) => {
    const file = buildPain001(input(cents.map((c, i) => payment(i, c))));
    expect(tag(file.xml, "CtrlSum")).toEqual([expected, expected]);
    expect(tag(file.xml, "NbOfTxs")).toEqual([String(cents.length), String(cents.length)]);
    expect(tag(file.xml, "InstdAmt")).toEqual(cents.map(formatCents));
    expect(file.controlSumCents).toBe(cents.reduce((a, b) => a + b, 0));
  });

  it("formats cents without floating point", () => {
    expect([1, 10, 100, 1999, 1234567, 99_999_999_999].map(formatCents)).toEqual(["0.01", "0.10", "1.00", "19.99", "12345.67", "999999999.99"]);
  });

  it("for random integer amounts, every file validates and CtrlSum is the exact sum", async () => {
    const files: { cents: number[]; xml: string }[] = [];
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 5_000_000 }), { minLength: 1, maxLength: 40 }), (cents) => {
        const file = buildPain001(input(cents.map((c, i) => payment(i, c))));
        const sum = cents.reduce((a, b) => a + b, 0);
        expect(file.controlSumCents).toBe(sum);
        expect(tag(file.xml, "CtrlSum")).toEqual([formatCents(sum), formatCents(sum)]);
        expect(tag(file.xml, "NbOfTxs")).toEqual([String(cents.length), String(cents.length)]);
        expect(tag(file.xml, "InstdAmt")).toEqual(cents.map(formatCents));
        files.push({ cents, xml: file.xml });
      }),
      { numRuns: 30 },
    );
    // one xmllint run validates them all: a run per file paid for loading the WebAssembly module and the XSD 30 times
    const result = await validateXML({
      xml: files.map(({ xml }, i) => ({ fileName: `pain001-${i}.xml`, contents: xml })),
      schema: [{ fileName: "pain.001.001.09.xsd", contents: XSD }],
    });
    const refused = result.errors.map((e) => `${JSON.stringify(files[Number(/pain001-(\d+)\.xml/.exec(e.loc?.fileName ?? "")?.[1])]?.cents)}: ${e.message}`);
    expect(refused).toEqual([]);
    expect(files).toHaveLength(30);
    expect(result.valid).toBe(true);
  });
});

describe("the XSD check itself", () => {
  it("rejects a 36-character EndToEndId", async () => {
    const xml = buildPain001(input([payment(1, 100)])).xml.replace("<EndToEndId>CRV-P-1</EndToEndId>", `<EndToEndId>${"E".repeat(36)}</EndToEndId>`);
    const { valid, errors } = await validate(xml);
    expect(valid).toBe(false);
    expect(errors.join("\n")).toMatch(/EndToEndId/);
  });

  it("rejects a file without a mandatory element (GrpHdr/MsgId, PmtInf/Dbtr)", async () => {
    const xml = buildPain001(input([payment(1, 100)])).xml;
    for (const broken of [xml.replace(/<MsgId>[^<]*<\/MsgId>/, ""), xml.replace(/<Dbtr>.*?<\/Dbtr>/, "")]) {
      expect(broken).not.toBe(xml);
      const { valid, errors } = await validate(broken);
      expect(valid).toBe(false);
      expect(errors.length).toBeGreaterThan(0);
    }
  });
});

describe("cleanSepaText", () => {
  it("transliterates French accents and ligatures", () => {
    expect(cleanSepaText("Zoé Lefèvre-Çaïn", 70)).toBe("Zoe Lefevre-Cain");
    expect(cleanSepaText("Œdipe cœur Æsir æ Straße", 70)).toBe("OEdipe coeur AEsir ae Strasse");
    expect(cleanSepaText("ÀÂÄÉÈÊËÎÏÔÖÙÛÜŸ àâäéèêëîïôöùûüÿ ñ", 70)).toBe("AAAEEEEIIOOUUUY aaaeeeeiioouuuy n");
  });

  it("keeps apostrophes (typographic ones become ') and drops other quotes", () => {
    expect(cleanSepaText("François L’Hôpital", 70)).toBe("Francois L'Hopital");
    expect(cleanSepaText("Jean \"Jojo\" « le Grand » d'Arc", 70)).toBe("Jean Jojo le Grand d'Arc");
  });

  it("replaces emoji and other characters by a space, collapses and trims", () => {
    expect(cleanSepaText("  🎉 Marie 😀😀 Curie 👩‍🔬 ", 70)).toBe("Marie Curie");
    expect(cleanSepaText("Dupont & Fils_SARL\t#1 @home", 70)).toBe("Dupont + Fils SARL 1 home");
    expect(cleanSepaText("Chen 陈 Wei", 70)).toBe("Chen Wei");
    expect(cleanSepaText("12,50 € — merci !", 140)).toBe("12,50 EUR - merci");
    expect(cleanSepaText("a/b-c?d:e(f)g.h,i'j+k", 70)).toBe("a/b-c?d:e(f)g.h,i'j+k");
  });

  it("cuts long names to 70 and remittances to 140, without a trailing space", () => {
    const long = "Jean-Baptiste ".repeat(20);
    expect(cleanSepaText(long, 70)).toHaveLength(69); // the 70th character was a space
    expect(cleanSepaText("x".repeat(200), 70)).toBe("x".repeat(70));
    expect(cleanSepaText("y".repeat(200), 140)).toBe("y".repeat(140));
  });

  it("cleans names and remittance inside the file", async () => {
    const file = buildPain001(
      input([{ ...payment(1, 100), creditorName: `🎉 ${"Éloïse ".repeat(20)}`, remittance: `Cashback « ${"é".repeat(200)} »` }], { debtor: { ...DEBTOR, name: "Crevarde — cashback ✨" } }),
    );
    const names = tag(file.xml, "Nm");
    expect(names[0]).toBe("Crevarde - cashback");
    expect(names[2]).toBe(cleanSepaText("Eloise ".repeat(20), 70));
    expect(names[2].length).toBeLessThanOrEqual(70);
    expect(tag(file.xml, "Ustrd")).toEqual([`Cashback ${"e".repeat(131)}`]);
    expect(await validate(file.xml)).toEqual({ valid: true, errors: [] });
  });
});

describe("refusals (SepaFileError)", () => {
  it("an empty payment list", () => {
    expect(refusal(() => buildPain001(input([]))).message).toMatch(/no payment/);
  });

  it.each([0, -100, 1.5, 0.1, Number.NaN, Number.POSITIVE_INFINITY, 99_999_999_999 + 1])("an amount of %s cents", (amountCents) => {
    refusal(() => buildPain001(input([payment(1, 100), { ...payment(2, 100), amountCents }])));
  });

  it("duplicate end-to-end ids", () => {
    expect(refusal(() => buildPain001(input([payment(1, 100), payment(2, 200), payment(1, 300)]))).message).toMatch(/twice/);
  });

  it("an end-to-end id or a MsgId over 35 characters, empty, or outside the SEPA set", () => {
    for (const endToEndId of ["E".repeat(36), "", "CRV_P_1", "réf-1", "/CRV", "CRV//1", " CRV"]) {
      refusal(() => buildPain001(input([{ ...payment(1, 100), endToEndId }])));
    }
    for (const msgId of ["M".repeat(36), "", "MSG#1"]) refusal(() => buildPain001(input([payment(1, 100)], { msgId })));
  });

  it("invalid IBANs, creditor's or debtor's", () => {
    for (const creditorIban of ["FR7630006000011234567890188", "FR76300060000112345678901", "not an iban", ""]) {
      expect(refusal(() => buildPain001(input([{ ...payment(1, 100), creditorIban }]))).message).toMatch(/IBAN/);
    }
    expect(refusal(() => buildPain001(input([payment(1, 100)], { debtor: { ...DEBTOR, iban: "DE89370400440532013001" } }))).message).toMatch(/debtor IBAN/);
  });

  it("a name or remittance empty once cleaned", () => {
    expect(refusal(() => buildPain001(input([{ ...payment(1, 100), creditorName: "😀 « » 陈" }]))).message).toMatch(/creditor name/);
    expect(refusal(() => buildPain001(input([{ ...payment(1, 100), remittance: "  " }]))).message).toMatch(/remittance/);
    refusal(() => buildPain001(input([payment(1, 100)], { debtor: { ...DEBTOR, name: "" } })));
  });

  it("a bad BIC, a BIC of another country, bad dates", () => {
    refusal(() => buildPain001(input([payment(1, 100)], { debtor: { ...DEBTOR, bic: "AGRI" } })));
    expect(refusal(() => buildPain001(input([payment(1, 100)], { debtor: { ...DEBTOR, bic: "DEUTDEFF" } }))).message).toMatch(/sepa package/);
    refusal(() => buildPain001(input([payment(1, 100)], { createdAt: new Date("nope") })));
    refusal(() => buildPain001(input([payment(1, 100)], { executionDate: new Date("2026-11-25T12:00:00Z") })));
  });
});
