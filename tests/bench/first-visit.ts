// What a first visit to a page downloads: the HTML, then every stylesheet, script, module
// preload and image it names (and the static imports of those scripts), each measured raw, as
// the server sent it, and as gzip/brotli would make it.
import { get } from "node:http";
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync, inflateSync } from "node:zlib";

export type Kind = "html" | "css" | "js" | "images";
export type Resource = {
  url: string;
  kind: Kind;
  status: number;
  raw: number;
  served: number;
  encoding: string;
  gzip: number;
  brotli: number;
  lazy?: boolean;
};
export type Sizes = { raw: number; served: number; gzip: number; brotli: number };
export type FirstVisit = {
  path: string;
  resources: Resource[];
  totals: Record<Kind, Sizes>;
  /** What a browser with JavaScript off downloads before it can render: HTML + CSS. */
  jsOff: Sizes;
  all: Sizes;
  renderBlockingScripts: string[];
  failed: string[];
};

export type Raw = {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  wire: Buffer;
  body: Buffer;
};

/** GET without any decoding by the client, so the bytes on the wire can be counted. */
export function fetchRaw(url: string, acceptEncoding: string): Promise<Raw> {
  return new Promise((ok, fail) => {
    const req = get(
      url,
      { headers: { "Accept-Encoding": acceptEncoding, "User-Agent": "candle-bench" }, agent: false, timeout: 15_000 },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("error", fail);
        res.on("end", () => {
          const wire = Buffer.concat(chunks);
          const enc = String(res.headers["content-encoding"] ?? "").trim();
          const body =
            enc === "br"
              ? brotliDecompressSync(wire)
              : enc === "gzip"
                ? gunzipSync(wire)
                : enc === "deflate"
                  ? inflateSync(wire)
                  : wire;
          ok({ status: res.statusCode ?? 0, headers: res.headers, wire, body });
        });
      },
    );
    req.on("timeout", () => req.destroy(new Error(`timeout: ${url}`)));
    req.on("error", fail);
  });
}

// The pages share their scripts and stylesheet: compress each URL's bytes once.
const compressed = new Map<string, { gzip: number; brotli: number }>();
function compress(url: string, b: Buffer) {
  const key = `${url} ${b.length}`;
  let c = compressed.get(key);
  if (!c) {
    c = {
      gzip: gzipSync(b, { level: 6 }).length,
      // Quality 11 is what a build step would precompress static files with; dynamic HTML would
      // more likely be sent at 4–6, which is a few percent larger.
      brotli: brotliCompressSync(b, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: b.length },
      }).length,
    };
    compressed.set(key, c);
  }
  return c;
}

const attr = (tag: string, name: string) =>
  new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i")
    .exec(tag)
    ?.slice(1)
    .find((v) => v !== undefined);
const hasAttr = (tag: string, name: string) => new RegExp(`\\s${name}(?:[\\s=>]|$)`, "i").test(tag);
const decode = (s: string) =>
  s
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'");

/** Static `import … from "x"` / `import "x"` / `export … from "x"` specifiers of an ES module (not dynamic import()). */
function staticImports(code: string): string[] {
  const out: string[] = [];
  const re = /(?:^|[;\s}])(?:import|export)\s*(?:[\w*${}\s,]+?\s*from\s*)?["']([^"']+)["']/g;
  for (let m = re.exec(code); m; m = re.exec(code)) out.push(m[1]!);
  return out;
}

