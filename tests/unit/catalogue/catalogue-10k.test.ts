import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { writeTransaction } from "~/db/client.server";
import * as app from "~/db/client.server";
import { products } from "~/db/schema";
import { parseShopQuery } from "~/lib/shop-query";
import { toApiProduct } from "~/models/catalogue/api.server";
import { imagesFor, listProducts } from "~/models/catalogue/products.server";
import { newId } from "~/utils/id.server";
import { testDb } from "../../support/db";

const raw = testDb(app); // the app's own connections (tests/support/db.ts)

const N = 10_000;

describe("a catalogue of 10,000 products", () => {
  beforeAll(async () => {
    const all = Array.from({ length: N }, (_, i) => ({
      id: newId(),
      name: `Candle ${i}${i % 97 === 0 ? " Jasmine" : ""}`,
      description: `Scent number ${i}`,
      price: 10_000 + ((i * 37) % 90_000),
      mrp: null,
      stock: i % 50,
      image: `/images/x-${i}.svg`,
      rating: (i % 50) / 10,
      numReviews: i % 13,
      createdAt: new Date((1_700_000_000 + i) * 1000),
    }));
    // In slices: both databases limit the parameters of one statement.
    await writeTransaction(async (tx) => {
      for (let i = 0; i < N; i += 1000) await tx.insert(products).values(all.slice(i, i + 1000));
    });
  });
  const q = (qs: string) => parseShopQuery(new URLSearchParams(qs));

  it("counts and pages correctly, deep pages included", async () => {
    const first = await listProducts(q("limit=12"));
    expect(first.totalItems).toBe(N);
    expect(first.totalPages).toBe(Math.ceil(N / 12));
    const deep = await listProducts(q("sort=price&order=asc&page=50&limit=12"));
    expect(deep.items).toHaveLength(12);
    const prices = deep.items.map((p) => p.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const last = await listProducts(q(`limit=12&page=${first.totalPages}`));
    expect(last.items).toHaveLength(N % 12 || 12);
  });

  it("every page, read from either end, is its slice of one full ordering (ties broken by id)", async () => {
    const full = async (sort: string, order: string) =>
      (
        await raw.all<{ id: string }>(
          `select id from products where deleted_at is null order by ${sort} ${order}, id ${order}`,
        )
      ).map((r) => r.id);
    for (const [sort, column] of [
      ["createdAt", "created_at"],
      ["price", "price"],
      ["rating", "rating"],
    ] as const) {
      for (const order of ["asc", "desc"] as const) {
        const all = await full(column, order);
        const limit = 60;
        const pages = Math.ceil(all.length / limit);
        for (const page of [1, 2, Math.floor(pages / 2), Math.floor(pages / 2) + 1, pages - 1, pages, pages + 1]) {
          const ids = (await listProducts(q(`sort=${sort}&order=${order}&limit=${limit}&page=${page}`))).items.map(
            (p) => p.id,
          );
          expect(ids, `${sort} ${order} page ${page}`).toEqual(all.slice((page - 1) * limit, page * limit));
        }
      }
    }
  });

  it("pages by price do not repeat or skip products with equal prices", async () => {
    const seen = new Set<string>();
    for (let page = 1; page <= 20; page++)
      for (const p of (await listProducts(q(`sort=price&order=asc&limit=60&page=${page}`))).items) seen.add(p.id);
    expect(seen.size).toBe(1200);
  });

  it("search finds exactly the matching products and counts them", async () => {
    const r = await listProducts(q("q=jasmine&limit=60"));
    expect(r.totalItems).toBe(Math.ceil(N / 97));
    expect(r.items.every((p) => /jasmine/i.test(p.name))).toBe(true);
  });

  it("a broad search's pages are its ranking, kept until the catalogue changes (issue #34)", async () => {
    // Every product is a Candle: ranked by rating, then reviews, then id (all match alike).
    const ranked = (
      await raw.all<{ id: string }>(
        "select id from products where deleted_at is null order by rating desc, num_reviews desc, id asc",
      )
    ).map((r) => r.id);
    const page2 = async () => (await listProducts(q("q=candle&limit=12&page=2"))).items;
    expect((await page2()).map((p) => p.id)).toEqual(ranked.slice(12, 24));
    expect((await page2()).map((p) => p.id)).toEqual(ranked.slice(12, 24));
    // A change the page shows (stock, from an order or the owner) is there at the next look.
    const [first] = await page2();
    await writeTransaction((tx) => tx.update(products).set({ stock: 4321 }).where(eq(products.id, first!.id)));
    expect((await page2())[0]).toMatchObject({ id: first!.id, stock: 4321 });
    const last = await listProducts(q("q=candle&limit=12&sort=price&order=asc&page=834"));
    expect(last.items.map((p) => p.price)).toEqual([...last.items.map((p) => p.price)].sort((a, b) => a - b));
    expect(last.items).toHaveLength(N % 12 || 12);
  });

  it("API items have the spec's fields, and the HSN code (issue #22)", async () => {
    const r = await listProducts(q("limit=3"));
    const images = await imagesFor(r.items.map((p) => p.id));
    const api = r.items.map((p) => toApiProduct(p, images.get(p.id) ?? []));
    for (const p of api) {
      expect(Object.keys(p).sort()).toEqual([
        "_id",
        "createdAt",
        "description",
        "hsn",
        "image",
        "images",
        "mrp",
        "name",
        "numReviews",
        "price",
        "rating",
        "stock",
      ]);
      expect(p.images).toEqual([{ url: p.image }]);
    }
  });
});
