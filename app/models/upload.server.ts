import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { env } from "~/env.server";
import { newId } from "~/lib/id";
import { detectImageType } from "~/lib/image-type";

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const UPLOAD_NOT_IMAGE = "Only JPEG, PNG, WebP or GIF images can be uploaded.";
export const UPLOAD_TOO_BIG = "Each image must be 5 MB or smaller.";
export const UPLOAD_MISSING = "Choose an image file to upload.";

export class UploadError extends Error {}

/** Checks every file before saving any, so a bad one among several saves nothing. */
export async function checkUploads(files: File[]): Promise<{ bytes: Uint8Array; ext: string }[]> {
  const checked = [];
  for (const file of files) {
    if (file.size > MAX_UPLOAD_BYTES) throw new UploadError(`${UPLOAD_TOO_BIG} (${file.name || "file"})`);
    const bytes = new Uint8Array(await file.arrayBuffer());
    const ext = detectImageType(bytes);
    if (!ext) throw new UploadError(`${UPLOAD_NOT_IMAGE} (${file.name || "file"})`);
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
    const name = `${newId()}.${ext}`;
    await writeFile(join(env.uploadDir, name), bytes, { mode: 0o644, flag: "wx" });
    urls.push(`/uploads/${name}`);
  }
  return urls;
}

/** Non-empty files of a form field (a file input with nothing chosen sends an empty file). */
export function filesOf(form: FormData, field: string): File[] {
  return form.getAll(field).filter((v): v is File => typeof v !== "string" && v.size > 0);
}
