import { mkdir, writeFile } from "node:fs/promises";
import sharp from "sharp";
import { join } from "node:path";
import { env } from "~/env.server";
import { newId } from "~/lib/id";
import { detectImageType, type ImageType } from "~/lib/image-type";
import { IMAGE_WIDTHS } from "~/lib/image-variants";

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const UPLOAD_NOT_IMAGE = "Only JPEG, PNG, WebP or GIF images can be uploaded.";
export const UPLOAD_TOO_BIG = "Each image must be 5 MB or smaller.";
export const UPLOAD_MISSING = "Choose an image file to upload.";

export class UploadError extends Error {}

/** Checks every file before saving any, so a bad one among several saves nothing. */
export async function checkUploads(files: File[]): Promise<{ bytes: Uint8Array; ext: ImageType }[]> {
  const checked = [];
  for (const file of files) {
    if (file.size > MAX_UPLOAD_BYTES) throw new UploadError(`${UPLOAD_TOO_BIG} (${file.name || "file"})`);
    const bytes = new Uint8Array(await file.arrayBuffer());
    const ext = detectImageType(bytes);
    if (!ext) throw new UploadError(`${UPLOAD_NOT_IMAGE} (${file.name || "file"})`);
    // The right first bytes are not enough: the image must also decode.
    try {
      const meta = await sharp(bytes, { failOn: "error", limitInputPixels: 50_000_000 }).metadata();
      if (!meta.width || !meta.height) throw new Error("no size");
    } catch {
      throw new UploadError(`${UPLOAD_NOT_IMAGE} (${file.name || "file"})`);
    }
    checked.push({ bytes, ext });
  }
  return checked;
}

/** Saves checked images under random names in UPLOAD_DIR; returns their /uploads/ URLs. */
export async function saveUploads(files: File[]): Promise<string[]> {
  const checked = await checkUploads(files);
  await mkdir(env.uploadDir, { recursive: true });
  const urls: string[] = [];
  for (const { bytes, ext } of checked) {
    const id = newId();
    await writeFile(join(env.uploadDir, `${id}.${ext}`), bytes, { mode: 0o644, flag: "wx" });
    await writeVariants(id, bytes, ext);
    urls.push(`/uploads/${id}.${ext}`);
  }
  return urls;
}

/**
 * Smaller copies for srcset, made once at upload: each width in WebP and in the original format
 * (never enlarged). GIFs are kept as they are, since they may be animated.
 */
async function writeVariants(id: string, bytes: Uint8Array, ext: ImageType) {
  if (ext === "gif") return;
  for (const width of IMAGE_WIDTHS) {
    const resized = () => sharp(bytes).rotate().resize({ width, withoutEnlargement: true });
    await resized().webp({ quality: 78 }).toFile(join(env.uploadDir, `${id}-${width}.webp`));
    if (ext !== "webp") {
      const same = ext === "jpg" ? resized().jpeg({ quality: 80, mozjpeg: true }) : resized().png({ compressionLevel: 9 });
      await same.toFile(join(env.uploadDir, `${id}-${width}.${ext}`));
    }
  }
}

/** Non-empty files of a form field (a file input with nothing chosen sends an empty file). */
export function filesOf(form: FormData, field: string): File[] {
  return form.getAll(field).filter((v): v is File => typeof v !== "string" && v.size > 0);
}
