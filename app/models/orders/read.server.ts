import { desc, eq, inArray, sql } from "drizzle-orm";
import { db, type Tx } from "~/db/client.server";
import { orderItems, orders, type Order, type OrderItem } from "~/db/schema";
import { lineName } from "~/lib/line-name";
import type { OrderFilter } from "~/lib/order-filter";
import { orderFilterWhere } from "./search.server";

export type OrderWithItems = Order & { items: OrderItem[] };

async function withItems(list: Order[]): Promise<OrderWithItems[]> {
  const byOrder = new Map<string, OrderItem[]>(list.map((o) => [o.id, []]));
  // In slices of 500 ids: SQLite limits the number of bound parameters in one statement.
  for (let i = 0; i < list.length; i += 500) {
    const ids = list.slice(i, i + 500).map((o) => o.id);
    for (const item of await db
      .select()
      .from(orderItems)
      .where(inArray(orderItems.orderId, ids))
      .orderBy(orderItems.position))
      byOrder.get(item.orderId)!.push(item);
  }
  return list.map((o) => ({ ...o, items: byOrder.get(o.id)! }));
}

/** The orders with these ids, each with its lines, in the order of `ids` (missing ones left out). */
export async function ordersByIds(ids: string[]): Promise<OrderWithItems[]> {
  const found = new Map<string, Order>();
  for (let i = 0; i < ids.length; i += 500)
    for (const o of await db
      .select()
      .from(orders)
      .where(inArray(orders.id, ids.slice(i, i + 500))))
      found.set(o.id, o);
  return withItems(ids.flatMap((id) => found.get(id) ?? []));
}

/**
 * One order with its lines, for the shop's own work outside any customer's request (the mail
 * sender attaching an invoice). A page or an API call reads through getOrderFor instead.
 */
export async function orderById(orderId: string): Promise<OrderWithItems | null> {
  return (await ordersByIds([orderId]))[0] ?? null;
}

/** An order's lines, names (with their sizes) and quantities, in the order's own order, read inside `tx`. */
export async function linesOf(tx: Tx, orderId: string): Promise<{ name: string; qty: number }[]> {
  const rows = await tx
    .select({ name: orderItems.name, sizeLabel: orderItems.sizeLabel, qty: orderItems.qty })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(orderItems.position);
  return rows.map((r) => ({ name: lineName(r.name, r.sizeLabel), qty: r.qty }));
}

/** A customer's own orders, newest first. */
export async function listOrdersForUser(userId: string): Promise<OrderWithItems[]> {
  return withItems(
    await db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt), desc(orders.id)),
  );
}

/**
 * One order as `viewer` may see it: their own, or any for an admin. Anyone else gets null,
 * exactly as for an order that does not exist.
 */
export async function getOrderFor(
  viewer: { id: string; isAdmin: boolean },
  orderId: string,
): Promise<OrderWithItems | null> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order || (!viewer.isAdmin && order.userId !== viewer.id)) return null;
  return (await withItems([order]))[0] ?? null;
}

// --- Admin: every order.

const newestFirst = [desc(orders.createdAt), desc(orders.id)] as const;

/** Every order `filter` keeps, newest first (GET /api/orders). */
export async function listAllOrders(filter: OrderFilter = {}): Promise<OrderWithItems[]> {
  return withItems(
    await db
      .select()
      .from(orders)
      .where(orderFilterWhere(filter))
      .orderBy(...newestFirst),
  );
}

export const ADMIN_ORDERS_PER_PAGE = 50;

/**
 * One page of the orders `filter` keeps, newest first: the admin Orders tab's, with `page` clamped to
 * the last; unclamped (GET /api/orders?page=), a page past the last is empty, as the product list's.
 */
export async function pageOfOrders(
  page: number,
  filter: OrderFilter = {},
  perPage = ADMIN_ORDERS_PER_PAGE,
  { clamp = true } = {},
) {
  const where = orderFilterWhere(filter);
  const [count] = await db
    .select({ n: sql<number>`count(*)` })
    .from(orders)
    .where(where);
  const totalItems = Number(count?.n ?? 0);
  const totalPages = Math.max(1, Math.ceil(totalItems / perPage));
  const asked = Math.max(1, Math.floor(page) || 1);
  const current = clamp ? Math.min(asked, totalPages) : asked;
  if (current > totalPages) return { orders: [], page: current, totalPages, totalItems, perPage };
  const list = await db
    .select()
    .from(orders)
    .where(where)
    .orderBy(...newestFirst)
    .limit(perPage)
    .offset((current - 1) * perPage);
  return { orders: await withItems(list), page: current, totalPages, totalItems, perPage };
}
