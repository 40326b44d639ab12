import { describe, expect, it } from "vitest";
import { copyName, copySlug, duplicateAsDraft, duplicateRow } from "./duplicate";

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
  it("is never live by surprise: the schedule is kept, and a row with a publication state starts as a draft (issue #37 item 3)", () => {
    const code = { id: "3", code: "NOEL30", publishAt: "2030-12-01T08:00:00.000Z", unpublishAt: "2030-12-26T08:00:00.000Z" };
    expect(duplicateRow(code, { cleared: ["code"] })).toEqual({ id: "3", code: "", publishAt: "2030-12-01T08:00:00.000Z", unpublishAt: "2030-12-26T08:00:00.000Z" });
    const page = { id: "4", title: "Soldes", slug: "soldes", published: true, publishAt: "2030-01-07T08:00:00.000Z", unpublishAt: null };
    expect(duplicateRow(page, { name: "title", suffixed: ["slug"], set: { published: false } })).toEqual({
      id: "4",
      title: "Soldes (copie)",
      slug: "soldes-copie",
      published: false,
      publishAt: "2030-01-07T08:00:00.000Z",
      unpublishAt: null,
    });
    expect(page.published).toBe(true);
  });
});

describe("« Dupliquer » of a code, offer or deal (issue #37 item 3, ADR 047)", () => {
  it("makes a draft that keeps the original's schedule", () => {
    const code = { id: "5", code: "NOEL30", draft: false, publishAt: "2030-12-01T08:00:00.000Z", unpublishAt: "2030-12-26T08:00:00.000Z" };
    expect(duplicateAsDraft(code, { cleared: ["code"] })).toEqual({ id: "5", code: "", draft: true, publishAt: "2030-12-01T08:00:00.000Z", unpublishAt: "2030-12-26T08:00:00.000Z" });
    expect(duplicateAsDraft({ name: "Sérum", draft: false, publishAt: null, unpublishAt: null }, { name: "name" })).toEqual({ name: "Sérum (copie)", draft: true, publishAt: null, unpublishAt: null });
    expect(code.draft).toBe(false);
  });
});
