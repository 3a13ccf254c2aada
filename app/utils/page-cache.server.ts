// Whole pages of the public catalogue and information pages, kept per URL and per kind of viewer
// until what they show changes or a minute passes: a product's page until that product changes
// (productVersion: its stock included), any other until what lists and cards show changes
// (catalogueVersion), both kept by triggers whichever process writes (issue #52: an order then
// moves one product's page, not every kept page). A page is a function of its URL, the database and what the header shows of the
// viewer: logged in or not, the owner or not, and the cart's count (issue #40). So a guest without
// a cookie, a guest with a cart of 2 and a customer with a cart of 2 each have their kept copy, and
// every customer whose cart holds 2 shares the same bytes, which name no one: a page whose loaders
// read one person's data (their review, their address) marks itself personal and is never kept,
// and a page that holds a string of its viewer's (id, email, session) is not kept either. A cookie
// the cache does not know (a toast, a coupon) means a fresh render; so do responses that set a
// cookie or are not a 200 HTML page. The cache is per process and bounded by bytes.
//
// A kept page is sent as the same bytes every time, so it cannot carry a per-response CSP nonce:
// its inline scripts are allowed by their SHA-256 hashes instead (CSP Level 2 hash sources),
// computed once when the page is kept. A fresh render still gets a fresh nonce. A page is kept
// brotli-compressed (gzip made on its first ask), and carries a weak ETag for revalidation.
//
// The whole cache is this module, with two ends:
// - servePageCache, the HTTP server's one call (server/http.ts, first in its chain; handed over
//   by server/app.ts, so it shares this module with the app): answers a hit before the request
//   checks, routing and React Router run;
// - pageCache, root middleware (app/root.tsx): keeps what React Router renders for a guest.
import { createHash } from "node:crypto";
import { brotliCompressSync, brotliDecompressSync, constants as zlib, gzipSync } from "node:zlib";
import type express from "express";
import { LRUCache } from "lru-cache";
import Negotiator from "negotiator";
import onHeaders from "on-headers";
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { catalogueVersion, productVersion } from "~/db/client.server";
import { env } from "~/env.server";
import { withHeader } from "./http.server";
import { onlyLanguageChoice } from "./language-choice.server";
import { appPath } from "./language.server";
import { nonceOf, originOf, requestOrigin } from "./request-context.server";

type PageEncoding = "br" | "gzip" | "identity";

/** A kept page, ready to send: the HTTP server answers with it before the app runs. */
type CachedPage = {
  /** For the CSP's script-src: the hashes of the page's inline scripts. */
  scriptSources: string;
  headers: [string, string][];
  etag: string;
  /** The body in this encoding (identity for small pages, which compression would not shrink). */
  body(encoding: PageEncoding): { encoding: PageEncoding; bytes: Buffer };
};

type Entry = CachedPage & { version: string; size: number };

/** Pages that show the same thing to every guest (in each language: the path past its prefix). */
const PUBLIC_PAGE = /^\/(?:shop|about|policy\/(?:terms|privacy|refund)|product\/[^/]+)?$/;
/** Headers that belong to one response, not to the page. */
const PER_RESPONSE = new Set([
  "content-length",
  "content-security-policy",
  "date",
  "connection",
  "keep-alive",
  "transfer-encoding",
  "x-page-cache",
  "vary",
]);
/**
 * Brotli quality for a kept page: the live responses' (server/http.ts), since the copy is made on
 * the request that rendered it, and that request is answered with it: one compression per miss
 * (issue #52), where a live response and a copy at q6 were two.
 */
const BROTLI_QUALITY = 5;

const cache = new LRUCache<string, Entry>({
  max: 10_000,
  maxSize: 32 * 1024 * 1024,
  // The page's brotli and, once asked for, its gzip (a little larger).
  sizeCalculation: (entry) => entry.size * 2 || 1,
  maxEntrySize: 512 * 1024,
});
/**
 * A kept page lives about a minute (what a page shows of the clock, its delivery dates, moves no
 * version), each for a little more or less: pages kept together, after a catalogue change or a
 * start, would otherwise all be rendered again in the same second, a minute later.
 */
const keptFor = () => 50_000 + Math.floor(Math.random() * 20_000);

/**
 * What a page may show of whoever asks for it: `key` goes into the cache key ("" for a guest
 * without a cookie), and `secrets` are strings of theirs a kept page must never hold.
 */
