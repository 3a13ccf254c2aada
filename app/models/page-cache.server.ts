// Whole pages for visitors who send no cookie at all: first visits, crawlers, and many JS-off
// shoppers. Such a page is a function of its URL and the database only, so the HTML of the last
// render of each URL is kept until the catalogue changes (catalogueVersion) or a minute passes, and
// sent again with a fresh CSP nonce. Anyone with a cookie (a session, a cart, a toast) gets a
// fresh render; so do responses that set a cookie or are not a 200 HTML page.
import { catalogueVersion } from "~/db/client.server";

export type CachedPage = { nonce: string; html: string; headers: [string, string][] };
type Entry = CachedPage & { version: number; expires: number };

const TTL_MS = 60_000;
const MAX_ENTRIES = 1_000;
const MAX_CHARS = 32 * 1024 * 1024;
/** Pages that show the same thing to every guest. */
const PUBLIC_PAGE = /^\/(?:shop|about|policy\/(?:terms|privacy|refund)|product\/[^/]+)?$/;
/** Headers that belong to one response, not to the page. */
const PER_RESPONSE = new Set(["content-length", "content-security-policy", "date", "connection", "keep-alive", "transfer-encoding"]);

const enabled = process.env.PAGE_CACHE !== "false";
const entries = new Map<string, Entry>();
let chars = 0;

/** Whether this request may be answered from, and stored in, the cache. */
export function cacheablePage(method: string | undefined, path: string, headers: { cookie?: string; authorization?: string }): boolean {
  return enabled && method === "GET" && !headers.cookie && !headers.authorization && PUBLIC_PAGE.test(path);
}

/** The version to store a render under: read before rendering, so a write during it makes it stale. */
export const pageVersion = catalogueVersion;

export function cachedPage(url: string): CachedPage | null {
  const entry = entries.get(url);
  if (!entry) return null;
  drop(url, entry);
  if (entry.version !== catalogueVersion() || entry.expires < Date.now()) return null;
  // Most recently used last: the Map's order is the eviction order.
  add(url, entry);
  return entry;
}

export function keepPage(url: string, version: number, status: number, headers: [string, string][], html: string, nonce: string | null): void {
  if (status !== 200 || nonce === null || html.length > MAX_CHARS / 64) return;
  if (headers.some(([k, v]) => k === "set-cookie" || (k === "content-type" && !v.startsWith("text/html")))) return;
  const old = entries.get(url);
  if (old) drop(url, old);
  add(url, { nonce, html, headers: headers.filter(([k]) => !PER_RESPONSE.has(k)), version, expires: Date.now() + TTL_MS });
  for (const [key, entry] of entries) {
    if (entries.size <= MAX_ENTRIES && chars <= MAX_CHARS) break;
    drop(key, entry);
  }
}

function add(url: string, entry: Entry) {
  entries.set(url, entry);
  chars += entry.html.length;
}

function drop(url: string, entry: Entry) {
  entries.delete(url);
  chars -= entry.html.length;
}
