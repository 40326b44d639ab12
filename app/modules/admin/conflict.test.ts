import { describe, expect, it } from "vitest";
import { submittedVersion, versionOf } from "./conflict";
import { choiceLabel, conflictRows, type ConflictField } from "./conflict-diff";

const form = (entries: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(entries)) f.append(k, v);
  return f;
};

describe("submittedVersion", () => {
  it("prefers « Écraser avec ma version » (overwrite) to the form's version", () => {
    expect(submittedVersion(form({ version: "2026-01-01T10:00:00.123Z", overwrite: "2026-01-02T10:00:00.456Z" }))).toBe("2026-01-02T10:00:00.456Z");
    expect(submittedVersion(form({ version: "2026-01-01T10:00:00.123Z" }))).toBe("2026-01-01T10:00:00.123Z");
  });
  it("ignores anything that is not an ISO instant", () => {
    expect(submittedVersion(form({}))).toBeNull();
    expect(submittedVersion(form({ version: "" }))).toBeNull();
    expect(submittedVersion(form({ version: "hier" }))).toBeNull();
    expect(submittedVersion(form({ version: "2026-13-45T99:00:00Z" }))).toBeNull();
    expect(submittedVersion(form({ version: "x", overwrite: "2026-01-01T10:00:00Z" }))).toBe("2026-01-01T10:00:00Z");
  });
  it("versionOf is the millisecond ISO instant of a Date or a string", () => {
    expect(versionOf(new Date("2026-01-01T10:00:00.5Z"))).toBe("2026-01-01T10:00:00.500Z");
    expect(versionOf("2026-01-01T11:00:00+01:00")).toBe("2026-01-01T10:00:00.000Z");
  });
});

describe("conflictRows", () => {
  const brands = [
    { id: "b1", name: "Nuxe" },
    { id: "b2", name: "Caudalie" },
  ];
  const fields: ConflictField[] = [
    { name: "brandId", label: "Marque", show: choiceLabel(brands) },
    { name: "code", label: "Code" },
    { name: "description", label: "Description" },
    { name: "maxDiscountPercent", label: "Réduction max (%)" },
    { name: "expiresAt", label: "Date d'expiration", fromRow: (r) => (r.expiresAt ? String(r.expiresAt).slice(0, 10) : "") },
    { name: "isFeatured", label: "En avant", checkbox: true },
  ];
  const current = { id: "x", brandId: "b2", code: "NOEL", description: null, maxDiscountPercent: 5, expiresAt: "2026-12-31T22:59:59.999Z", isFeatured: true };

  it("lists only the fields that differ, each side as a person reads it", () => {
    const rows = conflictRows(fields, form({ brandId: "b1", code: "NOEL", description: "", maxDiscountPercent: "5.00", expiresAt: "2026-12-30" }), current);
    expect(rows).toEqual([
      { name: "brandId", label: "Marque", yours: "Nuxe", theirs: "Caudalie" },
      { name: "expiresAt", label: "Date d'expiration", yours: "2026-12-30", theirs: "2026-12-31" },
      { name: "isFeatured", label: "En avant", yours: "Non", theirs: "Oui" },
    ]);
  });
  it("an empty side reads « — »; nothing differs when the row only changed elsewhere", () => {
    expect(conflictRows([{ name: "description", label: "Description" }], form({ description: "Neuf" }), current)).toEqual([
      { name: "description", label: "Description", yours: "Neuf", theirs: "—" },
    ]);
    const same = form({ brandId: "b2", code: " NOEL ", description: "", maxDiscountPercent: "5", expiresAt: "2026-12-31", isFeatured: "on" });
    expect(conflictRows(fields, same, current)).toEqual([]);
  });
  it("line endings do not count as a change", () => {
    expect(conflictRows([{ name: "content", label: "Contenu" }], form({ content: "a\r\nb" }), { content: "a\nb" })).toEqual([]);
  });
});