export type Viewer = { key: string; secrets: readonly string[] };
/**
 * Reads the viewer of the page at `pathname` from a Cookie header; null when the cookies can change
 * the page in ways the key does not say (their own data on it: what makes its render markPersonal).
 */
export type ViewerOf = (cookieHeader: string, pathname: string) => Promise<Viewer | null>;
const GUEST: Viewer = { key: "", secrets: [] };

/**
 * The viewer servePageCache read for a page it did not have (a miss), handed to the render through
 * the load context (server/app.ts) so that pageCache does not read the cookies' session and cart a
 * second time; null when nothing was read (a request the cache does not answer).
 */
export const viewerRead = createContext<{
  viewer: Viewer | null;
  /** Has this response's CSP allow the kept copy's inline scripts by their hashes (answeredKept). */
  answerKept(scriptSources: string): void;
} | null>(null);
/** Where servePageCache leaves it, in `res.locals`, for handViewerToRender. */
const VIEWER_LOCAL = "pageViewer";
/** Where the render leaves the kept copy's script hashes when it answers with that copy. */
const KEPT_SOURCES_LOCAL = "keptScriptSources";

/** For getLoadContext (server/app.ts): the viewer servePageCache read, if it read one, into the context. */
export function handViewerToRender(locals: Record<string, unknown>, context: RouterContextProvider): void {
  if (locals[VIEWER_LOCAL] !== undefined)
    context.set(viewerRead, {
      viewer: locals[VIEWER_LOCAL] as Viewer | null,
      answerKept: (scriptSources) => (locals[KEPT_SOURCES_LOCAL] = scriptSources),
    });
}

/**
 * A miss answered with the copy it kept (renderAndKeep): that copy has no nonce, so as the headers
 * go out the CSP's `'nonce-…'` (securityHeaders put it there before the render) becomes the copy's
 * script hashes, as a hit's CSP has them.
 */
function answeredKept(res: express.Response) {
  onHeaders(res, () => {
    const sources = res.locals[KEPT_SOURCES_LOCAL] as string | undefined;
    const csp = res.getHeader("Content-Security-Policy");
    if (sources === undefined || typeof csp !== "string") return;
    res.setHeader("Content-Security-Policy", csp.replace(`'nonce-${String(res.locals.cspNonce)}'`, sources));
  });
}

/** Renders whose loaders read one person's data (markPersonal): never kept, whatever the viewer. */
const personalRenders = new WeakSet<object>();

/**
 * For a loader that puts one person's data on a public page (their own review, say): not kept, and
 * sent `private, no-store`. The viewer reading (ViewerOf) must say null for such a viewer too, or a
 * copy kept for others would be served to them in its place.
 */
export function markPersonal(context: Readonly<RouterContextProvider>): void {
  personalRenders.add(context);
}

type RequestHead = {
  method: string;
  headers: { has(name: string): boolean; get(name: string): string | null | undefined };
};

/**
 * The viewer of a request, or null when its cookies can change the page in ways the key does not
 * say. The language choice alone does not (issue #36: only / reads it, and languageChoice answers /
 * after this cache is asked), so a shopper who chose Hindi still gets kept pages everywhere else.
 */
async function viewerFor(cookie: string | null | undefined, pathname: string, viewerOf: ViewerOf) {
  if (cookie == null || cookie === "") return GUEST;
  if (pathname === "/") return null;
  if (onlyLanguageChoice(cookie)) return GUEST;
  return viewerOf(cookie, pathname);
}

/**
 * Whether this request may be answered from, and stored in, the cache; its key if so. A page
 * carries absolute URLs (canonical, link previews) of the origin it was asked at (`origin`, as
 * Express reads it: requestOrigin), unless PUBLIC_URL names one: so without it the origin is part
 * of the key, and a page asked at 127.0.0.1 is never sent to the shop's own address.
 */
function cacheKey(url: URL, origin: string, viewer: Viewer | null): string | null {
  if (viewer === null) return null;
  if (env.siteUrl) return `${viewer.key}|${url.pathname}${url.search}`;
  return origin ? `${viewer.key}|${origin}${url.pathname}${url.search}` : null;
}

/** Whether a request may be answered from, or kept in, the cache at all (before asking who sends it). */
const cacheable = (request: RequestHead, url: URL) =>
  env.pageCache &&
  request.method === "GET" &&
  !request.headers.has("authorization") &&
  PUBLIC_PAGE.test(appPath(url.pathname));

