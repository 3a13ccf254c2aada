import { and, asc, eq, isNull } from "drizzle-orm";
import type { Tx } from "~/db/client.server";
import { products, productSizes } from "~/db/schema";

/**
 * Copies a product's default size (its first live size by position) into the product's own price,
 * MRP and stock, in the caller's transaction (issue #37): the JSON API, the price sort and the
 * specification's clients, which know no sizes, see the default size. Call it after any write to
 * a product's sizes (the editor, an order taking stock, a cancellation putting it back). A product
 * without live sizes keeps its own figures.
 */
export async function syncDefaultSize(tx: Tx, productId: string): Promise<void> {
  const [first] = await tx
    .select({ price: productSizes.price, mrp: productSizes.mrp, stock: productSizes.stock })
    .from(productSizes)
    .where(and(eq(productSizes.productId, productId), isNull(productSizes.deletedAt)))
    .orderBy(asc(productSizes.position), asc(productSizes.id))
    .limit(1);
  if (!first) return;
  await tx.update(products).set(first).where(eq(products.id, productId));
}
