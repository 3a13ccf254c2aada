import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { markPersonal, pageCache, viewerRead } from "~/utils/page-cache.server";
import { requestInfo } from "~/utils/request-context.server";

// Issue #50: what shared caches are told. A page whose loaders put one person's data on it (a
// customer's review in the form, their e-mail in the sold-out form: markPersonal) goes out
// `private, no-store`, kept by no browser or proxy; a public page, kept per kind of viewer, says
// that it varies by the cookies.
const ORIGIN = "http://shop.test";

async function render(path: string, personal: boolean) {
  const context = new RouterContextProvider();
  context.set(requestInfo, { ip: "127.0.0.1", origin: ORIGIN, nonce: "n0nce" });
  context.set(viewerRead, { viewer: { key: "c0", secrets: [] }, answerKept: () => {} });
  const request = new Request(`${ORIGIN}${path}`, { headers: { cookie: "__session=s%3Aabc.def" } });
  const response = await pageCache(async () => null)(
    { request, context, params: {}, unstable_pattern: path } as never,
    async () => {
      if (personal) markPersonal(context);
      return new Response("<!DOCTYPE html><html><body><h1>Candle</h1></body></html>", {
        headers: { "content-type": "text/html; charset=utf-8", vary: "Accept-Encoding" },
      });
    },
  );
  return response as Response;
}

describe("cache headers of rendered pages", () => {
  it("a page marked personal is private, no-store, and not kept", async () => {
    const res = await render("/product/p1?personal=1", true);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.headers.get("x-page-cache")).toBeNull();
    // A request for the same page by the same kind of viewer renders again.
    expect((await render("/product/p1?personal=1", false)).headers.get("x-page-cache")).toBe("miss");
  });

  it("its data request is private, no-store too", async () => {
    const res = await render("/product/p1.data", true);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
  });

  it("a public page kept per kind of viewer varies by Cookie, beside what it varied by", async () => {
    const res = await render("/product/p2", false);
    expect(res.headers.get("x-page-cache")).toBe("miss");
    expect(res.headers.get("cache-control")).toBeNull();
    expect(res.headers.get("vary")).toMatch(/^Accept-Encoding, Cookie$/i);
  });
});
