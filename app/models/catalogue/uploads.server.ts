import { mkdir, rename, unlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { eq, inArray } from "drizzle-orm";
import sharp, { type Metadata } from "sharp";
import { db, dialect, writeTransaction } from "~/db/client.server";
import { pictures } from "~/db/schema";
import { env } from "~/env.server";
import { IMAGE_WIDTHS } from "~/lib/image-variants";
import { newId } from "~/utils/id.server";
import { detectImageType, type ImageType } from "~/utils/image-type.server";

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const UPLOAD_NOT_IMAGE = "Only JPEG, PNG, WebP or GIF images can be uploaded.";
export const UPLOAD_TOO_BIG = "Each image must be 5 MB or smaller.";
export const UPLOAD_MISSING = "Choose an image file to upload.";

/**
 * The most pixels a picture may declare (issue #20): a few bytes can declare billions, so the
 * header is read and these are checked before anything is decoded. 50 megapixels is the largest
 * phone camera mode (8160 × 6120) and far more than a product page shows (1200 px wide at most);
 * 10,000 a side is longer than any camera's long side, and keeps every resized copy inside
 * WebP's 16,383. A GIF or WebP counts all its frames, each decoded onto the whole canvas, and
 * may have at most MAX_IMAGE_FRAMES of them.
 */
export const MAX_IMAGE_PIXELS = 50_000_000;
export const MAX_IMAGE_SIDE = 10_000;
export const MAX_IMAGE_FRAMES = 1_000;
export const UPLOAD_TOO_MANY_PIXELS =
  "Each image must be 50 megapixels or smaller (all frames together), and at most 10,000 pixels a side.";
export const UPLOAD_TOO_MANY_FRAMES = "An animated image may have at most 1,000 frames.";

export class UploadError extends Error {}

type Checked = { bytes: Uint8Array; ext: ImageType; name: string };

// failOn "error": a truncated or corrupt picture is an error, not a warning to paint grey over.
// The pixel limit repeats the header check for every decode that follows it.
const DECODE = { failOn: "error", limitInputPixels: MAX_IMAGE_PIXELS } as const;

const nameOf = (name: string) => name || "file";
const notImage = (name: string) => new UploadError(`${UPLOAD_NOT_IMAGE} (${nameOf(name)})`);
const count = (n: number) => n.toLocaleString("en-IN");

/**
 * Refuses a picture whose header declares more than the limits allow. metadata() reads the
 * header only (for a GIF or WebP it walks the frame headers to count them, decoding none), and
 * its own pixel limit is off so that the size can be told rather than "not an image".
 */
async function checkDeclaredSize(bytes: Uint8Array, name: string): Promise<void> {
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw notImage(name);
  }
  const { width } = meta;
  const height = meta.pageHeight ?? meta.height;
  const frames = meta.pages ?? 1;
  const size = `${count(width)} × ${count(height)} pixels`;
  if (frames > MAX_IMAGE_FRAMES)
    throw new UploadError(`${UPLOAD_TOO_MANY_FRAMES} (${nameOf(name)}: ${count(frames)} frames)`);
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE || width * height * frames > MAX_IMAGE_PIXELS)
    throw new UploadError(
      `${UPLOAD_TOO_MANY_PIXELS} (${nameOf(name)}: ${frames > 1 ? `${count(frames)} frames of ${size}` : size})`,
    );
}

/**
 * Checks every file before saving any, so a bad one among several saves nothing. The right first
 * bytes are not enough, nor is a header sharp can read (metadata() stops there): after the
 * declared size, the whole image is decoded, all frames of a GIF or WebP.
 */
export async function checkUploads(files: File[]): Promise<Checked[]> {
  const checked: Checked[] = [];
  for (const file of files) {
    if (file.size > MAX_UPLOAD_BYTES) throw new UploadError(`${UPLOAD_TOO_BIG} (${nameOf(file.name)})`);
    const bytes = new Uint8Array(await file.arrayBuffer());
    const ext = detectImageType(bytes);
    if (!ext) throw notImage(file.name);
    await checkDeclaredSize(bytes, file.name);
    try {
      // Shrunk to one pixel a frame: the decoder still reads all the image data, so a cut or
      // corrupt file fails just as it did with stats(), but streams it, row by row or at a
      // JPEG's or WebP's reduced scale. stats() opens the image for random access, which holds
      // it decoded whole: 160 MB for a 50-megapixel PNG or JPEG, 390 MB for a WebP of 38 bytes.
      await sharp(bytes, { ...DECODE, animated: ext === "gif" || ext === "webp" })
        .resize({ width: 1, height: 1, fit: "fill" })
        .raw()
        .toBuffer();
    } catch {
      throw notImage(file.name);
    }
    checked.push({ bytes, ext, name: file.name });
  }
  return checked;
}

/**
 * The files one upload is stored as: /uploads/<id>.<ext>, and for srcset each width in WebP and
 * in the original format (never enlarged). GIFs are kept as they are, since they may be animated.
 */
