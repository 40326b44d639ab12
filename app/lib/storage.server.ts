import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { uploads } from "#db/schema";
import { getDatabase, type Db } from "./db.server";
import { getEnv } from "./env.server";

export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;
const MAX_UPLOAD_PIXELS = 40_000_000;
const ALLOWED_EXTENSIONS = ["jpg", "jpeg", "png", "webp"] as const;
export const UPLOAD_MESSAGES = {
  type: "Type de fichier non pris en charge : seules les images JPG, PNG ou WEBP sont acceptées.",
  size: "Fichier trop volumineux: L'image ne doit pas dépasser 2Mo.",
  pixels: "Image trop grande : elle ne doit pas dépasser 40 millions de pixels.",
  empty: "Aucun fichier reçu.",
} as const;

export class UploadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UploadError";
  }
}

export function uploadsDir(): string {
  return path.resolve(getEnv().DATA_DIR, "uploads");
}

export function publicUrl(name: string): string {
  return `/uploads/${name}`;
}

/**
 * The shared store of uploads (ADR 024): the `uploads` table when the process database is a
 * PostgreSQL server, which several app servers may share; none on PGlite (one process, the
 * files under DATA_DIR are enough). On PostgreSQL the file under DATA_DIR is still written,
 * as this server's local copy (served first, and what the backups of the files hold).
 */
async function sharedStore(): Promise<Db | null> {
  try {
    const database = await getDatabase();
    return database.kind === "postgres" ? database.db : null;
  } catch {
    return null;
  }
}

const CONTENT_TYPES: Record<string, string> = { webp: "image/webp", png: "image/png", jpg: "image/jpeg", jpeg: "image/jpeg" };
const contentTypeOf = (name: string) => CONTENT_TYPES[path.extname(name).slice(1).toLowerCase()] ?? "application/octet-stream";

async function storeShared(name: string, buffer: Buffer, onConflict: "fail" | "keep") {
  const db = await sharedStore();
  if (!db) return;
  const insert = db.insert(uploads).values({ name, contentType: contentTypeOf(name), bytes: buffer });
  await (onConflict === "keep" ? insert.onConflictDoNothing() : insert);
}

/** An upload from the shared store (PostgreSQL), or null (PGlite, or no such name). */
export async function readSharedUpload(name: string): Promise<{ contentType: string; bytes: Buffer } | null> {
  if (!/^[\w-][\w.-]*$/.test(name) || name.includes("..")) return null;
  const db = await sharedStore();
  if (!db) return null;
  const [row] = await db.select({ contentType: uploads.contentType, bytes: uploads.bytes }).from(uploads).where(eq(uploads.name, name));
  return row ?? null;
}

/**
 * Validate an uploaded image by extension, size and real content (sharp),
 * then re-encode it to WebP under a random name. Returns the public URL.
 */
export async function saveImageUpload(
  file: { buffer: Buffer; originalName: string; size?: number },
  dir: string = uploadsDir(),
): Promise<{ url: string; name: string }> {
  const ext = path.extname(file.originalName).slice(1).toLowerCase();
  if (!(ALLOWED_EXTENSIONS as readonly string[]).includes(ext)) throw new UploadError(UPLOAD_MESSAGES.type);
  const size = file.size ?? file.buffer.length;
  if (size === 0 || file.buffer.length === 0) throw new UploadError(UPLOAD_MESSAGES.empty);
  if (size > MAX_UPLOAD_BYTES || file.buffer.length > MAX_UPLOAD_BYTES) throw new UploadError(UPLOAD_MESSAGES.size);

  let meta: sharp.Metadata;
  try {
    meta = await sharp(file.buffer, { limitInputPixels: false }).metadata();
  } catch {
    throw new UploadError(UPLOAD_MESSAGES.type);
  }
  if (!meta.format || !["jpeg", "png", "webp"].includes(meta.format)) throw new UploadError(UPLOAD_MESSAGES.type);
  if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_UPLOAD_PIXELS) throw new UploadError(UPLOAD_MESSAGES.pixels);

  let output: Buffer;
  try {
    output = await sharp(file.buffer, { limitInputPixels: MAX_UPLOAD_PIXELS })
      .rotate()
      .resize({ width: 1600, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
  } catch {
    throw new UploadError(UPLOAD_MESSAGES.type);
  }
  const name = `${randomUUID()}.webp`;
  // 'wx': a (practically impossible) name collision fails instead of overwriting
  await writeNewFile(dir, name, output);
  try {
    await storeShared(name, output, "fail");
  } catch (error) {
    await fs.rm(path.join(dir, name), { force: true });
    throw error;
  }
  return { url: publicUrl(name), name };
}

async function writeNewFile(dir: string, name: string, buffer: Buffer) {
  if (!/^[\w-][\w.-]*$/.test(name) || name.includes("..")) throw new Error(`invalid file name ${name}`);
  await fs.mkdir(dir, { recursive: true });
  await fs.writeFile(path.join(dir, name), buffer, { flag: "wx" });
}

/**
 * Write a server-generated image (seed placeholders) and return its public
 * URL. Never overwrites: an existing file of that name is kept as is.
 */
export async function saveGeneratedImage(name: string, buffer: Buffer, dir: string = uploadsDir()) {
  try {
    await writeNewFile(dir, name, buffer);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  await storeShared(name, buffer, "keep");
  return publicUrl(name);
}

/** The file name behind a public /uploads/ URL, or null for anything else. */
function uploadNameFromUrl(url: string | null | undefined): string | null {
  const match = /^\/uploads\/([\w-][\w.-]*)$/.exec(url ?? "");
  return match && !match[1].includes("..") ? match[1] : null;
}

/**
 * Delete an uploaded file by its public URL, from this server's files and the shared store;
 * a missing file or a URL outside /uploads/ is ignored.
 */
export async function deleteUpload(url: string | null | undefined, dir: string = uploadsDir()): Promise<boolean> {
  const name = uploadNameFromUrl(url);
  if (!name) return false;
  const db = await sharedStore();
  const shared = db ? (await db.delete(uploads).where(eq(uploads.name, name)).returning({ name: uploads.name })).length > 0 : false;
  try {
    await fs.unlink(path.join(dir, name));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return shared;
    throw error;
  }
}

/** The uploads (this server's files and the shared store's) with their modification time. */
export async function listUploads(dir: string = uploadsDir()): Promise<Array<{ name: string; modifiedAt: Date }>> {
  const db = await sharedStore();
  const shared = db ? await db.select({ name: uploads.name, modifiedAt: uploads.createdAt }).from(uploads) : [];
  const local = await listUploadFiles(dir);
  const names = new Set(local.map((f) => f.name));
  return [...local, ...shared.filter((f) => !names.has(f.name))];
}

async function listUploadFiles(dir: string): Promise<Array<{ name: string; modifiedAt: Date }>> {
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const files = await Promise.all(
    names.map(async (name) => {
      const stat = await fs.stat(path.join(dir, name)).catch(() => null);
      return stat?.isFile() ? { name, modifiedAt: stat.mtime } : null;
    }),
  );
  return files.filter((f): f is { name: string; modifiedAt: Date } => f !== null);
}
