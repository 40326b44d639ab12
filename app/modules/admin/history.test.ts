import { describe, expect, it } from "vitest";
import { BIN_DAYS, binPurgeDate, entryLabel, fieldDiff, historySentence, kindLabel } from "./history";

describe("the history's words (issue #37 item 2)", () => {
  it("names the person, the action and the row by its label", () => {
    const label = entryLabel("promo_code", { code: "NUXE20", brandId: "b" }, "Nuxe");
    expect(historySentence({ who: "Camille", action: "update", entity: "promo_code", entityId: "486b3021-0000", label })).toBe("Camille a modifié le code promo NUXE20 (Nuxe)");
    expect(historySentence({ who: "Camille", action: "delete", entity: "page", entityId: "x", label: entryLabel("page", { title: "Qui sommes-nous" }) })).toBe(
      "Camille a supprimé la page « Qui sommes-nous »",
    );
    expect(historySentence({ who: "a@b.fr", action: "restore", entity: "brand", entityId: "x", label: entryLabel("brand", { name: "Nuxe" }) })).toBe("a@b.fr a restauré la marque Nuxe");
    // a kind without a label: its short id, never the raw kind name
    expect(historySentence({ who: "Fanny", action: "update", entity: "payout", entityId: "486b3021-aaaa", label: null })).toBe("Fanny a modifié le paiement 486b3021");
    expect(kindLabel("deal")).toBe("Coups de Crevarde");
  });

  it("diffs field by field, old → new, without bookkeeping, with names for ids", () => {
    const changes = fieldDiff(
      { id: "1", code: "A", isFeatured: false, brandId: "b1", updatedAt: "2026-01-01T00:00:00.000Z", description: null },
      { id: "1", code: "B", isFeatured: true, brandId: "b2", updatedAt: "2026-01-02T00:00:00.000Z", description: null },
      (field, value) => (field === "brandId" ? `Marque ${String(value)}` : null),
    );
    expect(changes).toEqual([
      { field: "code", label: "Code", before: "A", after: "B" },
      { field: "isFeatured", label: "En avant", before: "Non", after: "Oui" },
      { field: "brandId", label: "Marque", before: "Marque b1", after: "Marque b2" },
    ]);
    expect(fieldDiff(null, { expiresAt: "2026-06-30T21:59:59.999Z" })).toEqual([{ field: "expiresAt", label: "Expire le", before: "—", after: "30 juin 2026 à 23:59" }]);
  });

  it("purges 30 days after the delete", () => {
    expect(BIN_DAYS).toBe(30);
    expect(binPurgeDate(new Date("2026-11-01T10:00:00Z")).toISOString()).toBe("2026-12-01T10:00:00.000Z");
  });
});
