import { describe, expect, it } from "vitest";
import { copyName, copySlug, duplicateRow } from "./duplicate";

describe("« Dupliquer »", () => {
  it("names the copy « (copie) » and suffixes unique slugs with « -copie », within the field's length", () => {
    expect(copyName("Nuxe")).toBe("Nuxe (copie)");
    expect(copyName("x".repeat(80), 80)).toHaveLength(80);
    expect(copyName("x".repeat(80), 80).endsWith(" (copie)")).toBe(true);
    expect(copySlug("nuxe")).toBe("nuxe-copie");
    expect(copySlug("a".repeat(120))).toHaveLength(120);
  });
  it("copies every other value, keeps the original untouched, and clears what must be typed again", () => {
    const row = { id: "1", name: "Nuxe", slug: "nuxe", description: "Soins", isFeatured: true };
    const copy = duplicateRow(row, { name: "name", suffixed: ["slug"] });
    expect(copy).toEqual({ id: "1", name: "Nuxe (copie)", slug: "nuxe-copie", description: "Soins", isFeatured: true });
    expect(row.name).toBe("Nuxe");
    const code = { id: "2", code: "NOEL10", discountAmount: "10%" };
    expect(duplicateRow(code, { cleared: ["code"] })).toEqual({ id: "2", code: "", discountAmount: "10%" });
  });
  it("leaves an empty name or slug empty", () => {
    expect(duplicateRow({ title: "", name: "" }, { name: "title", suffixed: ["name"] })).toEqual({ title: "", name: "" });
  });
});