/** The kept copy of this page for this viewer, if it is still the current one. */
function cachedPage(url: URL, origin: string, viewer: Viewer | null): CachedPage | null {
  const key = cacheKey(url, origin, viewer);
  const hit = key === null ? null : cache.get(key);
  return hit && hit.version === versionOf(url) ? hit : null;
}

/** The product whose page `pathname` is (any language's path): its id as the route reads it, else null. */
export function productOfPath(pathname: string): string | null {
  const id = /^\/product\/([^/]+)$/.exec(appPath(pathname))?.[1];
  if (id === undefined) return null;
  try {
    return decodeURIComponent(id);
  } catch {
    return id;
  }
}

/**
 * What a kept copy of this page is valid for: a product's page shows that product alone (its
 * stock, sizes, pictures, reviews), any other page lists or counts products.
 */
function versionOf(url: URL): string {
  const product = productOfPath(url.pathname);
  return product === null ? `c${catalogueVersion()}` : `p${productVersion(product)}`;
}

/**
 * `'sha256-…'` of each inline <script>'s text, as CSP hashes it (the UTF-8 bytes between the tags).
 * JSON-LD is data, never run, and no CSP applies to it: left out.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(m[1]!) || /\btype\s*=\s*"application\/ld\+json"/i.test(m[1]!)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(m[2]!, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

function keep(version: string, rendered: string, nonce: string, headers: [string, string][]): Entry {
  // The nonce of the render that made the page means nothing to later responses: dropped.
  const html = Buffer.from(rendered.replaceAll(` nonce="${nonce}"`, ""));
  const small = html.length < 1024;
  // A page is kept as brotli alone, a fifth of its size, since every browser asks for it: the same
  // 32 MB then hold five times the pages (issue #40 keeps a page per kind of viewer). The rare
  // client without brotli gets it unpacked, and gzip made once.
  const br = small
    ? html
    : brotliCompressSync(html, {
        params: { [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: html.length },
      });
  let gzip: Buffer | undefined;
  const plain = () => (small ? br : brotliDecompressSync(br));
  return {
    version,
    size: br.length,
    scriptSources: inlineScriptHashes(html.toString("utf8")).join(" "),
    headers,
    etag: `W/"${version}-${createHash("sha256").update(html).digest("base64url").slice(0, 22)}"`,
    body(wanted) {
      if (small || wanted === "identity") return { encoding: "identity", bytes: plain() };
      if (wanted === "br") return { encoding: "br", bytes: br };
      return { encoding: "gzip", bytes: (gzip ??= gzipSync(plain(), { level: 6 })) };
    },
  };
}

function keepable(response: Response): boolean {
  const type = response.headers.get("content-type") ?? "";
  return response.status === 200 && type.startsWith("text/html") && !response.headers.has("set-cookie");
}

/**
 * The HTTP server's end, first in its chain, before the security headers: a GET with no cookie
 * for a public page kept and still current is answered here, with `securityHeaders` (the headers
 * every answer carries; their CSP takes `res.locals.scriptSources`, here the page's script hashes)
 * and before the request checks, routing, the web Request and React Router. Anything else goes on
 * untouched, to be rendered, with a nonce, and perhaps kept by `pageCache`.
 */
export function servePageCache(securityHeaders: express.RequestHandler, viewerOf: ViewerOf): express.RequestHandler {
  const head = (req: express.Request): RequestHead => ({
    method: req.method,
    headers: { has: (name) => req.headers[name] !== undefined, get: (name) => req.get(name) },
  });
  const send = (
    req: express.Request,
    res: express.Response,
    next: express.NextFunction,
    viewer: Viewer | null,
    page: CachedPage | null,
  ) => {
    if (!page) {
      // A miss: the render's pageCache middleware gets this viewer through the load context
      // (viewerRead) instead of reading the session and the cart again, and may answer with the
      // copy it keeps.
      res.locals[VIEWER_LOCAL] = viewer;
      answeredKept(res);
      return next();
    }
    res.locals.scriptSources = page.scriptSources;
    securityHeaders(req, res, (error?: unknown) => (error ? next(error) : sendPage(req, res, page)));
  };
  return (req, res, next) => {
    if (req.method !== "GET") return next();
    const url = new URL(`http://x${req.originalUrl}`);
    if (!cacheable(head(req), url)) return next();
    const cookie = req.get("cookie");
    // A guest without cookies, the most common hit, is answered without waiting for anything.
    if (!cookie) return send(req, res, next, GUEST, cachedPage(url, requestOrigin(req), GUEST));
    // Any failure to read the viewer (the database down, say) is left to the app to answer; one in
    // sending goes to Express's error handler, never an unhandled rejection.
    viewerFor(cookie, url.pathname, viewerOf)
      .then(
        (viewer) => send(req, res, next, viewer, cachedPage(url, requestOrigin(req), viewer)),
        () => next(),
      )
      .catch(next);
  };
}

