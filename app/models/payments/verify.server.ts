// The owner's side of a UPI payment (issue #38): the bank app shows the payment with its UTR, or
// does not. "Payment received" marks the order paid; "Not received" clears the UTR and gives the
// shopper a new hold to send the right one. Each change happens once (a conditional update) and
// queues the customer's mail in its transaction.
import { and, eq, isNotNull, ne } from "drizzle-orm";
import { writeTransaction } from "~/db/client.server";
import { orders, type Order } from "~/db/schema";
import { env } from "~/env.server";
import { customerLanguage } from "~/models/accounts/customer-language.server";
import { mailsQueued, queuePaymentMail } from "~/models/mail/outbox.server";
import { linesOf } from "~/models/orders/read.server";

/** A UPI order with a UTR, not yet paid, not cancelled: the owner's to check. */
const toCheck = (id: string) =>
  and(
    eq(orders.id, id),
    eq(orders.paymentMethod, "UPI"),
    isNotNull(orders.utr),
    eq(orders.isPaid, false),
    ne(orders.status, "Cancelled"),
  );

/**
 * Settles the check of order `id`: `found` marks it paid (paid_at now), otherwise its UTR is
 * cleared and its hold starts again. Returns false (nothing changed) when the order is not one to
 * check any more (another admin, another tab got there first).
 */
export async function settleUpiCheck(id: string, found: boolean, now = new Date()): Promise<boolean> {
  const done = await writeTransaction(async (tx) => {
    const [before] = await tx.select({ utr: orders.utr }).from(orders).where(toCheck(id));
    if (!before?.utr) return false;
    const [row]: Order[] = await tx
      .update(orders)
      .set(
        found
          ? { isPaid: true, paidAt: now, expiresAt: null }
          : { utr: null, utrAt: null, expiresAt: new Date(now.getTime() + env.payments.upiHoldMs) },
      )
      .where(and(toCheck(id), eq(orders.utr, before.utr)))
      .returning();
    if (!row) return false;
    await queuePaymentMail(
      tx,
      {
        id,
        contact: { name: row.contactName, email: row.contactEmail },
        items: await linesOf(tx, id),
        grandTotal: row.grandTotal,
        isPaid: row.isPaid,
        courier: row.courier,
        trackingNumber: row.trackingNumber,
        utr: before.utr,
      },
      found,
      await customerLanguage(row.userId, tx),
    );
    return true;
  });
  if (done) mailsQueued();
  return done;
}
