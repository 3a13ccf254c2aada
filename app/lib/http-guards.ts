// Request checks made by the production server before the app sees a request.

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export const MB = 1024 * 1024;
export const DEFAULT_BODY_LIMIT = 1 * MB;
export const UPLOAD_BODY_LIMIT = 5 * MB + 64 * 1024;
/** The product editor may post up to 12 gallery files of 5 MB each. */
export const EDITOR_BODY_LIMIT = 12 * 5 * MB + MB;

/** The largest body a path accepts: 1 MB, more only where images are uploaded. */
export function bodyLimitFor(path: string): number {
  if (path === "/api/uploads") return UPLOAD_BODY_LIMIT;
  if (/^\/admin\/products\/[^/]+\/?$/.test(path)) return EDITOR_BODY_LIMIT;
  return DEFAULT_BODY_LIMIT;
}

type Headers = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/**
 * A state-changing request sent by another site: its Origin names another origin, or, with no
 * Origin, the browser's Sec-Fetch-Site says cross-site. Requests without either (curl, apps)
 * carry no ambient browser authority and pass.
 */
export function isCrossSite(method: string, headers: Headers, ownOrigins: string[]): boolean {
  if (SAFE_METHODS.has(method.toUpperCase())) return false;
  const origin = one(headers.origin);
  if (origin !== undefined) return origin === "null" || !ownOrigins.includes(origin.toLowerCase());
  const site = one(headers["sec-fetch-site"]);
  return site === "cross-site";
}

/** The origins this request may come from: the Host it was sent to (and X-Forwarded-* behind a proxy), plus ALLOWED_ORIGINS. */
export function ownOrigins(headers: Headers, encrypted: boolean, trustProxy: boolean, allowed: string[]): string[] {
  const host = (trustProxy && one(headers["x-forwarded-host"])) || one(headers.host);
  const proto = (trustProxy && one(headers["x-forwarded-proto"])?.split(",")[0]?.trim()) || (encrypted ? "https" : "http");
  return [...(host ? [`${proto}://${host}`.toLowerCase()] : []), ...allowed.map((o) => o.toLowerCase())];
}

/** The client's address: the socket's, or the first X-Forwarded-For hop behind a trusted proxy. */
export function clientIp(headers: Headers, socketAddress: string | undefined, trustProxy: boolean): string {
  const forwarded = trustProxy ? one(headers["x-forwarded-for"])?.split(",")[0]?.trim() : undefined;
  return forwarded || socketAddress || "unknown";
}

/** A CSP nonce: 128 random bits, base64, new for every HTML response. */
export function newNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
}

/** The Content-Security-Policy of an HTML page whose inline scripts carry `nonce`. */

export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    // React style attributes (star widths, slide colours) are inline styles.
    "style-src 'self' 'unsafe-inline'",
    // Admins may give product images as https URLs.
    "img-src 'self' data: https:",
    "font-src 'self'",
    "connect-src 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join("; ");
}

export const SECURITY_HEADERS: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
  "Cross-Origin-Opener-Policy": "same-origin",
};
