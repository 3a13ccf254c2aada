import { and, eq, isNull, sql } from "drizzle-orm";
import { rowsChanged, type Tx } from "~/db/client.server";
import { orderItems, products, productSizes } from "~/db/schema";
import { en } from "~/lib/i18n/en";
import { lineName } from "~/lib/line-name";
import { syncDefaultSize } from "~/models/catalogue/default-size.server";
import { mailBackInStock } from "~/models/catalogue/stock-alerts.server";
import { OrderError, PRODUCT_GONE } from "./order-error.server";

type StockLine = { productId: string; sizeId: string | null; qty: number; name: string; sizeLabel: string };

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Lines in the order their stock is changed: by product id, then size id, whatever the cart's
 * order. Side by side (PostgreSQL), two orders of the same products then wait for each other, where in
 * their own orders each could hold a product the other waits for (a deadlock, one of them failed).
 * A product's sizes are followed by its own row (syncDefaultSize), before the next product.
 */
function byProduct(lines: StockLine[]): StockLine[] {
  return [...lines].sort((a, b) => compare(a.productId, b.productId) || compare(a.sizeId ?? "", b.sizeId ?? ""));
}

/** Calls `move` for each line in lock order, and syncs each sized product's default size after its sizes. */
async function inLockOrder(tx: Tx, lines: StockLine[], move: (line: StockLine) => Promise<void>) {
  const sorted = byProduct(lines);
  for (const [i, line] of sorted.entries()) {
    await move(line);
    const next = sorted[i + 1];
    if (line.sizeId && next?.productId !== line.productId) await syncDefaultSize(tx, line.productId);
  }
}

/** Takes an order's quantities off the shelf, in the transaction that writes the order. */
export async function takeStock(
  tx: Tx,
  lines: { id: string; name: string; qty: number; sizeId: string | null; sizeLabel: string }[],
) {
  await inLockOrder(
    tx,
    lines.map((l) => ({ productId: l.id, sizeId: l.sizeId, qty: l.qty, name: l.name, sizeLabel: l.sizeLabel })),
    async (line) => {
      // The guard in WHERE makes overselling, or selling a deleted product or size, impossible
      // even if the read before it was stale. A size's stock is its own (issue #37).
      const taken = line.sizeId
        ? await tx
            .update(productSizes)
            .set({ stock: sql`${productSizes.stock} - ${line.qty}` })
            .where(
              and(
                eq(productSizes.id, line.sizeId),
                isNull(productSizes.deletedAt),
                sql`${productSizes.stock} >= ${line.qty}`,
                sql`exists (select 1 from ${products} where ${products.id} = ${line.productId} and ${products.deletedAt} is null)`,
              ),
            )
        : await tx
            .update(products)
            .set({ stock: sql`${products.stock} - ${line.qty}` })
            .where(
              and(eq(products.id, line.productId), isNull(products.deletedAt), sql`${products.stock} >= ${line.qty}`),
            );
      if (rowsChanged(taken) !== 1) await refuseShort(tx, line);
    },
  );
}

/**
 * Why a guarded update changed nothing: another writer changed the product or size since the
 * read (PostgreSQL reads what others committed before each statement; SQLite's write lock keeps
 * this from happening).
 */
async function refuseShort(tx: Tx, line: StockLine): Promise<never> {
  const [product] = await tx
    .select({ stock: products.stock, deletedAt: products.deletedAt })
    .from(products)
    .where(eq(products.id, line.productId));
  if (!product || product.deletedAt) throw new OrderError(PRODUCT_GONE);
  let stock = product.stock;
  if (line.sizeId) {
    const [size] = await tx
      .select({ stock: productSizes.stock, deletedAt: productSizes.deletedAt })
      .from(productSizes)
      .where(eq(productSizes.id, line.sizeId));
    if (!size || size.deletedAt) throw new OrderError(en.feedback.sizeGone);
    stock = size.stock;
  }
  const name = lineName(line.name, line.sizeLabel);
  throw new OrderError(stock > 0 ? en.feedback.onlyLeft(stock, name) : en.feedback.soldOut(name));
}

/**
 * Puts an order's quantities back on the shelf (sign +1) or takes them again (-1): a line with a
 * size moves that size's stock (even a size removed since: its count stays true), then the
 * product's default size is mirrored again.
 */
export async function moveStock(tx: Tx, orderId: string, sign: 1 | -1) {
  const lines = await tx
    .select({
      productId: orderItems.productId,
      sizeId: orderItems.sizeId,
      qty: orderItems.qty,
      name: orderItems.name,
      sizeLabel: orderItems.sizeLabel,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  await inLockOrder(tx, lines, async (line) => {
    const moved = line.sizeId
      ? await tx
          .update(productSizes)
          .set({ stock: sql`${productSizes.stock} + ${sign * line.qty}` })
          .where(
            sign === 1
              ? eq(productSizes.id, line.sizeId)
              : and(eq(productSizes.id, line.sizeId), sql`${productSizes.stock} >= ${line.qty}`),
          )
      : await tx
          .update(products)
          .set({ stock: sql`${products.stock} + ${sign * line.qty}` })
          .where(
            sign === 1
              ? eq(products.id, line.productId)
              : and(eq(products.id, line.productId), sql`${products.stock} >= ${line.qty}`),
          );
    if (sign === -1 && rowsChanged(moved) !== 1)
      throw new OrderError(en.feedback.notEnoughToReopen(lineName(line.name, line.sizeLabel)));
  });
  // Stock given back (a cancelled, expired or deleted order) may bring a candle back: its waiting
  // addresses are mailed in this transaction (issue #39).
  if (sign === 1) for (const productId of new Set(lines.map((l) => l.productId))) await mailBackInStock(tx, productId);
}
