import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import { db, rowsChanged, type Tx, writeTransaction } from "~/db/client.server";
import { productImages, products } from "~/db/schema";
import type { ProductInput } from "~/lib/product-schema";
import { cardColumns, type ProductCard } from "~/models/catalogue/cards.server";
import { newId } from "~/utils/id.server";
import { collectionIdsOf, setProductCollections } from "./collections.server";
import { saveSizes, writeDefaultSize } from "./size-admin.server";
import { mailBackInStock } from "./stock-alerts.server";

async function writeGallery(tx: Tx, productId: string, urls: string[]) {
  await tx.delete(productImages).where(eq(productImages.productId, productId));
  const rows = [...new Set(urls)].map((url, position) => ({ id: newId(), productId, url, position }));
  if (rows.length > 0) await tx.insert(productImages).values(rows);
}

const fields = (input: ProductInput) => ({
  name: input.name,
  description: input.description,
  price: input.price,
  mrp: input.mrp,
  stock: input.stock,
  // Not given: the column's default (3406) on create, the product's own code on update.
  ...(input.hsn === undefined ? {} : { hsn: input.hsn }),
  // Only the admin's form has the Hindi texts: an API edit keeps them.
  ...(input.nameHi === undefined ? {} : { nameHi: input.nameHi }),
  ...(input.descriptionHi === undefined ? {} : { descriptionHi: input.descriptionHi }),
  // Without a main image URL, the first gallery picture is the product's image.
  image: input.image || input.images[0] || "",
});

export async function createProduct(input: ProductInput): Promise<string> {
  const id = newId();
  await writeTransaction(async (tx) => {
    await tx.insert(products).values({ id, ...fields(input) });
    await writeGallery(tx, id, input.images);
    if (input.sizes?.length) await saveSizes(tx, id, input.sizes);
    if (input.collections) await setProductCollections(tx, id, input.collections);
  });
  return id;
}

/** False when there is no such (live) product. */
export function updateProduct(id: string, input: ProductInput): Promise<boolean> {
  return writeTransaction(async (tx) => {
    const done = await tx
      .update(products)
      .set(fields(input))
      .where(and(eq(products.id, id), isNull(products.deletedAt)));
    if (rowsChanged(done) !== 1) return false;
    await writeGallery(tx, id, input.images);
    // The editor posts its sizes; the JSON door has none, and its figures are the default size's.
    if (input.sizes) await saveSizes(tx, id, input.sizes);
    else await writeDefaultSize(tx, id, { price: input.price, mrp: input.mrp, stock: input.stock });
    if (input.collections) await setProductCollections(tx, id, input.collections);
    // Stock back from 0 (the product's or a size's): its waiting addresses are mailed (issue #39).
    await mailBackInStock(tx, id);
    return true;
  });
}

/**
 * Deleted products leave the shop but stay in the table, so past orders and invoices keep
 * their lines (which also carry their own name and price). False when already gone.
 */
export function deleteProduct(id: string): Promise<boolean> {
  return writeTransaction(async (tx) => {
    const done = await tx
      .update(products)
      .set({ deletedAt: new Date() })
      .where(and(eq(products.id, id), isNull(products.deletedAt)));
    return rowsChanged(done) === 1;
  });
}

/** Whether a live product has this id. */
export async function productExists(id: string): Promise<boolean> {
  const found = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, id), isNull(products.deletedAt)))
    .limit(1);
  return found.length > 0;
}

/** The editor's view of a product: its own fields and gallery, money in paise. */
export async function getProductForEdit(id: string) {
  const [product] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, id), isNull(products.deletedAt)))
    .limit(1);
  if (!product) return null;
  const rows = await db
    .select({ url: productImages.url })
    .from(productImages)
    .where(eq(productImages.productId, id))
    .orderBy(productImages.position);
  return { ...product, images: rows.map((r) => r.url), collections: await collectionIdsOf(id) };
}

/**
 * Live products by stock (the Products tab's sortable Stock column, issue #26), fewest first
 * (`asc`) or most first, the id breaking ties; at most `limit`, with how many there are.
 */
export async function productsByStock(order: "asc" | "desc", limit: number) {
  const dir = order === "asc" ? asc : desc;
  const live = isNull(products.deletedAt);
  const [items, [count]] = await Promise.all([
    db.select(cardColumns).from(products).where(live).orderBy(dir(products.stock), dir(products.id)).limit(limit),
    db
      .select({ n: sql<number>`count(*)` })
      .from(products)
      .where(live),
  ]);
  return { items: items satisfies ProductCard[], totalItems: Number(count?.n ?? 0) };
}
