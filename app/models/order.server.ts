import { desc, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { orders } from "~/db/schema";

/** A customer's own orders, newest first. */
export function listOrdersForUser(userId: string) {
  return db
    .select({
      id: orders.id,
      createdAt: orders.createdAt,
      status: orders.status,
      isPaid: orders.isPaid,
      grandTotal: orders.grandTotal,
    })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt))
    .all();
}