/**
 * The encoding a kept page goes out in: brotli where the client takes it (the copy's own), even
 * when it names gzip first as browsers do, then gzip, else none.
 */
function encodingFor(acceptEncoding: string | null | undefined): PageEncoding {
  const taken = new Negotiator({ headers: { "accept-encoding": acceptEncoding ?? "" } }).encodings(["br", "gzip"]);
  return taken.includes("br") ? "br" : taken.includes("gzip") ? "gzip" : "identity";
}

/**
 * A kept page, sent as it is: the same bytes each time, compressed once per encoding, with its
 * ETag so a revalidating browser gets 304.
 */
function sendPage(req: express.Request, res: express.Response, page: CachedPage) {
  res.vary("Accept-Encoding");
  res.vary("Cookie");
  for (const [name, value] of page.headers) res.append(name, value);
  res.set({ ETag: page.etag, "x-page-cache": "hit" });
  if (req.fresh) return void res.status(304).end();
  const { encoding, bytes } = page.body(encodingFor(req.get("accept-encoding")));
  if (encoding !== "identity") res.set("Content-Encoding", encoding);
  res.send(bytes);
}

let warnedOfSecret = false;

/**
 * Root middleware: keeps the page it renders for its kind of viewer. Hits never get here:
 * servePageCache answers them before React Router runs.
 */
export const pageCache =
  (viewerOf: ViewerOf): MiddlewareFunction<Response> =>
  async ({ request, context }, next) => {
    const url = new URL(request.url);
    const response = await renderAndKeep(request, url, context, viewerOf, next);
    // One person's page (and its data request) is stored by no browser or proxy; a public page is
    // per kind of viewer, which their cookies say (issue #50).
    if (personalRenders.has(context)) return withHeader(response, "Cache-Control", "private, no-store");
    return PUBLIC_PAGE.test(appPath(url.pathname)) ? withHeader(response, "Vary", "Cookie") : response;
  };

async function renderAndKeep(
  request: Request,
  url: URL,
  context: Readonly<RouterContextProvider>,
  viewerOf: ViewerOf,
  next: () => Promise<Response>,
): Promise<Response> {
  if (!cacheable(request, url)) return next();
  const read = context.get(viewerRead);
  const viewer = read ? read.viewer : await viewerFor(request.headers.get("cookie"), url.pathname, viewerOf);
  const key = cacheKey(url, originOf(context), viewer);
  if (key === null || viewer === null) return next();
  // Read before rendering, so a write during the render leaves the kept copy stale.
  const version = versionOf(url);
  const response = await next();
  const nonce = nonceOf(context);
  if (!keepable(response) || !nonce || personalRenders.has(context)) return response;
  const html = await response.clone().text();
  // The key says all a page may show of its viewer; a page that holds one of their strings
  // anyway (a loader that forgot markPersonal) is sent to them alone, and said once.
  if (viewer.secrets.some((secret) => html.includes(secret))) {
    personalRenders.add(context);
    if (!warnedOfSecret) console.warn(`page cache: ${url.pathname} holds its viewer's data; not kept (markPersonal)`);
    warnedOfSecret = true;
    return response;
  }
  const headers = [...response.headers].filter(([k]) => !PER_RESPONSE.has(k.toLowerCase()));
  const page = keep(version, html, nonce, headers);
  cache.set(key, page, { ttl: keptFor() });
  if (!read) {
    response.headers.set("x-page-cache", "miss");
    return response;
  }
  // The copy is what this shopper gets too, as the next one will: compressed once, not also live.
  read.answerKept(page.scriptSources);
  const { encoding, bytes } = page.body(encodingFor(request.headers.get("accept-encoding")));
  const answer = new Headers(headers);
  answer.set("ETag", page.etag);
  answer.set("x-page-cache", "miss");
  answer.append("Vary", "Accept-Encoding");
  if (encoding !== "identity") answer.set("Content-Encoding", encoding);
  answer.set("Content-Length", String(bytes.length));
  return new Response(new Uint8Array(bytes), { status: 200, headers: answer });
}
