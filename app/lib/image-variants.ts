// Uploaded pictures are stored with resized copies (app/models/catalogue/uploads.server.ts):
// /uploads/<id>.<ext> and /uploads/<id>-<width>.webp (+ .<ext> for JPEG/PNG).
export const IMAGE_WIDTHS = [320, 640, 1200] as const;
// The demo catalogue's drawings (/images/demo/<name>-<n>.svg) also come as WebP at these widths
// (app/routes/images.demo.$file.ts): a phone decodes a WebP off its main thread, where an SVG
// with text and gradients costs it 5-15 ms of main-thread work per picture (issue #24).
export const DEMO_WIDTHS = [320, 640] as const;

const UPLOAD = /^\/uploads\/([0-9a-f]{24})\.(jpg|png|webp)$/;
const DEMO = /^\/images\/demo\/([a-z0-9-]+-[1-4])\.svg$/;

/**
 * srcset strings for an uploaded or demo picture (the demo's original, a drawing, needs no
 * widths), or null for any other URL (external).
 */
export function imageVariants(src: string): { webp: string; original?: string } | null {
  const demo = DEMO.exec(src);
  if (demo) return { webp: DEMO_WIDTHS.map((w) => `/images/demo/${demo[1]}-${w}.webp ${w}w`).join(", ") };
  const m = UPLOAD.exec(src);
  if (!m) return null;
  const [, id, ext] = m;
  const set = (e: string) => IMAGE_WIDTHS.map((w) => `/uploads/${id}-${w}.${e} ${w}w`).join(", ");
  return { webp: set("webp"), original: set(ext!) };
}
