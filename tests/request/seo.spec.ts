// tests/e2e/seo.spec.ts's JS-off half, over HTTP (issue #25, issue #51): the sitemap follows the
// admin's product forms at once; product, home and shop pages carry JSON-LD, Open Graph tags and a
// canonical URL, absolute; a search is noindex; robots.txt names the sitemap.
import { ADMIN } from "../playwright.config";
import { expect, labelled, type PlainBrowser, queryOne, test, where } from "./support/fixtures";

type Thing = Record<string, unknown> & { "@type": string };

/** The page's JSON-LD blocks, parsed (a script's text is its HTML as written: no entities in it). */
const jsonLd = (b: PlainBrowser): Thing[] =>
  [...b.current().html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/gs)].map(
    (m) => JSON.parse(m[1]!) as Thing,
  );
const meta = (b: PlainBrowser, key: string) =>
  [...b.all(`meta[property="${key}"]`), ...b.all(`meta[name="${key}"]`)][0]?.attribs.content;
const canonical = (b: PlainBrowser) => b.all('link[rel="canonical"]').map((l) => l.attribs.href);

async function sitemapPaths(b: PlainBrowser): Promise<Map<string, string | undefined>> {
  const res = await b.api("/sitemap.xml");
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toContain("application/xml");
  const xml = await res.text();
  const entries = [...xml.matchAll(/<url><loc>([^<]+)<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?<\/url>/g)];
  return new Map(entries.map((m) => [new URL(m[1]!).pathname, m[2]]));
}

test("a product the admin creates is in the sitemap at once, with structured data; deleted, it leaves", async ({
  plain: b,
  baseURL,
}) => {
  await b.open("/login");
  await b.submit("Login", labelled(b, { Email: ADMIN.email, Password: ADMIN.password }));
  expect(where(b)).toMatch(/\/admin$/);

  const name = `Sitemap Candle ${test.info().project.name} ${Date.now().toString(36)}`;
  await b.open("/admin/products/new");
  await b.submit(
    "Create product",
    labelled(b, {
      Name: name,
      Description: "Smoky oudh, sold out for now.",
      "Price (₹)": "275.50",
      Stock: "0",
      "Image URL": "/images/demo/rose-garden-1.svg",
    }),
  );
  expect(where(b)).toMatch(/\/admin\/products$/);
  const { id } = (await queryOne<{ id: string }>("select id from products where name = ?", name))!;
  const path = `/product/${id}`;

  const listed = await sitemapPaths(b);
  expect(listed.has(path)).toBe(true);
  expect(new Date(listed.get(path)!).getTime()).toBeGreaterThan(Date.now() - 10 * 60_000);
  for (const p of ["/", "/shop", "/about", "/policy/refund"]) expect(listed.has(p), p).toBe(true);

  // Its page: JSON-LD that parses with the price and availability, Open Graph with absolute URLs.
  await b.open(`${path}?image=1`);
  const things = jsonLd(b);
  const product = things.find((t) => t["@type"] === "Product")!;
  expect(product).toMatchObject({
    name,
    url: `${baseURL}${path}`,
    offers: {
      "@type": "Offer",
      price: "275.50",
      priceCurrency: "INR",
      availability: "https://schema.org/OutOfStock",
    },
  });
  expect(product.aggregateRating).toBeUndefined(); // no reviews yet
  expect(things.find((t) => t["@type"] === "BreadcrumbList")).toMatchObject({
    itemListElement: [
      { position: 1, name: "Home", item: `${baseURL}/` },
      { position: 2, name: "Shop", item: `${baseURL}/shop` },
      { position: 3, name, item: `${baseURL}${path}` },
    ],
  });
  expect(canonical(b)).toEqual([`${baseURL}${path}`]);
  expect(meta(b, "og:title")).toBe(name);
  expect(meta(b, "og:url")).toBe(`${baseURL}${path}`);
  expect(meta(b, "product:price:amount")).toBe("275.50");
  expect(meta(b, "product:price:currency")).toBe("INR");
  const image = meta(b, "og:image")!;
  expect(image).toBe(`${baseURL}/images/demo/rose-garden-1.png`);
  expect(meta(b, "twitter:image")).toBe(image);
  const picture = await b.api(image);
  expect(picture.status).toBe(200);
  expect(picture.headers.get("content-type")).toBe("image/png");

  // Deleted through the confirmation page: gone from the sitemap.
  await b.open("/admin/products");
  await b.follow(`Delete ${name}`);
  await b.submit("Delete");
  expect(b.links(`Edit ${name}`)).toHaveLength(0);
  expect((await sitemapPaths(b)).has(path)).toBe(false);
});

test("a reviewed product's JSON-LD rates it from its reviews and offers it in stock", async ({ plain: b, baseURL }) => {
  const row = (await queryOne<{ id: string; price: number; stock: number; rating: number; num_reviews: number }>(
    "select id, price, stock, rating, num_reviews from products where name = ? and deleted_at is null",
    "Kesar Saffron",
  ))!;
  expect(row.num_reviews).toBeGreaterThan(0);
  expect(row.stock).toBeGreaterThan(0);
  await b.open(`/product/${row.id}`);
  const product = jsonLd(b).find((t) => t["@type"] === "Product")!;
  expect(product).toMatchObject({
    offers: { price: (row.price / 100).toFixed(2), availability: "https://schema.org/InStock" },
    aggregateRating: { "@type": "AggregateRating", ratingValue: row.rating, reviewCount: row.num_reviews },
  });
  expect(product.image).toEqual(expect.arrayContaining([`${baseURL}/images/demo/kesar-saffron-1.png`]));
});

test("home and shop carry link previews; the shop's filters and searches point at one canonical URL", async ({
  plain: b,
  baseURL,
}) => {
  await b.open("/");
  const organization = jsonLd(b).find((t) => t["@type"] === "Organization");
  expect(organization).toMatchObject({ name: "RK Candles", url: `${baseURL}/` });
  expect(meta(b, "og:url")).toBe(`${baseURL}/`);
  expect(meta(b, "og:image")).toMatch(new RegExp(`^${baseURL}/`));
  expect(canonical(b)).toEqual([`${baseURL}/`]);

  await b.open("/shop?sort=price-asc&limit=8&page=2");
  expect(canonical(b)).toEqual([`${baseURL}/shop`]);
  expect(b.all('meta[name="robots"]')).toHaveLength(0);
  expect(meta(b, "og:title")).toBe("Shop · RK Candles");

  // Search results (Enter submits the GET form, as its Search button does): noindex, the same canonical.
  await b.submit("Search", labelled(b, { Search: "rose" }));
  expect(where(b)).toMatch(/q=rose/);
  expect(meta(b, "robots")).toBe("noindex, follow");
  expect(canonical(b)).toEqual([`${baseURL}/shop`]);
});

test("robots.txt names the sitemap by its absolute URL", async ({ plain: b, baseURL }) => {
  const res = await b.api("/robots.txt");
  expect(res.status).toBe(200);
  const text = await res.text();
  expect(text).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  expect(text).toContain("Disallow: /admin");
});
