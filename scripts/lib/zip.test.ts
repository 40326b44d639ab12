import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { zipFiles } from "./zip";

/** The entries of a ZIP, read back from its central directory. */
function unzip(zip: Buffer): Record<string, string> {
  const end = zip.length - 22;
  expect(zip.readUInt32LE(end)).toBe(0x06054b50);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const files: Record<string, string> = {};
  for (let i = 0; i < count; i++) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const method = zip.readUInt16LE(at + 10);
    const crc = zip.readUInt32LE(at + 16);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const offset = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString("utf8");
    const local = offset + 30 + zip.readUInt16LE(offset + 26) + zip.readUInt16LE(offset + 28);
    const body = zip.subarray(local, local + size);
    const data = method === 8 ? zlib.inflateRawSync(body) : body;
    expect(zlib.crc32(data)).toBe(crc);
    files[name] = data.toString("utf8");
    at += 46 + nameLength;
  }
  return files;
}

describe("zipFiles (ADR 050)", () => {
  it("writes entries that read back byte for byte, deflated or stored, the same bytes each time", () => {
    const entries = [
      { name: "manifest.json", data: Buffer.from(JSON.stringify({ name: "Crevarde", filler: "x".repeat(2000) })) },
      { name: "é.txt", data: Buffer.from("a") },
    ];
    const zip = zipFiles(entries);
    expect(unzip(zip)).toEqual({ "manifest.json": entries[0]!.data.toString(), "é.txt": "a" });
    expect(zip.length).toBeLessThan(1000);
    expect(zipFiles(entries).equals(zip)).toBe(true);
  });
});
