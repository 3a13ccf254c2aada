import { brotliDecompressSync } from "node:zlib";
import { RouterContextProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { inlineScriptHashes, pageCache, type Viewer, viewerRead } from "~/utils/page-cache.server";
import { requestInfo } from "~/utils/request-context.server";

// Issue #40: on a page not kept yet, servePageCache has read the viewer from the cookies (a session
// and a user from the database, the cart's signature); the render's pageCache middleware takes that
// reading from the load context instead of making it again.
const ORIGIN = "http://shop.test";
const page = () =>
  new Response("<!DOCTYPE html><html><body><h1>Shop</h1></body></html>", {
    headers: { "content-type": "text/html; charset=utf-8" },
  });

function render(path: string, read: Viewer | null | undefined, viewerOf: (cookie: string) => Promise<Viewer | null>) {
  const context = new RouterContextProvider();
  context.set(requestInfo, { ip: "127.0.0.1", origin: ORIGIN, nonce: "n0nce" });
  if (read !== undefined) context.set(viewerRead, { viewer: read, answerKept: () => {} });
  const request = new Request(`${ORIGIN}${path}`, { headers: { cookie: "__session=s%3Aabc.def" } });
  return pageCache(viewerOf)({ request, context, params: {}, unstable_pattern: path } as never, async () => page());
}

describe("the viewer is read once per page not kept yet", () => {
  it("a reading handed over in the load context is used, and the page is kept for it", async () => {
    const viewerOf = vi.fn(async () => ({ key: "c0", secrets: [] }));
    const response = (await render("/about?read=1", { key: "c0", secrets: [] }, viewerOf)) as Response;
    expect(viewerOf).not.toHaveBeenCalled();
    expect(response.headers.get("x-page-cache")).toBe("miss");
  });

  it("a viewer the cache could not key (null) is rendered and not kept, without a second reading", async () => {
    const viewerOf = vi.fn(async () => ({ key: "c0", secrets: [] }));
    const response = (await render("/about?read=2", null, viewerOf)) as Response;
    expect(viewerOf).not.toHaveBeenCalled();
    expect(response.headers.get("x-page-cache")).toBeNull();
  });

  it("without one (a render servePageCache did not see) the middleware reads the cookies itself, once", async () => {
    const viewerOf = vi.fn(async () => ({ key: "c0", secrets: [] }));
    const response = (await render("/about?read=3", undefined, viewerOf)) as Response;
    expect(viewerOf).toHaveBeenCalledTimes(1);
    expect(response.headers.get("x-page-cache")).toBe("miss");
  });
});

describe("a page not kept yet is answered with the copy it keeps (issue #52)", () => {
  it("the kept bytes, brotli, with the copy's ETag; the CSP told the copy's script hashes, no nonce", async () => {
    const context = new RouterContextProvider();
    context.set(requestInfo, { ip: "127.0.0.1", origin: ORIGIN, nonce: "n0nce" });
    const told: string[] = [];
    context.set(viewerRead, { viewer: { key: "", secrets: [] }, answerKept: (sources) => told.push(sources) });
    const html = `<!DOCTYPE html><html><body><h1>${"Candles ".repeat(200)}</h1><script nonce="n0nce">go()</script></body></html>`;
    const request = new Request(`${ORIGIN}/about?kept=1`, { headers: { "accept-encoding": "gzip, br" } });
    const response = (await pageCache(async () => null)(
      { request, context, params: {}, unstable_pattern: "/about" } as never,
      async () => new Response(html, { headers: { "content-type": "text/html; charset=utf-8" } }),
    )) as Response;
    expect(response.headers.get("x-page-cache")).toBe("miss");
    expect(response.headers.get("content-encoding")).toBe("br");
    expect(response.headers.get("etag")).toMatch(/^W\/"/);
    const body = brotliDecompressSync(Buffer.from(await response.arrayBuffer())).toString("utf8");
    expect(body).toBe(html.replace(' nonce="n0nce"', ""));
    expect(told).toEqual([inlineScriptHashes(body).join(" ")]);
    expect(told[0]).toMatch(/^'sha256-/);
  });
});
