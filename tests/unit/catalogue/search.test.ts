import { describe, expect, it, vi } from "vitest";
import * as app from "~/db/client.server";
import { seedDemoCatalogue } from "~/demo/seed.server";
import { env } from "~/env.server";
import { productSchema } from "~/lib/product-schema";
import { parseShopQuery } from "~/lib/shop-query";
import { createProduct, deleteProduct, updateProduct } from "~/models/catalogue/product-admin.server";
import { listProducts } from "~/models/catalogue/products.server";
import { testDb } from "../../support/db";

// Issue #25: search by words, forgiving typos, on the demo catalogue plus a few products made
// here. Every expectation is a literal list, and this file runs on SQLite and on PostgreSQL
// (vite.config.ts projects), so both databases give these very answers.

const elsewhere = testDb(env.databaseUrl ?? env.databasePath); // another process's connections
const mine = testDb(app);

const search = async (q: string, more = "") => {
  const r = await listProducts(parseShopQuery(new URLSearchParams(`${more}&limit=60&q=${encodeURIComponent(q)}`)));
  return { names: r.items.map((p) => p.name), total: r.totalItems, suggestion: r.suggestion };
};
const names = async (q: string, more = "") => (await search(q, more)).names;

const product = (name: string, description: string, price = "500") =>
  createProduct(productSchema.parse({ name, description, price, stock: "5" }));

