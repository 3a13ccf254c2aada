// Request checks the HTTP server makes before the app sees a request: pure functions, so they
// are unit-tested apart from Express (server/middleware.ts applies them).
import type { IncomingMessage, ServerResponse } from "node:http";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * The methods the shop answers. Any other (TRACE, CONNECT, PROPFIND, lowercase ones…) is 405 with
 * `Allow` before the app runs: the web Request the app is built on refuses some of them outright.
 */
export const ALLOWED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
export const ALLOW = ALLOWED_METHODS.join(", ");
const KNOWN_METHODS = new Set<string>(ALLOWED_METHODS);

/** What the server does with a method before the app: run it, answer OPTIONS itself, or refuse it. */
export function methodPolicy(method: string | undefined): "app" | "options" | "refuse" {
  if (method === "OPTIONS") return "options";
  return method !== undefined && KNOWN_METHODS.has(method) ? "app" : "refuse";
}

export const MB = 1024 * 1024;
export const DEFAULT_BODY_LIMIT = 1 * MB;
export const UPLOAD_BODY_LIMIT = 5 * MB + 64 * 1024;
/** The product editor may post up to 12 gallery files of 5 MB each. */
export const EDITOR_BODY_LIMIT = 12 * 5 * MB + MB;

/** The largest body a path accepts: 1 MB, more only where images are uploaded. */
export function bodyLimitFor(path: string): number {
  if (path === "/api/uploads") return UPLOAD_BODY_LIMIT;
  if (/^\/admin\/products\/[^/]+\/?$/.test(path)) return EDITOR_BODY_LIMIT;
  // The collection form (issue #37) may carry one picture.
  if (/^\/admin\/collections(\/[^/]+)?\/?$/.test(path)) return UPLOAD_BODY_LIMIT;
  return DEFAULT_BODY_LIMIT;
}

type Headers = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/**
 * A state-changing request sent by another site: its Origin names another origin, or, with no
 * Origin, the browser's Sec-Fetch-Site says anything but same-origin/none (a sibling subdomain is
 * "same-site" and still not us), or its Referer is another origin's. Requests with none of the
 * three (curl, apps) carry no ambient browser authority and pass.
 */
export function isCrossSite(method: string, headers: Headers, ownOrigins: string[]): boolean {
  if (SAFE_METHODS.has(method.toUpperCase())) return false;
  const origin = one(headers.origin);
  if (origin !== undefined) return origin === "null" || !ownOrigins.includes(origin.toLowerCase());
  const site = one(headers["sec-fetch-site"]);
  if (site !== undefined && site !== "same-origin" && site !== "none") return true;
  const referer = one(headers.referer);
  return referer !== undefined && !ownOrigins.includes(originOf(referer));
}

/** A name the DNS could hold, an IPv4 address or a bracketed IPv6 one, with an optional port. */
const HOST =
  /^(?:[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?)*\.?|\[[0-9a-f:.]{2,45}\])(?::[0-9]{1,5})?$/i;

/**
 * One host the request URL can be made of. The shape is not enough: React Router's adapter builds
 * that URL with `new URL`, whose parser refuses a port past 65535, "[1:2]", and a name that ends in
 * a number but is no IPv4 address ("1.2.3.4.5", "256.0.0.1", "a.1"): each was a 500 (issue #20).
 * A DNS name has at most 253 characters.
 */
function isHost(host: string): boolean {
  const name = host.replace(/:[0-9]+$/, "").replace(/\.$/, "");
  return HOST.test(host) && name.length <= 253 && URL.canParse(`http://${host}/`);
}

/**
 * Whether the request names a host the app can build its URL from: React Router's adapter makes the
 * request URL of Express's host (X-Forwarded-Host's first value, else Host) and the port of
 * X-Forwarded-Host (all of it, read as one), else of Host. With none, an empty one or one like
 * "a b", "[" or "127.0.0.1:99999", that URL cannot be made; neither with an X-Forwarded-Host whose
 * first value is empty (",x"), where Express has no host at all, or any later value is no host
 * ("a, b:99999" gave the port 99999). X-Forwarded-Host is here only from a trusted proxy
 * (server/middleware.ts drops anyone else's).
 */
export function usableHost(headers: Headers): boolean {
  const host = one(headers.host);
  if (host === undefined || !isHost(host)) return false;
  const forwarded = one(headers["x-forwarded-host"]);
  return !forwarded || forwarded.split(",").every((h) => isHost(h.trim()));
}

/**
 * Express's req.protocol (X-Forwarded-Proto's first value from a trusted proxy) begins the request
 * URL: only http and https make one ("1", "a b" or "," were a 500).
 */
export function usableProto(protocol: string): boolean {
  return /^https?$/i.test(protocol);
}

/** The origin of a URL, lowercased; "" for anything that is not an absolute URL. */
function originOf(url: string): string {
  try {
    const origin = new URL(url).origin;
    return origin === "null" ? "" : origin.toLowerCase();
  } catch {
    return "";
  }
}

/** The origins this request may come from: its own (server/app.ts's requestOrigin), plus ALLOWED_ORIGINS. */
export function ownOrigins(origin: string, allowed: string[]): string[] {
  return [...(origin ? [origin] : []), ...allowed].map((o) => o.toLowerCase());
}

/** A CSP nonce: 128 random bits, base64, new for every response. */
export function newNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
}

/**
 * The Content-Security-Policy, as helmet takes it. Only the app's own inline scripts may run:
 * `scriptSources` gives this response's `'nonce-…'`, or for a kept page the `'sha256-…'` hashes
 * of its scripts. `dev` lets Vite's hot-reload socket connect.
 */
export function cspDirectives(
  scriptSources: (res: ServerResponse) => string,
  inlineStyleHashes: string[],
  dev = false,
) {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", (_req: IncomingMessage, res: ServerResponse) => scriptSources(res)],
    // Pages carry their CSS inline (issue #24), allowed by its hashes; no style attribute is
    // allowed. Vite's development server injects styles of its own.
    styleSrc: dev ? ["'self'", "'unsafe-inline'"] : ["'self'", ...inlineStyleHashes],
    // Admins may give product images as https URLs.
    imgSrc: ["'self'", "data:", "https:"],
    fontSrc: ["'self'"],
    connectSrc: dev ? ["'self'", "ws:"] : ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    baseUri: ["'self'"],
    objectSrc: ["'none'"],
  };
}

export const PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()";
export const HSTS = "max-age=63072000; includeSubDomains";
