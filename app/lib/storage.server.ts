import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { getEnv } from "./env.server";

export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;
export const MAX_UPLOAD_PIXELS = 40_000_000;
export const ALLOWED_EXTENSIONS = ["jpg", "jpeg", "png", "webp"] as const;
export const UPLOAD_MESSAGES = {
  type: "Type de fichier non supporté: Veuillez sélectionner une image au format JPG, PNG ou WEBP.",
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
  return publicUrl(name);
}

/** The file name behind a public /uploads/ URL, or null for anything else. */
export function uploadNameFromUrl(url: string | null | undefined): string | null {
  const match = /^\/uploads\/([\w-][\w.-]*)$/.exec(url ?? "");
  return match && !match[1].includes("..") ? match[1] : null;
}

/** Delete an uploaded file by its public URL; a missing file or a URL outside /uploads/ is ignored. */
export async function deleteUpload(url: string | null | undefined, dir: string = uploadsDir()): Promise<boolean> {
  const name = uploadNameFromUrl(url);
  if (!name) return false;
  try {
    await fs.unlink(path.join(dir, name));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
    throw error;
  }
}

/** The files in the uploads directory with their modification time. */
export async function listUploads(dir: string = uploadsDir()): Promise<Array<{ name: string; modifiedAt: Date }>> {
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
