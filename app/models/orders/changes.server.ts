import { eq, sql } from "drizzle-orm";
import { type Tx, writeTransaction } from "~/db/client.server";
import { orders, type Order } from "~/db/schema";
import type { OrderUpdate } from "~/lib/order-schema";
import { moveStock } from "./stock.server";

/**
 * An order read under its row lock, taken by an update that changes nothing: two changes of one
 * order (two admins, two app servers) then run one after the other. Side by side (PostgreSQL),
 * both would read "stock not returned yet" and both give it back.
 */
async function lockOrder(tx: Tx, id: string): Promise<Order | undefined> {
  const [order] = await tx
    .update(orders)
    .set({ status: sql`${orders.status}` })
    .where(eq(orders.id, id))
    .returning();
  return order;
}

/**
 * The owner's change of an order, inside `tx`: any status may be set freely, and isPaid apart
 * from it. Cancelling gives the stock back (once: the order remembers it); reopening a cancelled
 * order takes it again. Courier and tracking number are kept as given (null clears them).
 * Returns the order before and after, or null when there is no such order.
 */
export async function changeOrder(
  tx: Tx,
  id: string,
  change: OrderUpdate,
): Promise<{ before: Order; after: Order } | null> {
  const order = await lockOrder(tx, id);
  if (!order) return null;
  let stockReturned = order.stockReturned;
  if (change.status === "Cancelled" && !order.stockReturned) {
    await moveStock(tx, id, 1);
    stockReturned = true;
  } else if (change.status && change.status !== "Cancelled" && order.stockReturned) {
    await moveStock(tx, id, -1);
    stockReturned = false;
  }
  const isPaid = change.isPaid ?? order.isPaid;
  const [row] = await tx
    .update(orders)
    .set({
      status: change.status ?? order.status,
      isPaid,
      // When it was paid (issue #38): set as it turns paid, cleared as it turns unpaid. A paid
      // order waits on no one: off the payment clock.
      paidAt: isPaid ? (order.isPaid ? order.paidAt : new Date()) : null,
      ...(isPaid ? { expiresAt: null } : {}),
      stockReturned,
      courier: change.courier === undefined ? order.courier : change.courier,
      trackingNumber: change.trackingNumber === undefined ? order.trackingNumber : change.trackingNumber,
    })
    .where(eq(orders.id, id))
    .returning();
  return row ? { before: order, after: row } : null;
}

/**
 * Deleting an order that was never fulfilled (not delivered, not cancelled) puts its stock back;
 * a delivered order's candles are gone, and a cancelled one's stock was already returned.
 */
export function deleteOrder(id: string): Promise<boolean> {
  return writeTransaction(async (tx) => {
    const order = await lockOrder(tx, id);
    if (!order) return false;
    if (order.status !== "Delivered" && !order.stockReturned) await moveStock(tx, id, 1);
    await tx.delete(orders).where(eq(orders.id, id));
    return true;
  });
}
