import type { Page } from "@playwright/test";
import { ADMIN } from "../playwright.config";
import { expect, queryOne, test } from "./support/fixtures";

test.skip(
  ({ javaScriptEnabled }) => javaScriptEnabled === false,
  "JS off: tests/request/seo.spec.ts drives the same forms over HTTP",
);

// Issue #25: a catalogue that search engines and chat apps can read: the sitemap follows the
// admin's changes at once; product pages carry JSON-LD and Open Graph tags with absolute URLs.

type Thing = Record<string, unknown> & { "@type": string };

async function jsonLd(page: Page): Promise<Thing[]> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return texts.map((t) => JSON.parse(t) as Thing);
}
const meta = (page: Page, key: string) =>
  page.locator(`meta[property="${key}"], meta[name="${key}"]`).getAttribute("content");

async function sitemapPaths(page: Page): Promise<Map<string, string | undefined>> {
  const res = await page.request.get("/sitemap.xml");
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toContain("application/xml");
  const xml = await res.text();
  const entries = [...xml.matchAll(/<url><loc>([^<]+)<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?<\/url>/g)];
  return new Map(entries.map((m) => [new URL(m[1]!).pathname, m[2]]));
}

test("a product the admin creates is in the sitemap at once, with structured data; deleted, it leaves", async ({
  page,
  goto,
  baseURL,
  jsEnabled,
}) => {
  await goto("/login");
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/admin$/);

  const name = `Sitemap Candle ${test.info().project.name} ${Date.now().toString(36)}`;
  await goto("/admin/products/new");
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Description", { exact: true }).fill("Smoky oudh, sold out for now.");
  await page.getByLabel("Price (₹)", { exact: true }).fill("275.50");
  await page.getByLabel("Stock", { exact: true }).fill("0");
  await page.getByLabel("Image URL").fill("/images/demo/rose-garden-1.svg");
  await page.getByRole("button", { name: "Create product" }).click();
  await expect(page).toHaveURL(/\/admin\/products$/);
  const { id } = (await queryOne<{ id: string }>("select id from products where name = ?", name))!;
  const path = `/product/${id}`;

  const listed = await sitemapPaths(page);
  expect(listed.has(path)).toBe(true);
  expect(new Date(listed.get(path)!).getTime()).toBeGreaterThan(Date.now() - 10 * 60_000);
  for (const p of ["/", "/shop", "/about", "/policy/refund"]) expect(listed.has(p), p).toBe(true);

  // Its page: JSON-LD that parses with the price and availability, Open Graph with absolute URLs.
  await goto(`${path}?image=1`);
  const things = await jsonLd(page);
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
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}${path}`);
  expect(await meta(page, "og:title")).toBe(name);
  expect(await meta(page, "og:url")).toBe(`${baseURL}${path}`);
  expect(await meta(page, "product:price:amount")).toBe("275.50");
  expect(await meta(page, "product:price:currency")).toBe("INR");
  const image = (await meta(page, "og:image"))!;
  expect(image).toBe(`${baseURL}/images/demo/rose-garden-1.png`);
  expect(await meta(page, "twitter:image")).toBe(image);
  const picture = await page.request.get(image);
  expect(picture.status()).toBe(200);
  expect(picture.headers()["content-type"]).toBe("image/png");

  // Deleted (through the confirmation without JS, confirm() with it): gone from the sitemap.
  await goto("/admin/products");
  const del = page.getByRole("link", { name: `Delete ${name}` });
  if (jsEnabled) {
    page.once("dialog", (d) => void d.accept());
    await del.click();
  } else {
    await del.click();
    await page.getByRole("button", { name: "Delete" }).click();
  }
  await expect(page.getByRole("link", { name: `Edit ${name}` })).toHaveCount(0);
  expect((await sitemapPaths(page)).has(path)).toBe(false);
});

test("a reviewed product's JSON-LD rates it from its reviews and offers it in stock", async ({
  page,
  goto,
  baseURL,
}) => {
  const row = (await queryOne<{ id: string; price: number; stock: number; rating: number; num_reviews: number }>(
    "select id, price, stock, rating, num_reviews from products where name = ? and deleted_at is null",
    "Kesar Saffron",
  ))!;
  expect(row.num_reviews).toBeGreaterThan(0);
  expect(row.stock).toBeGreaterThan(0);
  await goto(`/product/${row.id}`);
  const product = (await jsonLd(page)).find((t) => t["@type"] === "Product")!;
  expect(product).toMatchObject({
    offers: { price: (row.price / 100).toFixed(2), availability: "https://schema.org/InStock" },
    aggregateRating: { "@type": "AggregateRating", ratingValue: row.rating, reviewCount: row.num_reviews },
  });
  expect(product.image).toEqual(expect.arrayContaining([`${baseURL}/images/demo/kesar-saffron-1.png`]));
});

test("home and shop carry link previews; the shop's filters and searches point at one canonical URL", async ({
  page,
  goto,
  baseURL,
}) => {
  await goto("/");
  const organization = (await jsonLd(page)).find((t) => t["@type"] === "Organization");
  expect(organization).toMatchObject({ name: "RK Candles", url: `${baseURL}/` });
  expect(await meta(page, "og:url")).toBe(`${baseURL}/`);
  expect(await meta(page, "og:image")).toMatch(new RegExp(`^${baseURL}/`));
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/`);

  await goto("/shop?sort=price-asc&limit=8&page=2");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/shop`);
  await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
  expect(await meta(page, "og:title")).toBe("Shop · RK Candles");

  // Search results: noindex; the canonical follows a search made in the page (JS: no reload).
  await page.getByLabel("Search").fill("rose");
  await page.getByLabel("Search").press("Enter");
  await expect(page).toHaveURL(/q=rose/);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, follow");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/shop`);
});

test("robots.txt names the sitemap by its absolute URL", async ({ page, baseURL }) => {
  const res = await page.request.get("/robots.txt");
  expect(res.status()).toBe(200);
  const text = await res.text();
  expect(text).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  expect(text).toContain("Disallow: /admin");
});
