// The customer confirms a COD order (issue #38, COD_CONFIRM): from the link in its mail (its
// token), or from My Orders (their session). Opening the link changes nothing; only the POST of
// the confirm page's button does, through one conditional update, so two presses at once (two
// tabs, two app servers) confirm it once.
import { timingSafeEqual } from "node:crypto";
import { and, eq, isNull, ne } from "drizzle-orm";
import { writeTransaction } from "~/db/client.server";
import { orders } from "~/db/schema";
import { confirmState } from "~/lib/cod-confirm";
import { ordersByIds, type OrderWithItems } from "~/models/orders/read.server";
import { hashToken } from "~/utils/token.server";
import { expireDueOrders } from "./clock.server";

/** Who confirms: the holder of the link's token, or the signed-in customer who owns the order. */
export type Confirmer = { token: string } | { userId: string };

/** A token is base64url (43 characters for HMAC-SHA256); anything much longer is not one. */
const TOKEN_MAX = 100;

/** Whether `token` is the one whose hash the order keeps (compared in constant time). */
function tokenMatches(token: string, storedHash: string | null): boolean {
  if (!storedHash || !token || token.length > TOKEN_MAX) return false;
  const given = Buffer.from(hashToken(token), "utf8");
  const stored = Buffer.from(storedHash, "utf8");
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/**
 * The order `by` may confirm (or see confirmed): one asked to be confirmed, whose token matches or
 * whose owner is signed in. Anything else, another order's token included, is null: the page
 * says the link is not valid, as for an order that does not exist.
 */
export async function orderToConfirm(orderId: string, by: Confirmer): Promise<OrderWithItems | null> {
  const [order] = await ordersByIds([orderId]);
  if (!order || order.paymentMethod !== "COD" || !order.confirmTokenHash) return null;
  const allowed = "token" in by ? tokenMatches(by.token, order.confirmTokenHash) : order.userId === by.userId;
  return allowed ? order : null;
}

/**
 * Confirms the order: "confirmed" when this call did it; otherwise why not: "already" confirmed,
 * "cancelled", or null when `by` may not (the link is not valid). The clock sweeps first, so an
 * order whose deadline passed a moment ago is cancelled, as the clock would have done, not
 * confirmed late.
 */
export async function confirmOrder(
  orderId: string,
  by: Confirmer,
  now = new Date(),
): Promise<"confirmed" | "already" | "cancelled" | null> {
  const order = await orderToConfirm(orderId, by);
  if (!order) return null;
  await expireDueOrders(now);
  const [row] = await writeTransaction((tx) =>
    tx
      .update(orders)
      .set({ confirmedAt: now, expiresAt: null })
      .where(
        and(
          eq(orders.id, orderId),
          eq(orders.paymentMethod, "COD"),
          eq(orders.confirmTokenHash, order.confirmTokenHash!),
          isNull(orders.confirmedAt),
          ne(orders.status, "Cancelled"),
        ),
      )
      .returning({ id: orders.id }),
  );
  if (row) return "confirmed";
  // Not changed: confirmed before (or by a twin request just now), or cancelled.
  const [after] = await ordersByIds([orderId]);
  return after && confirmState(after) === "confirmed" ? "already" : "cancelled";
}
