import { and, eq, isNull } from "drizzle-orm";
import { db, type Tx, writeTransaction } from "~/db/client.server";
import { productImages, products } from "~/db/schema";
import { newId } from "~/lib/id";
import type { ProductInput } from "~/lib/product-schema";

function writeGallery(tx: Tx, productId: string, urls: string[]) {
  tx.delete(productImages).where(eq(productImages.productId, productId)).run();
  [...new Set(urls)].forEach((url, position) => {
    tx.insert(productImages).values({ id: newId(), productId, url, position }).run();
  });
}

const fields = (input: ProductInput) => ({
  name: input.name,
  description: input.description,
  price: input.price,
  mrp: input.mrp,
  stock: input.stock,
  // Without a main image URL, the first gallery picture is the product's image.
  image: input.image || input.images[0] || "",
});

export function createProduct(input: ProductInput): string {
  const id = newId();
  writeTransaction((tx) => {
    tx.insert(products).values({ id, ...fields(input) }).run();
    writeGallery(tx, id, input.images);
  });
  return id;
}

/** False when there is no such (live) product. */
export function updateProduct(id: string, input: ProductInput): boolean {
  return writeTransaction((tx) => {
    const done = tx.update(products).set(fields(input)).where(and(eq(products.id, id), isNull(products.deletedAt))).run();
    if (done.changes !== 1) return false;
    writeGallery(tx, id, input.images);
    return true;
  });
}

/**
 * Deleted products leave the shop but stay in the table, so past orders and invoices keep
 * their lines (which also carry their own name and price). False when already gone.
 */
export function deleteProduct(id: string): boolean {
  return (
    db
      .update(products)
      .set({ deletedAt: new Date() })
      .where(and(eq(products.id, id), isNull(products.deletedAt)))
      .run().changes === 1
  );
}

/** Whether a live product has this id. */
export function productExists(id: string): boolean {
  return db.select({ id: products.id }).from(products).where(and(eq(products.id, id), isNull(products.deletedAt))).get() !== undefined;
}

/** The editor's view of a product: its own fields and gallery, money in paise. */
export function getProductForEdit(id: string) {
  const product = db.select().from(products).where(and(eq(products.id, id), isNull(products.deletedAt))).get();
  if (!product) return null;
  const images = db
    .select({ url: productImages.url })
    .from(productImages)
    .where(eq(productImages.productId, id))
    .orderBy(productImages.position)
    .all()
    .map((r) => r.url);
  return { ...product, images };
}
