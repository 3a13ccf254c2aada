import { RouterContextProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { catalogueVersion } from "~/db/client.server";
import { env } from "~/env.server";
import { productSchema } from "~/lib/product-schema";
import { createProduct, deleteProduct } from "~/models/catalogue/product-admin.server";
import { loader as robots } from "~/routes/robots.txt";
import { loader as sitemap } from "~/routes/sitemap.xml";
import { testDb } from "../../support/db";

// Issue #25: /sitemap.xml lists the public pages and every live product with when its row last
// changed (products.updated_at, stamped by a trigger whichever connection writes), on SQLite and
// on PostgreSQL. Without PUBLIC_URL (as here) URLs take the request's origin.

const elsewhere = testDb(env.databaseUrl ?? env.databasePath); // another process's connections

const get = async (url: string) => {
  const res = await sitemap({
    request: new Request(url),
    params: {},
    context: new RouterContextProvider(),
  } as unknown as Parameters<typeof sitemap>[0]);
  return { status: res.status, type: res.headers.get("Content-Type"), xml: await res.text() };
};
const lastmodOf = (xml: string, loc: string) =>
  new RegExp(`<url><loc>${loc.replace(/[.?]/g, "\\$&")}</loc><lastmod>([^<]+)</lastmod></url>`).exec(xml)?.[1];

describe("sitemap", () => {
  it("lists the pages and live products with lastmod; an update stamps the row; a deleted one leaves", async () => {
    const id = await createProduct(productSchema.parse({ name: "Map Candle", price: "300", stock: "2" }));
    const loc = `https://shop.test/product/${id}`;
    let r = await get("https://shop.test/sitemap.xml");
    expect(r.status).toBe(200);
    expect(r.type).toBe("application/xml; charset=utf-8");
    expect(r.xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    for (const page of ["/", "/shop", "/about", "/policy/terms", "/policy/privacy", "/policy/refund"])
      expect(r.xml).toContain(`<url><loc>https://shop.test${page}</loc><lastmod>`);
    const created = await elsewhere.get<{ created_at: number; updated_at: number | null }>(
      "select created_at, updated_at from products where id = ?",
      id,
    );
    expect(created!.updated_at).toBeNull();
    // testDb gives whole unix seconds; PostgreSQL keeps milliseconds.
    expect(Math.abs(Date.parse(lastmodOf(r.xml, loc)!) - created!.created_at * 1000)).toBeLessThan(1000);

    // Changed by another process, long after: the trigger stamps it, the sitemap says so once this
    // process hears of the change (at once on SQLite; by NOTIFY on PostgreSQL): it is kept until then.
    const before = catalogueVersion();
    await elsewhere.run("update products set created_at = ? where id = ?", new Date("2026-01-02T03:04:05Z"), id);
    await elsewhere.run("update products set stock = 0 where id = ?", id);
    await vi.waitFor(() => expect(catalogueVersion()).not.toBe(before), { timeout: 30_000 });
    const updated = await elsewhere.get<{ updated_at: number }>("select updated_at from products where id = ?", id);
    expect(updated!.updated_at * 1000).toBeGreaterThan(Date.now() - 60_000);
    r = await get("https://shop.test/sitemap.xml");
    expect(Math.abs(Date.parse(lastmodOf(r.xml, loc)!) - updated!.updated_at * 1000)).toBeLessThan(1000);
    // The home and shop pages change with the catalogue.
    expect(lastmodOf(r.xml, "https://shop.test/shop")).toBe(
      new Date(updated!.updated_at * 1000).toISOString().slice(0, 10),
    );

    expect(await deleteProduct(id)).toBe(true);
    expect((await get("https://shop.test/sitemap.xml")).xml).not.toContain(loc);
    expect((await get("https://shop.test/sitemap.xml?part=2")).status).toBe(404);
  });

  it("robots.txt names the sitemap at the request's origin", async () => {
    const res = robots({
      request: new Request("https://shop.test/robots.txt"),
      params: {},
      context: new RouterContextProvider(),
    } as unknown as Parameters<typeof robots>[0]);
    expect(await res.text()).toContain("Sitemap: https://shop.test/sitemap.xml\n");
  });
});
