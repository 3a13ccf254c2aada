// The owner's change of an order crosses two domains in one transaction: the order and its stock
// (orders), and the mail that tells the customer (mail).
import { writeTransaction } from "~/db/client.server";
import type { Order } from "~/db/schema";
import type { OrderUpdate } from "~/lib/order-schema";
import { customerLanguage } from "~/models/accounts/customer-language.server";
import { mailsQueued, queueStatusMail } from "~/models/mail/outbox.server";
import { changeOrder } from "~/models/orders/changes.server";
import { linesOf } from "~/models/orders/read.server";

/** The statuses a customer is told of by mail when an order reaches them. */
const MAILED_STATUSES = new Set<string>(["Shipped", "Delivered", "Cancelled"]);

/**
 * Changes an order (changeOrder: any status, isPaid apart, stock given back on cancelling and
 * taken again on reopening). Reaching Shipped, Delivered or Cancelled queues the customer's mail
 * in the same transaction; new courier or tracking details of an order that stays Shipped do too.
 * Returns null when there is no such order.
 */
export async function updateOrder(id: string, change: OrderUpdate): Promise<Order | null> {
  let mailed = false;
  const updated = await writeTransaction(async (tx) => {
    const changed = await changeOrder(tx, id, change);
    if (!changed) return null;
    const { before: order, after: row } = changed;
    const newStatus = row.status !== order.status && MAILED_STATUSES.has(row.status);
    const newTracking =
      row.status === "Shipped" &&
      order.status === "Shipped" &&
      (row.courier ?? "") + (row.trackingNumber ?? "") !== "" &&
      (row.courier !== order.courier || row.trackingNumber !== order.trackingNumber);
    if (newStatus || newTracking) {
      const items = await linesOf(tx, id);
      await queueStatusMail(
        tx,
        {
          id,
          contact: { name: row.contactName, email: row.contactEmail },
          items,
          grandTotal: row.grandTotal,
          isPaid: row.isPaid,
          courier: row.courier,
          trackingNumber: row.trackingNumber,
        },
        row.status as "Shipped" | "Delivered" | "Cancelled",
        { update: !newStatus, language: await customerLanguage(row.userId, tx) },
      );
      mailed = true;
    }
    return row;
  });
  if (mailed) mailsQueued();
  return updated;
}

/** Mark Delivered: the order is Delivered and paid, together (cash is collected on delivery). */
export const markDelivered = (id: string) => updateOrder(id, { status: "Delivered", isPaid: true });
