// Uploaded pictures are stored with resized copies (app/models/upload.server.ts):
// /uploads/<id>.<ext> and /uploads/<id>-<width>.webp (+ .<ext> for JPEG/PNG).
export const IMAGE_WIDTHS = [320, 640, 1200] as const;

const UPLOAD = /^\/uploads\/([0-9a-f]{24})\.(jpg|png|webp)$/;

/** srcset strings for an uploaded picture, or null for any other URL (demo art, external). */
export function imageVariants(src: string): { webp: string; original: string } | null {
  const m = UPLOAD.exec(src);
  if (!m) return null;
  const [, id, ext] = m;
  const set = (e: string) => IMAGE_WIDTHS.map((w) => `/uploads/${id}-${w}.${e} ${w}w`).join(", ");
  return { webp: set("webp"), original: set(ext!) };
}
