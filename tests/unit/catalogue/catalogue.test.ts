import { describe, expect, it } from "vitest";
import { seedDemoCatalogue } from "~/demo/seed.server";
import { env } from "~/env.server";
import { parseShopQuery } from "~/lib/shop-query";
import { createUser } from "~/models/accounts/users.server";
import { toApiProductDetail } from "~/models/catalogue/api.server";
import { getProduct, listProducts, topRated } from "~/models/catalogue/products.server";
import { addReview } from "~/models/catalogue/reviews.server";
import { testDb } from "../../support/db";

const elsewhere = testDb(env.databaseUrl ?? env.databasePath); // connections of its own, as another process

const q = (qs: string) => parseShopQuery(new URLSearchParams(qs));

describe("catalogue model on the demo seed", async () => {
  await seedDemoCatalogue();

  it("seeds at least 24 candles with 1–4 images, MRPs and varied ratings, once", async () => {
    const all = await listProducts(q("limit=60"));
    expect(all.totalItems).toBeGreaterThanOrEqual(24);
    expect(await seedDemoCatalogue()).toBe(false);
    expect(new Set(all.items.map((p) => Math.round(p.rating))).size).toBeGreaterThanOrEqual(3);
    expect(all.items.some((p) => p.mrp !== null && p.mrp > p.price)).toBe(true);
    for (const p of all.items) {
      const detail = (await getProduct(p.id))!;
      expect(detail.images.length).toBeGreaterThanOrEqual(1);
      expect(detail.images.length).toBeLessThanOrEqual(4);
      expect(detail.reviews.length).toBe(p.numReviews);
    }
  });

  it("pages through every product exactly once, in order", async () => {
    const total = (await listProducts(q(""))).totalItems;
    const seen: string[] = [];
    const prices: number[] = [];
    for (let page = 1; ; page++) {
      const r = await listProducts(q(`sort=price&order=asc&limit=5&page=${page}`));
      expect(r.totalItems).toBe(total);
      expect(r.totalPages).toBe(Math.ceil(total / 5));
      if (r.items.length === 0) break;
      seen.push(...r.items.map((p) => p.id));
      prices.push(...r.items.map((p) => p.price));
    }
    expect(new Set(seen).size).toBe(total);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it("a page past the end is empty but still knows the total", async () => {
    const r = await listProducts(q("page=99"));
    expect(r.items).toEqual([]);
    expect(r.totalItems).toBeGreaterThan(0);
  });

  it("huge pages and NUL bytes never reach SQL as they are (issue #11: 500 'datatype mismatch', NUL in FTS)", async () => {
    const total = (await listProducts(q(""))).totalItems;
    for (const page of ["1e20", "1e308", "9223372036854775808", "1e400"]) {
      const r = await listProducts(q(`page=${page}`));
      expect(r.items).toEqual([]);
      expect(r.totalItems).toBe(total);
    }
    // Straight into the model too, as if a caller skipped parseShopQuery.
    expect((await listProducts({ page: 1, limit: 1e20, q: "", sort: "price", order: "asc" })).items).toHaveLength(
      Math.min(200, total),
    );
    expect((await listProducts({ page: 1e20, limit: 12, q: "", sort: "price", order: "asc" })).items).toEqual([]);
    expect((await listProducts({ page: Number.NaN, limit: -0, q: "", sort: "price", order: "asc" })).page).toBe(1);
    expect((await listProducts(q("q=kashmiri%00"))).items.map((p) => p.name)).toEqual(["Kesar Saffron"]);
    expect((await listProducts(q("q=kash%00miri"))).items.map((p) => p.name)).toEqual(["Kesar Saffron"]);
    expect(
      (await listProducts({ page: 1, limit: 12, q: "kesar\u0000", sort: "price", order: "asc" })).items.map(
        (p) => p.name,
      ),
    ).toEqual(["Kesar Saffron"]);
    expect((await listProducts(q("q=%00%00%00"))).totalItems).toBe(total);
  });

  it("searches name and description case-insensitively, with wildcards and SQL taken as words", async () => {
    expect((await listProducts(q("q=LAVENDER"))).items.map((p) => p.name)).toEqual(
      expect.arrayContaining(["Lavender Fields", "Earl Grey Bergamot"]),
    );
    expect((await listProducts(q("q=kashmiri"))).items.map((p) => p.name)).toEqual(["Kesar Saffron"]);
    expect((await listProducts(q("q=%25"))).totalItems).toBe(0);
    expect((await listProducts(q("q=_"))).totalItems).toBe(0);
    // Searched as its words, "1" (a beginning of numbers in the descriptions): SQL does nothing.
    expect((await listProducts(q("q=' OR 1=1 --"))).items).toEqual((await listProducts(q("q=1"))).items);
  });

  it("top rated come first, best first", async () => {
    const top = await topRated(8);
    expect(top).toHaveLength(8);
    const ratings = top.map((p) => p.rating);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
  });

  it("a review recomputes rating and count in the same transaction", async () => {
    const user = await createUser({
      name: "Reviewer One",
      email: "rev@example.com",
      phone: "9876543210",
      password: "secret1",
    });
    const product = (await listProducts(q("sort=rating&order=asc&limit=1"))).items[0]!;
    const before = (await getProduct(product.id))!;
    const sum = before.reviews.reduce((a, r) => a + r.rating, 0);
    expect(await addReview(product.id, user, { rating: 5, comment: "Lovely" })).toBe("created");
    const after = (await getProduct(product.id))!;
    expect(after.numReviews).toBe(before.numReviews + 1);
    expect(after.rating).toBe(Math.round(((sum + 5) / (before.numReviews + 1)) * 10) / 10);
    expect(after.reviews[0]).toMatchObject({ name: "Reviewer One", rating: 5, comment: "Lovely" });
    expect(toApiProductDetail(after).reviews[0]).toMatchObject({ name: "Reviewer One", rating: 5 });
    expect(await addReview("no-such-product", user, { rating: 3, comment: "" })).toBeNull();
  });

  it("soft-deleted products disappear from lists and pages", async () => {
    const victim = (await listProducts(q("limit=1"))).items[0]!;
    // Deleted by another process, past the app's prepared statements and cached totals; any
    // timestamp marks it deleted, and created_at is one in either database's own type.
    await elsewhere.run("update products set deleted_at = created_at where id = ?", victim.id);
    expect(await getProduct(victim.id)).toBeNull();
    expect((await listProducts(q("limit=60"))).items.map((p) => p.id)).not.toContain(victim.id);
  });
});
