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

/** Whether this request may be answered from, and stored in, the cache. */
export function cacheablePage(request: Request): boolean {
  if (!env.pageCache || request.method !== "GET" || request.headers.has("cookie") || request.headers.has("authorization")) return false;
  return PUBLIC_PAGE.test(new URL(request.url).pathname);
}

function keepable(response: Response): boolean {
  const type = response.headers.get("content-type") ?? "";
  return response.status === 200 && type.startsWith("text/html") && !response.headers.has("set-cookie");
}

/** Root middleware: answers a guest's public page from the cache, or keeps the page it renders. */
export const pageCache: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  if (!cacheablePage(request)) return next();
  const url = new URL(request.url);
  const key = url.pathname + url.search;
  const nonce = nonceOf(context);
  // Read before rendering, so a write during the render leaves the kept copy stale.
  const version = catalogueVersion();
  const hit = cache.get(key);
  if (hit && hit.version === version) {
    return new Response(hit.html.replaceAll(hit.nonce, nonce), { status: 200, headers: [...hit.headers, ["x-page-cache", "hit"]] });
  }
  const response = await next();
  if (keepable(response) && nonce) {
    const html = await response.clone().text();
    const headers = [...response.headers].filter(([k]) => !PER_RESPONSE.has(k.toLowerCase()));
    cache.set(key, { version, nonce, html, headers });
    response.headers.set("x-page-cache", "miss");
  }
  return response;
};

/** Empties the cache (tests). */
export const clearPageCache = () => cache.clear();
