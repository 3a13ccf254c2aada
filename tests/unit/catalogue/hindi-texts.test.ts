// Issue #36 item 3: a product's Hindi name and description, set in the admin's form, shown on
// Hindi pages (the English ones when empty), found by a Hindi page's search; English pages, the
// JSON door and English search as before. Runs on SQLite and PostgreSQL (vite.config.ts projects).
import { describe, expect, it } from "vitest";
import * as app from "~/db/client.server";
import { demoProducts } from "~/demo/catalogue";
import { demoHindi } from "~/demo/catalogue-hi";
import { seedDemoCatalogue } from "~/demo/seed.server";
import { productSchema } from "~/lib/product-schema";
import { parseShopQuery } from "~/lib/shop-query";
import { cartLines } from "~/models/cart/cart.server";
import { toApiProductDetail } from "~/models/catalogue/api.server";
import { deleteProduct, getProductForEdit, updateProduct } from "~/models/catalogue/product-admin.server";
import { submitProductForm } from "~/models/catalogue/product-form.server";
import { getProduct, listProducts, topRated } from "~/models/catalogue/products.server";
import { currentVocabulary } from "~/models/catalogue/search.server";
import { testDb } from "../../support/db";

const raw = testDb(app);

const form = (fields: Record<string, string>) => {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  return fd;
};

const search = async (q: string, language: "en" | "hi") => {
  const r = await listProducts(parseShopQuery(new URLSearchParams({ q, limit: "60" })), language);
  return { names: r.items.map((p) => p.name), suggestion: r.suggestion };
};

