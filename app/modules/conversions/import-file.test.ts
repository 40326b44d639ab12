import { describe, expect, it } from "vitest";
import { decodeImportText, importSummary } from "./import-file";

describe("decodeImportText", () => {
  it("reads UTF-8 text and drops a byte order mark", () => {
    expect(decodeImportText(new TextEncoder().encode("id;état\n1;validé"))).toBe("id;état\n1;validé");
    expect(decodeImportText(new Uint8Array([0xef, 0xbb, 0xbf, 0x61]))).toBe("a");
  });

  it("refuses binary content: invalid UTF-8 or a NUL byte", () => {
    expect(decodeImportText(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBeNull();
    expect(decodeImportText(new Uint8Array([0x61, 0x00, 0x62]))).toBeNull();
    expect(decodeImportText(new Uint8Array([0xe9, 0x74, 0xe9]))).toBeNull(); // Latin-1 "été"
  });
});

describe("importSummary", () => {
  it("counts in French and names each rejected record", () => {
    const s = importSummary({ inserted: 3, updated: 1, unchanged: 0, rejected: [{ at: "ligne 4", message: "montant illisible « abc »" }] });
    expect(s.counts).toBe("3 nouvelles, 1 mise à jour, 0 inchangée");
    expect(s.rejected).toEqual(["ligne 4 : montant illisible « abc »"]);
    expect(s.refused).toBe(false);
  });

  it("is a refusal when no record could be kept", () => {
    expect(importSummary({ inserted: 0, updated: 0, unchanged: 0, rejected: [{ at: "ligne 1", message: "en-tête inconnu" }] }).refused).toBe(true);
    expect(importSummary({ inserted: 0, updated: 0, unchanged: 2, rejected: [] }).refused).toBe(false);
  });
});
