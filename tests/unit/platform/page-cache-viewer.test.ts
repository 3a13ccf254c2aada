import { RouterContextProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { pageCache, type Viewer, viewerRead } from "~/utils/page-cache.server";
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
  if (read !== undefined) context.set(viewerRead, { viewer: read });
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
