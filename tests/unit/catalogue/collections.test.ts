// Collections (issue #37): the model's rules on both databases. Slugs are unique (made from the
// name when not given), the order moves one place at a time, deleting one keeps its products, a
// product's membership is written in its own transaction, and the listing filters by a slug with
// the search, sort and pages.
import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import * as app from "~/db/client.server";
import { demoProducts } from "~/demo/catalogue";
import { demoCollections } from "~/demo/collections";
import { seedDemoCatalogue } from "~/demo/seed.server";
import { collectionSchema, SLUG_INVALID, SLUG_TAKEN, slugify } from "~/lib/collection-schema";
import { productFormSchema } from "~/lib/product-schema";
import { parseShopQuery } from "~/lib/shop-query";
import { submitCollectionForm } from "~/models/catalogue/collection-form.server";
import {
  allCollections,
  collectionIdsOf,
  createCollection,
  deleteCollection,
  moveCollection,
  updateCollection,
} from "~/models/catalogue/collections.server";
import { createProduct, getProductForEdit, updateProduct } from "~/models/catalogue/product-admin.server";
import { listProducts } from "~/models/catalogue/products.server";
import { testDb } from "../../support/db";

const raw = testDb(app);
const q = (qs: string) => parseShopQuery(new URLSearchParams(qs));
const input = (name: string, extra: Partial<Record<string, string>> = {}) => collectionSchema.parse({ name, ...extra });
const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};
const idOf = (r: Awaited<ReturnType<typeof createCollection>>) => {
  if (!("id" in r)) throw new Error(`not saved: ${JSON.stringify(r)}`);
  return r.id;
};

describe("collection slugs", () => {
  it("are made from the name, or checked when given", () => {
    expect(slugify("Festive gifts & Diwali!")).toBe("festive-gifts-diwali");
    expect(slugify("Café Crème")).toBe("cafe-creme");
    expect(slugify("फूलों की ख़ुशबू")).toBe("");
    expect(input("Floral", { slug: " Floral-Two " }).slug).toBe("floral-two");
    const bad = parseWithZod(form({ name: "X", slug: "no spaces" }), { schema: collectionSchema });
    expect(bad.status === "error" && bad.error?.slug).toEqual([SLUG_INVALID]);
    const long = parseWithZod(form({ name: "x".repeat(61) }), { schema: collectionSchema });
    expect(long.status).toBe("error");
  });

  it("are unique: a taken one is a field error, a made one gets a number", async () => {
    const first = idOf(await createCollection(input("Summer Nights")));
    const second = idOf(await createCollection(input("Summer nights")));
    const rows = await allCollections();
    expect(rows.find((c) => c.id === first)?.slug).toBe("summer-nights");
    expect(rows.find((c) => c.id === second)?.slug).toBe("summer-nights-2");
    expect(await createCollection(input("Other", { slug: "summer-nights" }))).toEqual({ slugTaken: true });
    expect(await updateCollection(second, input("Other", { slug: "summer-nights" }))).toEqual({ slugTaken: true });
    // Its own slug is not "taken" by itself.
    expect(await updateCollection(first, input("Summer Nights 2026", { slug: "summer-nights" }))).toEqual({
      id: first,
    });
    const reply = await submitCollectionForm(form({ name: "Another", slug: "summer-nights" }));
    expect("reply" in reply && reply.reply?.error?.slug).toEqual([SLUG_TAKEN]);
    await deleteCollection(first);
    await deleteCollection(second);
  });
});