function variantsOf(ext: ImageType): { width: number; format: "webp" | "jpg" | "png"; suffix: string }[] {
  if (ext === "gif") return [];
  const formats = ext === "webp" ? (["webp"] as const) : (["webp", ext] as const);
  return IMAGE_WIDTHS.flatMap((width) => formats.map((format) => ({ width, format, suffix: `-${width}.${format}` })));
}

/** The resized copies, made in memory: nothing is written until every one of them exists. */
async function renderVariants({ bytes, ext, name }: Checked): Promise<[string, Uint8Array][]> {
  const out: [string, Uint8Array][] = [];
  try {
    for (const { width, format, suffix } of variantsOf(ext)) {
      const resized = sharp(bytes, DECODE).rotate().resize({ width, withoutEnlargement: true });
      const encoded =
        format === "webp"
          ? resized.webp({ quality: 78 })
          : format === "jpg"
            ? resized.jpeg({ quality: 80, mozjpeg: true })
            : resized.png({ compressionLevel: 9 });
      out.push([suffix, await encoded.toBuffer()]);
    }
  } catch {
    throw notImage(name);
  }
  return out;
}

const UPLOAD_URL = /^\/uploads\/([0-9a-f]{24})\.(jpg|png|webp|gif)$/;
const CONTENT_TYPES: Record<string, string> = {
  jpg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  gif: "image/gif",
};
export const contentTypeOf = (name: string) =>
  CONTENT_TYPES[name.slice(name.lastIndexOf(".") + 1)] ?? "application/octet-stream";

// Where pictures are kept: files in UPLOAD_DIR for one machine (SQLite), rows of `pictures` in
// PostgreSQL, where every app server reads them (docs/decisions/0004-pictures.md).

/**
 * Saves checked images under random names; returns their /uploads/ URLs. All of them or none:
 * every picture is decoded and every resized copy made before anything is written. In the
 * database they go in one transaction; as files, each is written under a temporary name and
 * renamed only when all are written, and on any failure whatever was written is removed.
 */
export async function saveUploads(files: File[]): Promise<string[]> {
  const checked = await checkUploads(files);
  if (checked.length === 0) return [];
  const named: { name: string; bytes: Uint8Array }[] = [];
  const urls: string[] = [];
  for (const picture of checked) {
    const id = newId();
    for (const [suffix, bytes] of [[`.${picture.ext}`, picture.bytes], ...(await renderVariants(picture))] as const)
      named.push({ name: `${id}${suffix}`, bytes });
    urls.push(`/uploads/${id}.${picture.ext}`);
  }
  if (dialect === "pg") {
    await writeTransaction((tx) =>
      tx
        .insert(pictures)
        .values(named.map(({ name, bytes }) => ({ name, type: contentTypeOf(name), bytes: Buffer.from(bytes) }))),
    );
  } else {
    await writeFiles(named);
  }
  return urls;
}

async function writeFiles(named: { name: string; bytes: Uint8Array }[]) {
  await mkdir(env.uploadDir, { recursive: true });
  const written: { temp: string; final: string }[] = [];
  const renamed: string[] = [];
  try {
    for (const { name, bytes } of named) {
      const final = join(env.uploadDir, name);
      const temp = join(env.uploadDir, `.${name}.partial`);
      written.push({ temp, final });
      await writeFile(temp, bytes, { mode: 0o644, flag: "wx" });
    }
    for (const { temp, final } of written) {
      await rename(temp, final);
      renamed.push(final);
    }
  } catch (error) {
    await removeFiles([...written.map((w) => w.temp), ...renamed]);
    throw error;
  }
}

/** Removes uploads saved by saveUploads (original and resized copies), e.g. when the product they were for is gone. */
export async function discardUploads(urls: string[]): Promise<void> {
  const names: string[] = [];
  for (const url of urls) {
    const m = UPLOAD_URL.exec(url);
    if (!m) continue;
    const [, id, ext] = m as unknown as [string, string, ImageType];
    for (const suffix of [`.${ext}`, ...variantsOf(ext).map((v) => v.suffix)]) names.push(`${id}${suffix}`);
  }
  if (names.length === 0) return;
  if (dialect === "pg") await writeTransaction((tx) => tx.delete(pictures).where(inArray(pictures.name, names)));
  else await removeFiles(names.map((name) => join(env.uploadDir, name)));
}

/** A picture kept in the database, by its file name; undefined when there is none. */
export async function storedPicture(name: string): Promise<{ type: string; bytes: Buffer } | undefined> {
  const [row] = await db
    .select({ type: pictures.type, bytes: pictures.bytes })
    .from(pictures)
    .where(eq(pictures.name, name))
    .limit(1);
  return row;
}

async function removeFiles(paths: string[]) {
  await Promise.all(paths.map((p) => unlink(p).catch(() => undefined)));
}

/** Non-empty files of a form field (a file input with nothing chosen sends an empty file). */
export function filesOf(form: FormData, field: string): File[] {
  return form.getAll(field).filter((v): v is File => typeof v !== "string" && v.size > 0);
}
