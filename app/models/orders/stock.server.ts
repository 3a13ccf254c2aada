import { and, eq, isNull, sql } from "drizzle-orm";
import { rowsChanged, type Tx } from "~/db/client.server";
import { orderItems, products } from "~/db/schema";
import { en } from "~/lib/i18n/en";
import { OrderError, PRODUCT_GONE } from "./order-error.server";

/**
 * Lines in the order their products' stock is changed: by product id, whatever the cart's order.
 * Side by side (PostgreSQL), two orders of the same products then wait for each other, where in
 * their own orders each could hold a product the other waits for (a deadlock, one of them failed).
 */
function byProduct<T>(lines: T[], id: (line: T) => string): T[] {
  return [...lines].sort((a, b) => (id(a) < id(b) ? -1 : id(a) > id(b) ? 1 : 0));
}

/** Takes an order's quantities off the shelf, in the transaction that writes the order. */
export async function takeStock(tx: Tx, lines: { id: string; name: string; qty: number }[]) {
  for (const line of byProduct(lines, (l) => l.id)) {
    // The guard in WHERE makes overselling, or selling a deleted product, impossible even if
    // the read before it was stale.
    const taken = await tx
      .update(products)
      .set({ stock: sql`${products.stock} - ${line.qty}` })
      .where(and(eq(products.id, line.id), isNull(products.deletedAt), sql`${products.stock} >= ${line.qty}`));
    if (rowsChanged(taken) !== 1) {
      // Another writer changed the product since the read (PostgreSQL reads what others
      // committed before each statement; SQLite's write lock keeps this from happening).
      const [now] = await tx
        .select({ stock: products.stock, deletedAt: products.deletedAt })
        .from(products)
        .where(eq(products.id, line.id));
      if (!now || now.deletedAt) throw new OrderError(PRODUCT_GONE);
      throw new OrderError(now.stock > 0 ? en.feedback.onlyLeft(now.stock, line.name) : en.feedback.soldOut(line.name));
    }
  }
}

/** Puts an order's quantities back on the shelf (sign +1) or takes them again (-1). */
export async function moveStock(tx: Tx, orderId: string, sign: 1 | -1) {
  const lines = await tx
    .select({ productId: orderItems.productId, qty: orderItems.qty, name: orderItems.name })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  for (const line of byProduct(lines, (l) => l.productId)) {
    const moved = await tx
      .update(products)
      .set({ stock: sql`${products.stock} + ${sign * line.qty}` })
      .where(
        sign === 1
          ? eq(products.id, line.productId)
          : and(eq(products.id, line.productId), sql`${products.stock} >= ${line.qty}`),
      );
    if (sign === -1 && rowsChanged(moved) !== 1) throw new OrderError(en.feedback.notEnoughToReopen(line.name));
  }
}
