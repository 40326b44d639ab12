import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { programFormSchema, rateFormSchema, trackingTemplateError } from "./programs.schema";

const BRAND = "5b1f0b1e-2c7a-4a53-9a8e-2f4f7c1d9e01";
const valid = {
  brandId: BRAND,
  network: "awin",
  networkAccountId: "987654",
  networkProgramId: "12345",
  trackingUrlTemplate: "https://www.awin1.com/cread.php?awinmid=12345&awinaffid=987654&clickref={CLICK_ID}&ued={DEST}",
};
const form = (values: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(values)) data.set(k, v);
  return data;
};
const errors = (schema: typeof programFormSchema | typeof rateFormSchema, values: Record<string, string>) => {
  const s = parseWithZod(form(values), { schema });
  return s.status === "success" ? {} : Object.fromEntries(Object.entries(s.reply().error ?? {}).map(([k, v]) => [k, v?.[0]]));
};

describe("tracking URL template", () => {
  it("must be https with {CLICK_ID}; {DEST} optional; no other variable", () => {
    expect(trackingTemplateError(valid.trackingUrlTemplate)).toBeNull();
    expect(trackingTemplateError("https://clk.tradedoubler.com/click?p=1&a=2&epi={CLICK_ID}")).toBeNull();
    expect(trackingTemplateError("http://www.awin1.com/cread.php?clickref={CLICK_ID}")).toBe("Le lien de tracking doit commencer par https://.");
    expect(trackingTemplateError("https://www.awin1.com/cread.php?awinmid=1&ued={DEST}")).toBe("Le lien de tracking doit contenir {CLICK_ID}.");
    expect(trackingTemplateError("https://x.fr/?sid={CLICK_ID}&u={USER_ID}")).toBe("Variable inconnue {USER_ID} : seules {CLICK_ID} et {DEST} sont acceptées.");
    expect(trackingTemplateError("https://x.fr/?sid={CLICK_ID} &u=1")).toBe("Le lien de tracking ne doit pas contenir d'espace.");
    expect(trackingTemplateError("https://{CLICK_ID}")).toBe("Le lien de tracking n'est pas une adresse valide.");
  });
});

describe("programme form", () => {
  it("defaults: share 70 % (7000 bps), 30 cookie days, EUR, active", () => {
    const s = parseWithZod(form(valid), { schema: programFormSchema });
    expect(s.status).toBe("success");
    if (s.status !== "success") return;
    expect(s.value).toMatchObject({ memberSharePercent: 7000, cookieDays: 30, currency: "EUR", status: "active", declaredValidationDays: null, conditionsMd: null });
  });

  it("reads a French share and the days", () => {
    const s = parseWithZod(form({ ...valid, memberSharePercent: "72,5", cookieDays: "45", declaredValidationDays: "60", status: "paused", currency: "gbp" }), { schema: programFormSchema });
    expect(s.status === "success" && s.value).toMatchObject({ memberSharePercent: 7250, cookieDays: 45, declaredValidationDays: 60, status: "paused", currency: "GBP" });
  });

  it("refuses bad input with French messages", () => {
    expect(errors(programFormSchema, {})).toEqual({
      brandId: "La marque est obligatoire.",
      network: "Le réseau est obligatoire.",
      networkAccountId: "L'identifiant du compte éditeur est obligatoire.",
      networkProgramId: "L'identifiant du programme chez le réseau est obligatoire.",
      trackingUrlTemplate: "Le lien de tracking est obligatoire.",
    });
    expect(
      errors(programFormSchema, { ...valid, network: "amazon", memberSharePercent: "120", cookieDays: "0", declaredValidationDays: "trois", status: "supprimé", currency: "euro" }),
    ).toEqual({
      network: "Le réseau est obligatoire.",
      memberSharePercent: "La part membre doit être comprise entre 0 et 100 %.",
      cookieDays: "La durée du cookie doit être comprise entre 1 et 365 jours.",
      declaredValidationDays: "Le délai de validation doit être un nombre entier de jours.",
      status: "Le statut doit être actif, en pause ou fermé.",
      currency: "La devise doit être un code à trois lettres (ex. EUR).",
    });
    expect(errors(programFormSchema, { ...valid, memberSharePercent: "beaucoup" })).toEqual({ memberSharePercent: "La part membre doit être un pourcentage (ex. 70)." });
  });

  it("keeps the conditions' markdown but drops markup", () => {
    const s = parseWithZod(form({ ...valid, conditionsMd: "**Hors TVA**<script>alert(1)</script>\n- hors frais de port" }), { schema: programFormSchema });
    expect(s.status === "success" && s.value.conditionsMd).toBe("**Hors TVA**alert(1)\n- hors frais de port");
  });
});

describe("rate form", () => {
  const rate = { programId: BRAND, label: "Tous les achats", kind: "percent", value: "10,5" };
  it("percent or fixed amount, French decimals, start in Paris time", () => {
    const p = parseWithZod(form(rate), { schema: rateFormSchema });
    expect(p.status === "success" && p.value).toMatchObject({ displayPercent: "10.50", displayFixedCents: null, validFrom: null });
    const f = parseWithZod(form({ ...rate, kind: "fixed", value: "4,99", validFrom: "2026-07-01T10:00" }), { schema: rateFormSchema });
    expect(f.status === "success" && f.value).toMatchObject({ displayPercent: null, displayFixedCents: 499, validFrom: new Date("2026-07-01T08:00:00.000Z") });
  });

  it("refuses bad rates in French", () => {
    expect(errors(rateFormSchema, { ...rate, value: "150" })).toEqual({ value: "Un pourcentage doit être compris entre 0 et 100." });
    expect(errors(rateFormSchema, { ...rate, value: "dix" })).toEqual({ value: "Le taux doit être un nombre avec au plus deux décimales." });
    expect(errors(rateFormSchema, { ...rate, label: "", kind: "bonus", validFrom: "2026-02-30T10:00" })).toEqual({
      label: "Le libellé du taux est obligatoire.",
      kind: "Choisis un pourcentage ou un montant fixe.",
      validFrom: "La date de début n'est pas valide.",
    });
  });
});
