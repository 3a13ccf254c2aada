// Large answers built from the whole catalogue (the sitemap's parts: 5.4 MB and ~300 ms each at
// 100,000 products) are built once per catalogue version and kept gzip-compressed, as the page
// cache keeps pages: concurrent first requests share one build, later ones get the kept bytes, and
// compressing runs on libuv's thread pool rather than the worker's event loop.
import { promisify } from "node:util";
import { gunzip, gzip } from "node:zlib";
import { LRUCache } from "lru-cache";
import { catalogueVersion } from "~/db/client.server";

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

type Kept = { status: number; headers: [string, string][]; gzip: Buffer };
type Entry = { version: number; kept: Promise<Kept | null> };

// A few origins (with PUBLIC_URL unset, each host asked at is a key) times a few parts.
const kept = new LRUCache<string, Entry>({ max: 16 });

/** Whether Accept-Encoding allows gzip (named or `*`, without q=0). */
function takesGzip(header: string | null): boolean {
  return (header ?? "").split(",").some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    return (coding === "gzip" || coding === "*") && (q === undefined || Number(q) > 0);
  });
}

async function keep(response: Response): Promise<Kept | null> {
  if (response.status !== 200) return null;
  const body = Buffer.from(await response.arrayBuffer());
  const headers = [...response.headers].filter(([name]) => name.toLowerCase() !== "content-length");
  return { status: response.status, headers, gzip: await gzipAsync(body, { level: 6 }) };
}

/**
 * `build()`'s answer for `key`, built once per catalogue version: a 200 is kept compressed and sent
 * gzip to a client that takes it (every crawler), inflated for one that does not; any other answer
 * is sent as built and not kept.
 */
export async function keptResponse(request: Request, key: string, build: () => Promise<Response>): Promise<Response> {
  const version = catalogueVersion();
  let entry = kept.get(key);
  const mine: { built?: Response } = {};
  if (!entry || entry.version !== version) {
    const building = build().then((response) => {
      mine.built = response.clone();
      return keep(response);
    });
    entry = { version, kept: building };
    kept.set(key, entry);
    const current = entry;
    // A failed or non-200 build is not kept: the next request builds again.
    const forget = () => kept.get(key) === current && kept.delete(key);
    building.then((k) => k ?? forget(), forget);
  }
  const answer = await entry.kept;
  if (!answer) return mine.built ?? build();
  const headers = new Headers(answer.headers);
  headers.append("Vary", "Accept-Encoding");
  if (takesGzip(request.headers.get("accept-encoding"))) {
    headers.set("Content-Encoding", "gzip");
    return new Response(new Uint8Array(answer.gzip), { status: answer.status, headers });
  }
  return new Response(new Uint8Array(await gunzipAsync(answer.gzip)), { status: answer.status, headers });
}
