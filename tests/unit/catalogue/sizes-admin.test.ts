// The owner saves a product's sizes through the editor's form (issue #37): rows inserted, edited,
// reordered and removed in the product's transaction, the product row mirroring the default
// size, SKUs unique among live sizes, and a refused form writing nothing.
import { describe, expect, it } from "vitest";
import * as app from "~/db/client.server";
import { productSchema } from "~/lib/product-schema";
import { SIZE_IMAGE_INVALID, SIZE_LABEL_REQUIRED, SIZE_NOT_NEGATIVE, SKU_TAKEN, SKU_TWICE } from "~/lib/size-schema";
import { createProduct, getProductForEdit, updateProduct } from "~/models/catalogue/product-admin.server";
import { submitProductForm } from "~/models/catalogue/product-form.server";
import { sizesForEdit } from "~/models/catalogue/size-admin.server";
import { testDb } from "../../support/db";

const raw = testDb(app);

type Row = Partial<
  Record<"id" | "label" | "labelHi" | "price" | "mrp" | "stock" | "sku" | "image" | "position" | "remove", string>
>;

/** The editor's post: the product's fields and its size rows, as the browser sends them. */
function form(rows: Row[], product: Record<string, string> = {}) {
  const f = new FormData();
  for (const [k, v] of Object.entries({ name: "Sized jar", price: "1", stock: "1", ...product })) f.set(k, v);
  rows.forEach((row, i) => {
    for (const [k, v] of Object.entries(row)) f.set(`sizes[${i}].${k}`, v);
  });
  return f;
}

const figures = async (id: string) => {
  const p = (await getProductForEdit(id))!;
  return { price: p.price, mrp: p.mrp, stock: p.stock };
};
const labels = async (id: string) => (await sizesForEdit(id)).map((s) => s.label);
const blank = (position: string): Row => ({ position, stock: "" });

