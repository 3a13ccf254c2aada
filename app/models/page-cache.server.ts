// Whole pages for visitors who send no cookie at all: first visits, crawlers, and many JS-off
// shoppers. Such a page is a function of its URL and the database only, so the HTML of the last
// render of each URL is kept until the catalogue changes (catalogueVersion, kept by triggers
// whichever process writes) or a minute passes, and sent again with this response's CSP nonce.
// Anyone with a cookie (a session, a cart, a toast) gets a fresh render; so do responses that
// set a cookie or are not a 200 HTML page. The cache is per process and bounded by bytes.
import { LRUCache } from "lru-cache";
import type { MiddlewareFunction } from "react-router";
import { catalogueVersion } from "~/db/client.server";
import { env } from "~/env.server";
import { nonceOf } from "./request-context.server";

type Entry = { version: number; nonce: string; html: string; headers: [string, string][] };

/** Pages that show the same thing to every guest. */
const PUBLIC_PAGE = /^\/(?:shop|about|policy\/(?:terms|privacy|refund)|product\/[^/]+)?$/;
/** Headers that belong to one response, not to the page. */
const PER_RESPONSE = new Set(["content-length", "content-security-policy", "date", "connection", "keep-alive", "transfer-encoding", "x-page-cache"]);

const cache = new LRUCache<string, Entry>({
  max: 1_000,
  // JavaScript strings are UTF-16: two bytes a character.
  maxSize: 32 * 1024 * 1024,
  sizeCalculation: (entry) => entry.html.length * 2 || 1,
  maxEntrySize: 512 * 1024,
  ttl: 60_000,
});

type RequestHead = { method: string; headers: { has(name: string): boolean } };

/** Whether this request may be answered from, and stored in, the cache; its key if so. */
function cacheKey(request: RequestHead, url: URL): string | null {
  if (!env.pageCache || request.method !== "GET" || request.headers.has("cookie") || request.headers.has("authorization")) return null;
  return PUBLIC_PAGE.test(url.pathname) ? url.pathname + url.search : null;
}

/** The kept copy of this page, if it is still the current one. */
function current(key: string): Entry | null {
  const hit = cache.get(key);
  return hit && hit.version === catalogueVersion() ? hit : null;
}

/**
 * A guest's page from the cache, with `nonce` in place of the one it was rendered with, or null.
 * The HTTP server asks this before the app runs (server/app.ts): a hit costs no routing at all.
 */
export function cachedPage(request: RequestHead, url: URL, nonce: string): { html: string; headers: [string, string][] } | null {
  const key = cacheKey(request, url);
  const hit = key === null ? null : current(key);
  return hit && { html: hit.html.replaceAll(hit.nonce, nonce), headers: [...hit.headers, ["x-page-cache", "hit"]] };
}

function keepable(response: Response): boolean {
  const type = response.headers.get("content-type") ?? "";
  return response.status === 200 && type.startsWith("text/html") && !response.headers.has("set-cookie");
}

/**
 * Root middleware: keeps the page it renders for a guest, or answers from the cache a page kept
 * since server/app.ts looked (another request may have rendered it meanwhile).
 */
export const pageCache: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const url = new URL(request.url);
  const key = cacheKey(request, url);
  if (key === null) return next();
  const nonce = nonceOf(context);
  // Read before rendering, so a write during the render leaves the kept copy stale.
  const version = catalogueVersion();
  const hit = cachedPage(request, url, nonce);
  if (hit) return new Response(hit.html, { status: 200, headers: hit.headers });
  const response = await next();
  if (keepable(response) && nonce) {
    const html = await response.clone().text();
    const headers = [...response.headers].filter(([k]) => !PER_RESPONSE.has(k.toLowerCase()));
    cache.set(key, { version, nonce, html, headers });
    response.headers.set("x-page-cache", "miss");
  }
  return response;
};
