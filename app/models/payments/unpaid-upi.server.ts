// Unpaid UPI orders (issue #50): a UPI order holds its stock until it is paid or its hold runs out
// (UPI_HOLD_HOURS), so without a bound one customer could hold the shop's stock at will with orders
// never paid. A customer may have only a few waiting at once; the doors also count UPI orders per
// client address (the `upiOrderIp` rule, submitOrder).
import { and, count, eq, gt, isNull, or } from "drizzle-orm";
import type { Tx } from "~/db/client.server";
import { orders } from "~/db/schema";
import { env } from "~/env.server";
import { en } from "~/lib/i18n/en";
import { OrderError } from "~/models/orders/order-error.server";

/** How many unpaid UPI orders a customer may have waiting at once. */
export const UNPAID_UPI_ORDERS = 3;

/** The limit as it applies: RATE_LIMIT_FACTOR scales it as it does every abuse limit. */
export const unpaidUpiLimit = () => Math.ceil(UNPAID_UPI_ORDERS * env.rateLimitFactor);

/**
 * In the transaction that writes a UPI order, once the order is written and numbered: refuses it (OrderError,
 * so the whole order is rolled back) when the customer would have more than `limit` UPI orders
 * waiting: placed, not paid, not cancelled or moved on by the owner, and their hold not over (one
 * whose UTR waits for the owner's check counts too: its stock is still held). A count, not a rate:
 * paying one, or letting it lapse, makes room at once.
 *
 * Exact under concurrency because orders take turns: each took its invoice number just before
 * (numberOrder), which holds the year's counter row until the transaction ends on PostgreSQL,
 * and SQLite runs one write transaction at a time; so the count sees every order placed before
 * this one, and two UPI orders of one customer side by side never both fit.
 */
export async function refuseTooManyUnpaidUpi(tx: Tx, userId: string, now: Date, limit: number): Promise<void> {
  const [waiting] = await tx
    .select({ n: count() })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.paymentMethod, "UPI"),
        eq(orders.isPaid, false),
        eq(orders.status, "Placed"),
        or(isNull(orders.expiresAt), gt(orders.expiresAt, now)),
      ),
    );
  if (Number(waiting?.n ?? 0) > limit) throw new OrderError(en.feedback.tooManyUnpaidUpi);
}