describe("search", async () => {
  await seedDemoCatalogue();
  // Ranking: the words as typed in the name, then every word in the name, then the description;
  // a typo match ("zinnla") after all of them, although its name reads like the query.
  await product("Zinnla Glow", "A candle with a typo in its name.");
  await product("Evening Calm", "Zinnia glow in a soy candle.");
  await product("Glow of the Zinnia", "Soy candle.");
  await product("Zinnia Glow", "Soy candle.");

  it("finds the searches of the issue", async () => {
    expect(await names("lavender")).toContain("Lavender Fields");
    expect(await names("Lavendar")).toContain("Lavender Fields");
    expect(await names("vanila")).toContain("Vanilla Bean");
    expect(await names("sandlewood")).toEqual(["Mysore Sandalwood"]);
    // Every word, in any order, across name and description.
    expect(await names("jasmine candle")).toEqual(["Jasmine Night"]);
    expect(await names("candle jasmine")).toEqual(["Jasmine Night"]);
    expect(await names("night soy jasmine")).toEqual(["Jasmine Night"]);
  });

  it("matches words by their beginning", async () => {
    expect(await names("lav")).toEqual(["Lavender Fields", "Earl Grey Bergamot"]);
    expect(await names("sandal")).toEqual(["Mysore Sandalwood", "Champa Frangipani"]);
    expect(await names("LAV fie")).toEqual(["Lavender Fields"]);
    // A word's beginning, not any part of it.
    expect(await names("vend")).toEqual([]);
  });

  it("forgives one typo from 5 letters and two from 9, never in shorter words", async () => {
    expect(await names("lavendr")).toContain("Lavender Fields"); // a letter missing
    expect(await names("lavendre")).toContain("Lavender Fields"); // two letters swapped
    expect(await names("sandalwod")).toEqual(["Mysore Sandalwood"]);
    expect(await names("eucaliptus")).toEqual(["Eucalyptus Mint"]); // 10 letters, 2 typos
    expect(await names("lovandar")).toEqual([]); // 8 letters, 2 typos
    expect(await names("rsoe")).toEqual([]); // 4 letters
    expect(await names("mnit")).toEqual([]);
  });

  it("ranks: exact before typos; the words as typed in the name, all in the name, then the description", async () => {
    expect(await names("zinnia glow")).toEqual(["Zinnia Glow", "Glow of the Zinnia", "Evening Calm", "Zinnla Glow"]);
    expect(await names("rose")).toEqual(["Rose Garden", "Kesar Saffron"]);
    // The other sorts still work with a query, and paging keeps them.
    const byPrice = await search("candle", "sort=price-asc");
    const pages = [];
    for (let page = 1; page <= 4; page++)
      pages.push(...(await names("candle", `sort=price-asc&limit=10&page=${page}`)));
    expect(pages).toEqual(byPrice.names.slice(0, 40));
    expect(byPrice.total).toBe(32);
    const relevance = await names("zinnia glow", "limit=2&page=2");
    expect(relevance).toEqual(["Evening Calm", "Zinnla Glow"]);
  });

  it("suggests the closest catalogue word when nothing matches exactly", async () => {
    expect(await search("Lavendar")).toMatchObject({ suggestion: "lavender" });
    expect(await search("sandlewood")).toMatchObject({ suggestion: "sandalwood" });
    expect(await search("lovandar")).toEqual({ names: [], total: 0, suggestion: "lavender" });
    expect(await search("rsoe")).toEqual({ names: [], total: 0, suggestion: "rose" });
    // A word that is fine stays; one with nothing near is left out.
    expect(await search("jasmine qqqqqqq")).toEqual({ names: [], total: 0, suggestion: "jasmine" });
    expect(await search("lavender")).toMatchObject({ suggestion: null });
    expect(await search("xyzzy")).toEqual({ names: [], total: 0, suggestion: null });
    // Nothing is suggested that would find nothing either.
    expect(await search("lavender rose")).toEqual({ names: [], total: 0, suggestion: null });
  });

  it("finds scents by their everyday Indian names, in Latin letters and in Devanagari", async () => {
    const cases: [string, string][] = [
      ["chandan", "Mysore Sandalwood"],
      ["चंदन", "Mysore Sandalwood"],
      ["gulab", "Rose Garden"],
      ["गुलाब", "Rose Garden"],
      ["mogra", "Jasmine Night"],
      ["मोगरा", "Mogra Bloom"],
      ["मोगरा", "Jasmine Night"],
      ["chameli", "Jasmine Night"],
      ["nimbu", "Lemongrass Zest"],
      ["elaichi", "Pine & Cardamom"],
      ["kesar", "Kesar Saffron"],
      ["केसर", "Kesar Saffron"],
    ];
    for (const [q, name] of cases) expect(await names(q), q).toContain(name);
    expect(await names("chandan candle")).toEqual(["Mysore Sandalwood"]);
  });

  it("gives these answers, in this order, on either database", async () => {
    const expected: Record<string, string[]> = {
      lavender: ["Lavender Fields", "Earl Grey Bergamot"],
      Lavendar: ["Lavender Fields", "Earl Grey Bergamot"],
      vanila: ["Vanilla Bean", "Coconut Cream"],
      "sandal wood": [],
      mogra: ["Mogra Bloom", "Jasmine Night"],
      गुलाब: ["Rose Garden", "Kesar Saffron"],
      "चंदन candle": ["Mysore Sandalwood"],
      "hand-poured lavender": ["Lavender Fields", "Earl Grey Bergamot"],
      "mysore sandalwood": ["Mysore Sandalwood"],
    };
    for (const [q, list] of Object.entries(expected)) expect(await names(q), q).toEqual(list);
  });

  it("answers bad input normally, never an error", async () => {
    const odd = [
      "x".repeat(1000),
      "lavender ".repeat(120),
      "!!! ??? ... ---",
      "the and of",
      '"lavender',
      "lav*",
      "lavender NEAR rose",
      "NEAR(lavender rose)",
      "lavender OR rose",
      "name:lavender",
      "description : candle",
      "' OR 1=1 --",
      "'; DROP TABLE products; --",
      "lavender चंदन",
      "lavenderचंदन",
      "Ωmega ñandú 🕯️ 蜡烛",
      "a & b | !c <-> d:*",
      "\\",
      "^lavender",
      "{name}: lav",
      // Object's own keys: a plain object of synonyms once answered "constructor" with a 500.
      "constructor",
      "__proto__ toString",
      "hasOwnProperty valueOf",
    ];
    for (const q of odd) {
      const r = await search(q);
      expect(r.names.length, q).toBe(Math.min(r.total, 60));
    }
    // Syntax is read as words: FTS and tsquery operators do nothing.
    expect(await names('"lavender')).toEqual(["Lavender Fields", "Earl Grey Bergamot"]);
    expect(await names("lav*")).toEqual(["Lavender Fields", "Earl Grey Bergamot"]);
    expect(await names("^lavender")).toEqual(["Lavender Fields", "Earl Grey Bergamot"]);
    expect(await names("!!! ??? ...")).toEqual([]);
    // Only stop words: searched as words, since nothing else is there.
    expect((await search("the and of")).total).toBe(0);
    expect(await names("lavender OR fields")).toEqual(["Lavender Fields"]);
    expect(await names("lavender चंदन")).toEqual([]);
    expect(await search("constructor")).toEqual({ names: [], total: 0, suggestion: null });
  });

  it("follows every product change at once, from this process or another", async () => {
    const id = await product("Oudh Reverie", "Smoky agarwood in a soy candle.");
    expect(await names("agarwood")).toEqual(["Oudh Reverie"]);
    expect(await names("agarwod")).toEqual(["Oudh Reverie"]); // the vocabulary has the new word
    await updateProduct(id, productSchema.parse({ name: "Oudh Reverie", description: "Smoky tonka.", price: "500" }));
    expect(await names("agarwood")).toEqual([]);
    expect(await names("tonka")).toEqual(["Oudh Reverie"]);
    // Renamed by another process: found by the new word at once, and by a typo of it as soon as
    // this process knows the catalogue moved. SQLite reads the version on every call; PostgreSQL
    // hears it by NOTIFY when the writer commits (a poll every 500 ms should one be missed), so on a
    // busy machine the next query can come first: wait for it (as sitemap.test.ts does).
    const before = app.catalogueVersion();
    await elsewhere.run("update products set name = ? where id = ?", "Oudh Nocturne", id);
    await vi.waitFor(() => expect(app.catalogueVersion()).toBeGreaterThan(before), { timeout: 30_000 });
    expect(await names("nocturne")).toEqual(["Oudh Nocturne"]);
    expect(await names("nocturen")).toEqual(["Oudh Nocturne"]);
    expect(await names("reverie")).toEqual([]);
    expect(await deleteProduct(id)).toBe(true);
    expect(await search("nocturne")).toEqual({ names: [], total: 0, suggestion: null });
    // A deleted product's words leave the vocabulary: no suggestion points at it.
    expect(await search("nocturen")).toEqual({ names: [], total: 0, suggestion: null });
    expect(await mine.value("select count(*) from products where id = ? and deleted_at is not null", id)).toBe(1);
  });
});