describe("Hindi catalogue texts", async () => {
  await seedDemoCatalogue();
  const saved = await submitProductForm(
    form({
      name: "Tulsi Calm",
      description: "Holy basil and lemon.",
      price: "450",
      stock: "7",
      nameHi: "  तुलसी सुकून  ",
      descriptionHi: " पवित्र तुलसी और नींबू। ",
    }),
  );
  if (!("id" in saved) || !saved.id) throw new Error(`not saved: ${JSON.stringify(saved)}`);
  const id = saved.id;

  it("the admin's form saves them trimmed and gives them back to the editor", async () => {
    expect(await getProductForEdit(id)).toMatchObject({
      name: "Tulsi Calm",
      nameHi: "तुलसी सुकून",
      descriptionHi: "पवित्र तुलसी और नींबू।",
    });
  });

  it("refuses a Hindi name over 120 characters with the English name's message, and writes nothing", async () => {
    const before = await raw.value<number>("SELECT count(*) FROM products");
    const refused = await submitProductForm(form({ name: "Long", price: "5", nameHi: "क".repeat(121) }));
    expect(refused).toMatchObject({ reply: { error: { nameHi: ["At most 120 characters"] } } });
    const edit = await submitProductForm(form({ name: "Tulsi Calm", price: "450", nameHi: "क".repeat(121) }), id);
    expect(edit).toMatchObject({ reply: { error: { nameHi: ["At most 120 characters"] } } });
    expect(await raw.value<number>("SELECT count(*) FROM products")).toBe(before);
    expect(await raw.value("SELECT name_hi FROM products WHERE id = ?", id)).toBe("तुलसी सुकून");
  });

  it("Hindi pages show them; English pages and the JSON door do not, and keep their shape", async () => {
    const hi = (await getProduct(id, "hi"))!;
    const en = (await getProduct(id, "en"))!;
    expect([hi.name, hi.description]).toEqual(["तुलसी सुकून", "पवित्र तुलसी और नींबू।"]);
    expect([en.name, en.description]).toEqual(["Tulsi Calm", "Holy basil and lemon."]);
    expect(Object.keys(hi)).toEqual(Object.keys(en));
    expect(Object.keys(en)).not.toContain("nameHi");
    expect(toApiProductDetail(en)).toMatchObject({ name: "Tulsi Calm", description: "Holy basil and lemon." });
    expect(Object.keys(toApiProductDetail(en))).not.toContain("nameHi");

    const shop = await listProducts(parseShopQuery(new URLSearchParams({ limit: "60" })), "hi");
    expect(shop.items.find((p) => p.id === id)?.name).toBe("तुलसी सुकून");
    const best = await topRated(60, "hi");
    expect(best.map((p) => p.name)).toContain("लैवेंडर के खेत");
    expect(await cartLines([{ id, qty: 2 }], "hi")).toMatchObject([{ id, name: "तुलसी सुकून", qty: 2 }]);
    expect(await cartLines([{ id, qty: 2 }])).toMatchObject([{ id, name: "Tulsi Calm" }]);
  });

  it("an empty Hindi text falls back to the English one", async () => {
    const edited = await submitProductForm(
      form({ name: "Tulsi Calm", description: "Holy basil and lemon.", price: "450", nameHi: "", descriptionHi: " " }),
      id,
    );
    expect(edited).toEqual({ id });
    const hi = (await getProduct(id, "hi"))!;
    expect([hi.name, hi.description]).toEqual(["Tulsi Calm", "Holy basil and lemon."]);
    expect(await cartLines([{ id, qty: 1 }], "hi")).toMatchObject([{ name: "Tulsi Calm" }]);
  });

  it("an edit through the JSON door leaves the Hindi texts as they are", async () => {
    await submitProductForm(form({ name: "Tulsi Calm", price: "450", nameHi: "तुलसी सुकून" }), id);
    expect(await updateProduct(id, productSchema.parse({ name: "Tulsi Calm II", price: 460 }))).toBe(true);
    expect(await getProductForEdit(id)).toMatchObject({ name: "Tulsi Calm II", nameHi: "तुलसी सुकून" });
  });

  it("a Hindi page's search finds products by their Hindi words; an English page's does not", async () => {
    expect((await search("लैवेंडर", "hi")).names).toEqual(["लैवेंडर के खेत", "अर्ल ग्रे बर्गमॉट"]);
    expect((await search("लैवेंडर", "en")).names).toEqual([]);
    // A Hindi name set in the admin is found at once, and leaves with the product.
    expect((await search("सुकून", "hi")).names).toEqual(["तुलसी सुकून"]);
    // Its English name is still found, and "tulsi" means basil (Marigold's description) as ever.
    expect((await search("tulsi", "hi")).names).toEqual(["तुलसी सुकून", "गेंदा"]);
    await submitProductForm(form({ name: "Tulsi Calm II", price: "460", nameHi: "तुलसी शांति" }), id);
    expect((await search("सुकून", "hi")).names).toEqual([]);
    expect((await search("शांति", "hi")).names).toEqual(["तुलसी शांति"]);
    // A typo in a Hindi word is forgiven from the Hindi words, and offered as the suggestion.
    expect(await search("बर्गमोट", "hi")).toEqual({ names: ["अर्ल ग्रे बर्गमॉट"], suggestion: "बर्गमॉट" });
    expect(await search("बर्गमोट", "en")).toEqual({ names: [], suggestion: null });
    // Both databases keep a Hindi word whole, its virama (्) too, and cut at its danda (।).
    const hindiWords = (await currentVocabulary("hi")).terms.filter((t) => /[\u0900-\u097F]/.test(t));
    expect(hindiWords).toEqual(expect.arrayContaining(["बर्गमॉट", "मिट्टी", "नींबू", "घंटे", "ख़ुशबू"]));
    expect(hindiWords.filter((t) => ["बर", "गमॉट", "मिट", "टी"].includes(t) || /[।॥॰]/.test(t))).toEqual([]);
    await deleteProduct(id);
    expect((await search("शांति", "hi")).names).toEqual([]);
  });

  it("English pages' results are the same words as before: an English query on a Hindi page finds the same products", async () => {
    const en = await listProducts(parseShopQuery(new URLSearchParams({ q: "rose", limit: "60" })), "en");
    const hi = await listProducts(parseShopQuery(new URLSearchParams({ q: "rose", limit: "60" })), "hi");
    expect(en.items.map((p) => p.name)).toEqual(["Rose Garden", "Kesar Saffron"]);
    expect(hi.items.map((p) => p.id)).toEqual(en.items.map((p) => p.id));
  });

  it("the demo catalogue has a Hindi name and description in Devanagari for every candle", async () => {
    expect(demoProducts.filter((p) => !demoHindi[p.name])).toEqual([]);
    const rows = await raw.all<{ name_hi: string; description_hi: string }>(
      "SELECT name_hi, description_hi FROM products WHERE id <> ?",
      id,
    );
    expect(rows).toHaveLength(demoProducts.length);
    for (const r of rows) {
      expect(r.name_hi).toMatch(/^[\u0900-\u097F][\u0900-\u097F &]*$/);
      expect(r.description_hi).toMatch(/^हाथ से ढाली गई सोया वैक्स कैंडल। ख़ुशबू: [^a-z]+$/);
    }
    expect(new Set(rows.map((r) => r.name_hi)).size).toBe(rows.length);
  });
});