describe("collections on the demo catalogue", async () => {
  await seedDemoCatalogue();
  const seeded = await allCollections();
  const floral = seeded.find((c) => c.slug === "floral")!;
  const woody = seeded.find((c) => c.slug === "woody")!;

  it("seeds five collections holding every demo candle once or twice", async () => {
    expect((await allCollections()).map((c) => c.slug)).toEqual(demoCollections.map((c) => c.slug));
    const memberships = await raw.all<{ name: string; n: number }>(
      `select p.name, count(*) as n from product_collections pc join products p on p.id = pc.product_id group by p.name`,
    );
    expect(memberships).toHaveLength(demoProducts.length);
    for (const m of memberships) expect(Number(m.n)).toBeGreaterThanOrEqual(1);
    for (const m of memberships) expect(Number(m.n)).toBeLessThanOrEqual(2);
    expect((await allCollections()).every((c) => c.nameHi !== "" && c.image !== "")).toBe(true);
  });

  it("filters the listing by slug, with the search, sort and pages", async () => {
    const all = await listProducts(q("collection=floral&limit=60"));
    const names = demoCollections.find((c) => c.slug === "floral")!.products;
    expect(all.totalItems).toBe(names.length);
    expect(all.items.map((p) => p.name).sort()).toEqual([...names].sort());
    // Sorted by price, two pages of 5: every product once, in order.
    const [p1, p2] = await Promise.all(
      [1, 2].map((n) => listProducts(q(`collection=floral&sort=price-asc&limit=5&page=${n}`))),
    );
    const prices = [...p1!.items, ...p2!.items].map((p) => p.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(new Set([...p1!.items, ...p2!.items].map((p) => p.id)).size).toBe(names.length);
    expect(p1!.totalPages).toBe(2);
    // With a search: only the collection's matches.
    const jasmine = await listProducts(q("collection=floral&q=jasmine"));
    expect(jasmine.items.map((p) => p.name)).toEqual(["Jasmine Night"]);
    expect((await listProducts(q("collection=woody&q=jasmine"))).totalItems).toBe(0);
    // An unknown slug finds nothing, never an error.
    expect(await listProducts(q("collection=no-such-thing"))).toMatchObject({ totalItems: 0, items: [] });
    expect((await listProducts(q("collection=%00%27;drop"))).totalItems).toBe(0);
    // Hindi pages: the products' Hindi names.
    const hi = await listProducts(q("collection=woody&limit=60"), "hi");
    expect(hi.items.some((p) => p.name === "मैसूर चंदन")).toBe(true);
  });

  it("moves one place up or down, and stays put at the ends", async () => {
    const slugs = async () => (await allCollections()).map((c) => c.slug);
    const before = await slugs();
    expect(await moveCollection(woody.id, "up")).toBe(true);
    expect(await slugs()).toEqual([before[1], before[0], ...before.slice(2)]);
    expect(await moveCollection(woody.id, "up")).toBe(true); // already first
    expect(await moveCollection(woody.id, "down")).toBe(true);
    expect(await slugs()).toEqual(before);
    expect(await moveCollection("nope", "down")).toBe(false);
  });

  it("saves a product's collections in its own transaction; the JSON door leaves them", async () => {
    const values = productFormSchema.parse({
      name: "Test Lily",
      price: "100",
      collections: [floral.id, woody.id, "gone"],
    });
    const id = await createProduct(values);
    expect((await collectionIdsOf(id)).sort()).toEqual([floral.id, woody.id].sort());
    expect((await getProductForEdit(id))?.collections.sort()).toEqual([floral.id, woody.id].sort());
    // Unticked: out of woody.
    await updateProduct(id, productFormSchema.parse({ name: "Test Lily", price: "100", collections: floral.id }));
    expect(await collectionIdsOf(id)).toEqual([floral.id]);
    // An API edit (no collections field) keeps them.
    await updateProduct(id, { ...values, collections: undefined });
    expect(await collectionIdsOf(id)).toEqual([floral.id]);
    // A membership that cannot be written undoes the product's edit too: one transaction.
    const guard = raw.dialect === "pg" ? "pc_boom_fn" : "";
    if (raw.dialect === "pg") {
      await raw.run(
        `create function ${guard}() returns trigger as $$ begin raise exception 'boom'; end $$ language plpgsql`,
      );
      await raw.run(
        `create trigger pc_boom before insert on product_collections for each row when (new.collection_id = '${woody.id}') execute function ${guard}()`,
      );
    } else {
      await raw.run(
        `create temp trigger pc_boom before insert on product_collections when new.collection_id = '${woody.id}' begin select raise(abort, 'boom'); end`,
      );
    }
    try {
      await expect(updateProduct(id, { ...values, name: "Renamed", collections: [woody.id] })).rejects.toThrow();
    } finally {
      await raw.run(raw.dialect === "pg" ? `drop trigger pc_boom on product_collections` : `drop trigger pc_boom`);
      if (guard) await raw.run(`drop function ${guard}()`);
    }
    expect((await getProductForEdit(id))?.name).toBe("Test Lily");
    expect(await collectionIdsOf(id)).toEqual([floral.id]);
  });

  it("deletes a collection, keeping its products", async () => {
    const made = idOf(await createCollection(input("Short lived")));
    const product = await createProduct(productFormSchema.parse({ name: "Stays", price: "10", collections: made }));
    expect(await collectionIdsOf(product)).toEqual([made]);
    expect(await deleteCollection(made)).toBe(true);
    expect(await deleteCollection(made)).toBe(false);
    expect(await collectionIdsOf(product)).toEqual([]);
    expect(await getProductForEdit(product)).not.toBeNull();
  });
});
