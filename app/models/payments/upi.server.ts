// The shopper's side of a UPI payment (issue #38): sending the UTR of a payment made in a UPI app.
// The order then waits for the owner's check, and the clock no longer cancels it.
import { and, eq, gt, isNull, ne, or } from "drizzle-orm";
import { isUniqueViolation, writeTransaction } from "~/db/client.server";
import { orders } from "~/db/schema";
import { UTR_NOT_AWAITED, UTR_TAKEN } from "~/lib/utr-schema";
import { OrderError } from "~/models/orders/order-error.server";

/** The unique index that keeps a UTR to one order: the authority on both databases. */
export const UTR_INDEX = { name: "orders_utr_unique", columns: ["orders.utr"] };

/**
 * Records `utr` (already checked by utrSchema) for `customerId`'s UPI order `orderId`, if that
 * order still waits for one: unpaid, not cancelled, no UTR yet, its hold not over. One conditional
 * update, so two tabs or two servers record it once. Throws OrderError (nothing written) when the
 * order does not wait for a UTR, or another order already has this one.
 */
export async function sendUtr(customerId: string, orderId: string, utr: string, now = new Date()): Promise<void> {
  await writeTransaction(async (tx) => {
    try {
      const [row] = await tx
        .update(orders)
        // The order stops waiting on the shopper: off the clock (expires_at null).
        .set({ utr, utrAt: now, expiresAt: null })
        .where(
          and(
            eq(orders.id, orderId),
            eq(orders.userId, customerId),
            eq(orders.paymentMethod, "UPI"),
            eq(orders.isPaid, false),
            // Nothing to pay, nothing to prove (a ₹0 order placed before issue #50 refused them).
            gt(orders.grandTotal, 0),
            ne(orders.status, "Cancelled"),
            isNull(orders.utr),
            or(isNull(orders.expiresAt), gt(orders.expiresAt, now)),
          ),
        )
        .returning({ id: orders.id });
      if (!row) throw new OrderError(UTR_NOT_AWAITED);
    } catch (error) {
      // Another order holds this UTR (sent before, or at the same moment on another server).
      if (isUniqueViolation(error, UTR_INDEX)) throw new OrderError(UTR_TAKEN);
      throw error;
    }
  });
}
