// The clock of payments (issue #38): a UPI order with no UTR after UPI_HOLD_HOURS, and a COD order
// not confirmed after COD_CONFIRM_HOURS, are cancelled, their stock given back and the customer
// told. Every worker of every app server runs the sweep; each order is cancelled once, by
// whichever gets there first (the conditional update below), never twice.
import { and, eq, isNotNull, isNull, lte, or } from "drizzle-orm";
import { db, writeTransaction } from "~/db/client.server";
import { orders } from "~/db/schema";
import { customerLanguage } from "~/models/accounts/customer-language.server";
import { mailsQueued, queueStatusMail } from "~/models/mail/outbox.server";
import { linesOf } from "~/models/orders/read.server";
import { moveStock } from "~/models/orders/stock.server";

/**
 * Due at `now`: placed, unpaid, its deadline passed, and still waiting on the shopper: a UPI order
 * without a UTR (one waiting for the owner's check is never cancelled by the clock), or a COD
 * order not confirmed. An order the owner has moved on (Processing…) or marked paid is left alone.
 */
const due = (now: Date) =>
  and(
    lte(orders.expiresAt, now),
    isNotNull(orders.expiresAt),
    eq(orders.status, "Placed"),
    eq(orders.isPaid, false),
    or(
      and(eq(orders.paymentMethod, "UPI"), isNull(orders.utr)),
      and(eq(orders.paymentMethod, "COD"), isNull(orders.confirmedAt)),
    ),
  );

/** Cancels one due order, if it is still due: the stock back and the mail, in one transaction. */
async function expire(id: string, now: Date): Promise<boolean> {
  return writeTransaction(async (tx) => {
    // The row lock makes a second sweeper (another worker, another server) wait, then find the
    // order no longer due: it changes nothing.
    const [row] = await tx
      .update(orders)
      .set({ status: "Cancelled", stockReturned: true, expiresAt: null })
      .where(and(eq(orders.id, id), due(now)))
      .returning();
    if (!row) return false;
    await moveStock(tx, id, 1);
    await queueStatusMail(
      tx,
      {
        id,
        contact: { name: row.contactName, email: row.contactEmail },
        items: await linesOf(tx, id),
        grandTotal: row.grandTotal,
        isPaid: false,
        courier: null,
        trackingNumber: null,
      },
      "Cancelled",
      {
        language: await customerLanguage(row.userId, tx),
        expired: row.paymentMethod === "UPI" ? "unpaid" : "unconfirmed",
      },
    );
    return true;
  });
}

/**
 * Cancels the orders due at `now`, `batch` at a time, until none is left or `max` have been looked
 * at; returns the ids it cancelled. A page that shows an order's state sweeps one batch (the
 * default) before it answers; the clock's tick sweeps until nothing is due (SWEEP_MAX a tick), so
 * a backlog (a server down for a day, a burst of unpaid orders) is cleared in one tick, not 50 a
 * minute. Each batch reads afresh: an order another sweeper cancelled meanwhile is not due any more.
 */
export async function expireDueOrders(
  now = new Date(),
  { batch = 50, max = batch }: { batch?: number; max?: number } = {},
): Promise<string[]> {
  const cancelled: string[] = [];
  for (let seen = 0; seen < max;) {
    const size = Math.min(batch, max - seen);
    const candidates = await db
      .select({ id: orders.id })
      .from(orders)
      .where(due(now))
      .orderBy(orders.expiresAt)
      .limit(size);
    seen += candidates.length;
    for (const { id } of candidates) if (await expire(id, now)) cancelled.push(id);
    if (candidates.length < size) break;
  }
  if (cancelled.length > 0) mailsQueued();
  return cancelled;
}

/** How many due orders one tick of the clock looks at, at most (20 batches). */
export const SWEEP_MAX = 1_000;

/** How often each worker sweeps. A page that shows an order's state sweeps first as well. */
export const SWEEP_MS = 60_000;

/** Runs the sweep in the background of a worker until stopped. */
export function startPaymentClock(every = SWEEP_MS): { stop(): Promise<void> } {
  let running: Promise<unknown> | null = null;
  const tick = () => {
    // A tick still clearing a backlog is not joined by the next one.
    if (running) return;
    running = expireDueOrders(new Date(), { max: SWEEP_MAX })
      .catch((error: unknown) => console.error("Payment clock:", error))
      .finally(() => (running = null));
  };
  const timer = setInterval(tick, every);
  timer.unref();
  tick();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