describe("saving sizes from the product editor", () => {
  it("adds, edits, reorders and removes sizes; the product mirrors the default size throughout", async () => {
    const created = await submitProductForm(
      form([
        {
          label: "100 g tin",
          labelHi: "100 ग्राम टिन",
          price: "249",
          mrp: "299",
          stock: "7",
          sku: "TIN-1",
          position: "1",
        },
        { label: "200 g jar", price: "449", stock: "3", position: "2" },
        blank("3"),
        blank("4"),
      ]),
    );
    expect(created).toHaveProperty("id");
    const id = (created as { id: string }).id;
    let sizes = await sizesForEdit(id);
    expect(sizes).toMatchObject([
      { label: "100 g tin", labelHi: "100 ग्राम टिन", price: 24900, mrp: 29900, stock: 7, sku: "TIN-1" },
      { label: "200 g jar", price: 44900, mrp: null, stock: 3, sku: null },
    ]);
    expect(await figures(id)).toEqual({ price: 24900, mrp: 29900, stock: 7 });

    // Edit the jar and move it first (order 0); a new bowl goes last.
    const [tin, jar] = sizes;
    const edited = await submitProductForm(
      form([
        { id: tin!.id, label: "100 g tin", price: "249", mrp: "299", stock: "7", sku: "TIN-1", position: "2" },
        { id: jar!.id, label: "200 g jar", price: "459", stock: "5", position: "1" },
        { label: "450 g bowl", price: "899", stock: "2", position: "3" },
        blank("4"),
      ]),
      id,
    );
    expect(edited).toEqual({ id });
    expect(await labels(id)).toEqual(["200 g jar", "100 g tin", "450 g bowl"]);
    expect(await figures(id)).toEqual({ price: 45900, mrp: null, stock: 5 });

    // Remove the jar (the default): the tin is the default now.
    sizes = await sizesForEdit(id);
    await submitProductForm(
      form(
        sizes.map((s, i) => ({
          id: s.id,
          label: s.label,
          price: String(s.price / 100),
          mrp: s.mrp ? String(s.mrp / 100) : "",
          stock: String(s.stock),
          position: String(i + 1),
          ...(i === 0 ? { remove: "on" } : {}),
        })),
      ),
      id,
    );
    expect(await labels(id)).toEqual(["100 g tin", "450 g bowl"]);
    expect(await figures(id)).toEqual({ price: 24900, mrp: 29900, stock: 7 });
    // Soft-deleted: the row stays for the order lines that name it.
    expect(await raw.value("select count(*) from product_sizes where product_id = ?", id)).toBe(3);

    // Remove every size: the product is sold as one again, at the figures the form shows.
    sizes = await sizesForEdit(id);
    await submitProductForm(
      form(
        sizes.map((s) => ({ id: s.id, label: s.label, price: "1", remove: "on" })),
        { price: "249", mrp: "299", stock: "7" },
      ),
      id,
    );
    expect(await sizesForEdit(id)).toEqual([]);
    expect(await figures(id)).toEqual({ price: 24900, mrp: 29900, stock: 7 });
  });

  it("a product saved without sizes behaves as before: blank rows are ignored", async () => {
    const r = await submitProductForm(form([blank("1"), blank("2"), blank("3")], { price: "120", stock: "9" }));
    const id = (r as { id: string }).id;
    expect(await sizesForEdit(id)).toEqual([]);
    expect(await figures(id)).toEqual({ price: 12000, mrp: null, stock: 9 });
  });

  it("bad input gets field messages and changes nothing", async () => {
    const r = await submitProductForm(form([{ label: "Tin", price: "100", stock: "4", sku: "KEEP-1" }]));
    const id = (r as { id: string }).id;
    const before = { sizes: await sizesForEdit(id), product: await figures(id) };
    const refusal = async (rows: Row[]) => {
      const res = await submitProductForm(form(rows), id);
      expect(res).toHaveProperty("reply");
      expect(await sizesForEdit(id)).toEqual(before.sizes);
      expect(await figures(id)).toEqual(before.product);
      return (res as { reply: { error?: Record<string, string[] | null> } }).reply.error ?? {};
    };
    const tin = before.sizes[0]!.id;
    expect(await refusal([{ id: tin, label: "Tin", price: "-5", stock: "4" }])).toMatchObject({
      "sizes[0].price": [SIZE_NOT_NEGATIVE],
    });
    expect(await refusal([{ id: tin, label: "x".repeat(10_000), price: "5", stock: "4" }])).toHaveProperty([
      "sizes[0].label",
    ]);
    expect(await refusal([{ id: tin, label: "", price: "5" }])).toMatchObject({
      "sizes[0].label": [SIZE_LABEL_REQUIRED],
    });
    expect(
      await refusal([
        { id: tin, label: "Tin", price: "5", sku: "DUP" },
        { label: "Jar", price: "6", sku: "dup" },
      ]),
    ).toMatchObject({ "sizes[1].sku": [SKU_TWICE] });
    expect(await refusal([{ id: tin, label: "Tin", price: "5", image: "/uploads/not-in-gallery.png" }])).toMatchObject({
      "sizes[0].image": [SIZE_IMAGE_INVALID],
    });

    // A SKU another product's live size has (any case) is refused, inside the transaction.
    const other = await submitProductForm(form([{ label: "Jar", price: "6", sku: "OTHER-9" }]));
    expect(other).toHaveProperty("id");
    expect(
      await refusal([
        { id: tin, label: "Tin", price: "5", stock: "1" },
        { label: "Jar", price: "6", sku: "other-9" },
      ]),
    ).toMatchObject({ "sizes[1].sku": [SKU_TAKEN] });
    // Once that size is removed, its SKU is free again.
    const [otherSize] = await sizesForEdit((other as { id: string }).id);
    await submitProductForm(
      form([{ id: otherSize!.id, label: "Jar", price: "6", remove: "on" }]),
      (other as { id: string }).id,
    );
    expect(await submitProductForm(form([{ id: tin, label: "Tin", price: "5", sku: "OTHER-9" }]), id)).toEqual({ id });
  });

  it("a row naming another product's size (a forged id) is skipped; that size stays as it was", async () => {
    const theirs = (await submitProductForm(form([{ label: "Theirs", price: "10", stock: "1" }]))) as { id: string };
    const [size] = await sizesForEdit(theirs.id);
    const mine = (await submitProductForm(form([{ id: size!.id, label: "Stolen", price: "1", stock: "0" }]))) as {
      id: string;
    };
    expect(await sizesForEdit(mine.id)).toEqual([]);
    expect(await sizesForEdit(theirs.id)).toMatchObject([{ label: "Theirs", price: 1000, stock: 1 }]);
    await submitProductForm(form([{ id: size!.id, label: "Gone", price: "1", remove: "on" }]), mine.id);
    expect(await sizesForEdit(theirs.id)).toHaveLength(1);
  });

  it("a size's picture is one of the product's gallery pictures", async () => {
    const r = await submitProductForm(
      (() => {
        const f = form([{ label: "Tin", price: "5", image: "/uploads/b.png" }]);
        f.append("images", "/uploads/a.png");
        f.append("images", "/uploads/b.png");
        return f;
      })(),
    );
    expect((await sizesForEdit((r as { id: string }).id))[0]!.image).toBe("/uploads/b.png");
  });

  it("the JSON door's price and stock on a sized product go to the default size too", async () => {
    const r = await submitProductForm(
      form([
        { label: "Tin", price: "100", stock: "4", position: "1" },
        { label: "Jar", price: "200", stock: "8", position: "2" },
      ]),
    );
    const id = (r as { id: string }).id;
    expect(await updateProduct(id, productSchema.parse({ name: "Sized jar", price: 150, mrp: 180, stock: 6 }))).toBe(
      true,
    );
    expect(await sizesForEdit(id)).toMatchObject([
      { label: "Tin", price: 15000, mrp: 18000, stock: 6 },
      { label: "Jar", price: 20000, stock: 8 },
    ]);
    expect(await figures(id)).toEqual({ price: 15000, mrp: 18000, stock: 6 });
    // A product without sizes: the API writes the product alone, as before.
    const plain = await createProduct(productSchema.parse({ name: "Plain", price: 5 }));
    await updateProduct(plain, productSchema.parse({ name: "Plain", price: 7, stock: 2 }));
    expect(await figures(plain)).toEqual({ price: 700, mrp: null, stock: 2 });
    expect(await sizesForEdit(plain)).toEqual([]);
  });
});
