import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { writeTransaction } from "~/db/client.server";
import { products } from "~/db/schema";
import { mulberry32 } from "~/demo/prng.server";
import { parseShopQuery } from "~/lib/shop-query";
import { listProducts } from "~/models/catalogue/products.server";
import { searchPlan, suggestFor } from "~/models/catalogue/search.server";
import { loader as apiProducts } from "~/routes/api.products";
import { loader as shop } from "~/routes/shop";
import { newId } from "~/utils/id.server";
import { RULES } from "~/utils/rate-limit.server";
import { requestInfo } from "~/utils/request-context.server";

// Issue #34, item 1: a query's typo work is bounded whatever the catalogue's vocabulary. Here the
// catalogue's descriptions hold 50,000 made-up words (read back from the database's own index, on
// SQLite and on PostgreSQL), and queries of eight made-up 9-letter words, the longest a query
// keeps, run 20 at once. Their cost in time is measured by tests/bench/typos.ts and
// tests/bench/search-flood.ts; here, what they do.

const random = mulberry32(3434);
const letters = "abcdefghijklmnopqrstuvwxyz";
const made = (length: number) => Array.from({ length }, () => letters[Math.floor(random() * 26)]).join("");
const nonsense = () => Array.from({ length: 8 }, () => made(9)).join(" ");
const search = (q: string) => listProducts(parseShopQuery(new URLSearchParams({ q })));

describe("search at a 50,000-word vocabulary", () => {
  beforeAll(async () => {
    const words = new Set<string>();
    while (words.size < 50_000) words.add(made(4 + Math.floor(random() * 9)));
    const all = [...words];
    const rows = Array.from({ length: 500 }, (_, i) => ({
      id: newId(),
      name: `Wordy ${i}`,
      description: all.slice(i * 100, i * 100 + 100).join(" "),
      price: 300_00,
      stock: 5,
    }));
    rows.push({ id: newId(), name: "Lavender Fields", description: "Soy candle.", price: 450_00, stock: 5 });
    await writeTransaction(async (tx) => {
      for (let i = 0; i < rows.length; i += 100) await tx.insert(products).values(rows.slice(i, i + 100));
    });
  }, 120_000);

  it("a shopper's typo is still corrected, and offered as 'Did you mean'", async () => {
    const found = await search("lavendr");
    expect(found.items.map((p) => p.name)).toEqual(["Lavender Fields"]);
    expect(found.suggestion).toBe("lavender");
    const plan = (await searchPlan("lavendr candel"))!;
    expect(plan.work.cut).toBe(false);
    expect(plan.groups[0]!.typos).toContain("lavender");
  });

  it("eight made-up words: their corrections fit in the work, their suggestion runs out and is skipped", async () => {
    const plan = (await searchPlan(nonsense()))!;
    expect(plan.groups).toHaveLength(8);
    expect(plan.work.cut).toBe(false);
    expect(await suggestFor(plan)).toBeNull();
    expect(plan.work).toEqual({ left: 0, cut: true });
  });

  it("20 concurrent unique queries each answer, find nothing and offer nothing", async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => search(nonsense())));
    for (const r of results) expect(r).toMatchObject({ items: [], totalItems: 0, suggestion: null });
  });
});

describe("the per-address search limit (a backstop)", () => {
  const context = (ip: string) => {
    const c = new RouterContextProvider();
    c.set(requestInfo, { ip, origin: "", nonce: "" });
    return c;
  };
  const args = (url: string, ip: string) => ({ request: new Request(url), params: {}, context: context(ip) }) as never;

  it(`answers 429 past ${RULES.search.limit} searches a minute from one address, at both doors; others go on`, async () => {
    for (let i = 0; i < RULES.search.limit; i++) {
      const res = (await apiProducts(args(`http://shop.test/api/products?q=rose${i}`, "10.9.9.9"))) as Response;
      expect(res.status).toBe(200);
    }
    const refused = (await apiProducts(args("http://shop.test/api/products?q=rose", "10.9.9.9"))) as Response;
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ message: RULES.search.message });
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    const page = await Promise.resolve(shop(args("http://shop.test/shop?q=rose", "10.9.9.9"))).catch((e: unknown) => e);
    expect(page).toMatchObject({ init: { status: 429 }, data: RULES.search.message });
    // Another address, and browsing without a query, are not limited.
    expect(((await apiProducts(args("http://shop.test/api/products?q=rose", "10.9.9.8"))) as Response).status).toBe(
      200,
    );
    expect(((await apiProducts(args("http://shop.test/api/products", "10.9.9.9"))) as Response).status).toBe(200);
  });
});
