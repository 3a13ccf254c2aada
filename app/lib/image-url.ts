// Which image URLs are accepted (app/lib/product-schema.ts) and rendered (ProductImage). Kept apart
// from the schema so pages that only show pictures do not ship zod.

// Whitespace, C0/DEL/C1 controls and the backslash (browsers read "/\\host" as "//host", another site).
// eslint-disable-next-line no-control-regex -- control characters are what this refuses
const URL_FORBIDDEN = /[\s\u0000-\u001f\u007f-\u009f\\]/;

/**
 * An image URL we are willing to render: an absolute http(s) URL with a host, or a path on this
 * site that starts with a single "/" and has no "//" anywhere (never protocol-relative).
 */
export function isImageUrl(u: string): boolean {
  if (u.length > 2000 || URL_FORBIDDEN.test(u)) return false;
  if (u.startsWith("/")) return !u.includes("//");
  if (!/^https?:\/\/[^/?#]/i.test(u)) return false;
  try {
    const url = new URL(u);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}