export async function firstVisit(origin: string, path: string): Promise<FirstVisit> {
  const pageUrl = new URL(path, origin).href;
  const page = await fetchRaw(pageUrl, "gzip, deflate, br");
  if (page.status !== 200) throw new Error(`${path}: HTTP ${page.status}`);
  const html = page.body.toString("utf8");
  const head = html.slice(0, Math.max(0, html.search(/<\/head>/i)));

  const wanted = new Map<string, { kind: Kind; lazy?: boolean }>();
  /** Adds a same-origin resource; returns its URL when it was not wanted yet. */
  const want = (href: string | undefined, base: string, kind: Kind, lazy?: boolean): string | undefined => {
    if (!href || href.startsWith("data:")) return undefined;
    const url = new URL(decode(href), base);
    if (url.origin !== origin || wanted.has(url.href)) return undefined;
    wanted.set(url.href, { kind, lazy });
    return url.href;
  };
  for (const tag of html.match(/<link\b[^>]*>/gi) ?? []) {
    const rel = (attr(tag, "rel") ?? "").toLowerCase().split(/\s+/);
    // The whole stylesheet has its address in data-href: only the hydration loader links it
    // (app/utils/page-styles.server.ts), so it counts with JS, not in "JS off" (lazy here).
    if (rel.includes("stylesheet"))
      want(attr(tag, "href") ?? attr(tag, "data-href"), pageUrl, "css", !attr(tag, "href"));
    else if (rel.includes("modulepreload")) want(attr(tag, "href"), pageUrl, "js");
    else if (rel.includes("preload") && attr(tag, "as") === "script") want(attr(tag, "href"), pageUrl, "js");
    else if (rel.includes("preload") && attr(tag, "as") === "image") want(attr(tag, "href"), pageUrl, "images");
    else if (rel.includes("icon")) want(attr(tag, "href"), pageUrl, "images");
  }
  const renderBlockingScripts: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const tag = `<script ${m[1]}>`;
    const src = attr(tag, "src");
    // The hydration scripts wait for the load event as an inert module script that lists its
    // preloads (app/utils/hydrate-after-load.server.ts); a browser with JS loads them all the same.
    const type = (attr(tag, "type") ?? "").toLowerCase();
    const isModule = type === "module" || type === "text/x-deferred-module";
    for (const href of (attr(tag, "data-preload") ?? "").split(" ")) if (href) want(href, pageUrl, "js");
    if (src) {
      want(src, pageUrl, "js");
      const inHead = head.includes(m[0]);
      if (inHead && !isModule && !hasAttr(tag, "async") && !hasAttr(tag, "defer")) renderBlockingScripts.push(src);
    } else if (isModule) {
      for (const spec of staticImports(m[2] ?? "")) want(spec, pageUrl, "js");
    }
  }
  for (const tag of html.match(/<img\b[^>]*>/gi) ?? []) {
    want(attr(tag, "src"), pageUrl, "images", (attr(tag, "loading") ?? "").toLowerCase() === "lazy");
  }

  const resources: Resource[] = [
    {
      url: pageUrl,
      kind: "html",
      status: page.status,
      raw: page.body.length,
      served: page.wire.length,
      encoding: String(page.headers["content-encoding"] ?? "identity"),
      ...compress(pageUrl, page.body),
    },
  ];
  const failed: string[] = [];
  const done = new Set<string>();
  // Breadth-first, so the static imports of each script are followed too.
  for (let pending = [...wanted.keys()]; pending.length > 0;) {
    const next: string[] = [];
    await Promise.all(
      pending.map(async (url) => {
        if (done.has(url)) return;
        done.add(url);
        const { kind, lazy } = wanted.get(url)!;
        const r = await fetchRaw(url, "gzip, deflate, br");
        if (r.status !== 200) failed.push(`${url} → ${r.status}`);
        resources.push({
          url,
          kind,
          status: r.status,
          raw: r.body.length,
          served: r.wire.length,
          encoding: String(r.headers["content-encoding"] ?? "identity"),
          ...compress(url, r.body),
          ...(lazy ? { lazy } : {}),
        });
        if (kind === "js") {
          for (const spec of staticImports(r.body.toString("utf8"))) {
            const added = want(spec, url, "js");
            if (added) next.push(added);
          }
        }
      }),
    );
    pending = next;
  }

  const zero = (): Sizes => ({ raw: 0, served: 0, gzip: 0, brotli: 0 });
  const totals: Record<Kind, Sizes> = { html: zero(), css: zero(), js: zero(), images: zero() };
  const add = (a: Sizes, r: Sizes) => {
    a.raw += r.raw;
    a.served += r.served;
    a.gzip += r.gzip;
    a.brotli += r.brotli;
  };
  for (const r of resources) add(totals[r.kind], r);
  const jsOff = zero();
  add(jsOff, totals.html);
  for (const r of resources) if (r.kind === "css" && !r.lazy) add(jsOff, r);
  const all = zero();
  for (const k of Object.keys(totals) as Kind[]) add(all, totals[k]);
  return { path, resources, totals, jsOff, all, renderBlockingScripts, failed };
}
