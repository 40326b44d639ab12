/**
 * Compressed copies of the client build's assets, made once at build time (ADR 058): the server
 * sends them as they are (express-static-gzip in server/app.ts) instead of compressing every
 * asset request again, and brotli's highest quality makes them smaller than any per-request level.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";

/** What the client build holds that compresses: scripts, styles, SVG and JSON. Fonts and images are compressed already. */
const PRECOMPRESSED = /\.(js|css|svg|json)$/;
/** Smaller files are sent as they are: compression's own default threshold. */
export const MIN_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside each file of `dir`
 * that matches PRECOMPRESSED and weighs at least MIN_BYTES, each only when smaller than the file.
 * Returns the files compressed, with their sizes.
 * @param {string} dir
 */
export async function precompressDir(dir) {
  const names = (await fs.readdir(dir)).filter((name) => PRECOMPRESSED.test(name));
  /** @type {Array<{ name: string, bytes: number, br: number, gz: number }>} */
  const done = [];
  await Promise.all(
    names.map(async (name) => {
      const file = path.join(dir, name);
      const bytes = await fs.readFile(file);
      if (bytes.length < MIN_BYTES) return;
      const [br, gz] = await Promise.all([
        brotli(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
        gzip(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }),
      ]);
      if (br.length < bytes.length) await fs.writeFile(`${file}.br`, br);
      if (gz.length < bytes.length) await fs.writeFile(`${file}.gz`, gz);
      done.push({ name, bytes: bytes.length, br: br.length, gz: gz.length });
    }),
  );
  return done;
}
