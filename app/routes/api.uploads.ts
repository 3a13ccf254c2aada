import { requireApiAdmin } from "~/models/accounts/auth.server";
import {
  filesOf,
  MAX_UPLOAD_BYTES,
  saveUploads,
  UPLOAD_MISSING,
  UPLOAD_TOO_BIG,
  UploadError,
} from "~/models/catalogue/uploads.server";
import { apiError, json, methodNotAllowed } from "~/utils/http.server";
import type { Route } from "./+types/api.uploads";

export const loader = methodNotAllowed;

// POST /api/uploads (multipart, field `file`) → { url, secure_url, path }, admins only.
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  await requireApiAdmin(request);
  // Refuse an oversized body before reading it (room for the multipart envelope).
  if (Number(request.headers.get("Content-Length") ?? 0) > MAX_UPLOAD_BYTES + 64 * 1024)
    return apiError(413, UPLOAD_TOO_BIG);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return apiError(400, "Send the image as multipart/form-data in the field 'file'.");
  }
  const files = filesOf(form, "file");
  if (files.length !== 1) return apiError(400, UPLOAD_MISSING);
  try {
    const [url] = await saveUploads(files);
    return json({ url, secure_url: url, path: url }, 201);
  } catch (error) {
    if (error instanceof UploadError)
      return apiError(error.message.startsWith(UPLOAD_TOO_BIG) ? 413 : 400, error.message);
    throw error;
  }
}
