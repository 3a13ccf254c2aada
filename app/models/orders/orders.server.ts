import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { db, isUniqueViolation, rowsChanged, type Tx, writeTransaction } from "~/db/client.server";
import { orderItems, orders, products, type Order, type OrderItem } from "~/db/schema";
import { env } from "~/env.server";
import { cartTotals } from "~/lib/cart";
import { type OrderRequest, CART_EMPTY, QTY_MAX, QTY_TOO_MANY } from "~/lib/checkout-schema";
import { formatPaise, paiseToRupees, rupeesToPaise } from "~/lib/money";
import type { OrderFilter } from "~/lib/order-filter";
import type { OrderUpdate } from "~/lib/product-schema";
import { nextInvoiceNumber } from "~/models/invoices/numbers.server";
import { mailsQueued, queueOrderMails, queueStatusMail } from "~/models/mail/outbox.server";
import { orderFilterWhere } from "~/models/orders/search.server";
import { newId } from "~/utils/id.server";
import { hit } from "~/utils/rate-limit.server";

/** A refusal the shopper can act on; nothing was written. */
export class OrderError extends Error {}

export type PlaceOrderInput = Pick<OrderRequest, "contact" | "shippingAddress"> & {
  /** `price` (rupees), when given, must equal the database price: it is checked, never charged. */
  items: { product: string; qty: number; price?: number }[];
};

/** The longest idempotency key accepted (the checkout form's token, the API's Idempotency-Key). */
export const IDEMPOTENCY_KEY_MAX = 200;
export const IDEMPOTENCY_KEY_INVALID = `Idempotency-Key must be 1 to ${IDEMPOTENCY_KEY_MAX} characters.`;
export const isIdempotencyKey = (key: string) => key.length > 0 && key.length <= IDEMPOTENCY_KEY_MAX;

/** The order `userId` placed with `key`, if any: a repeat of that request answers this order. */
export async function orderIdForKey(userId: string, key: string): Promise<string | null> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)))
    .limit(1);
  return row?.id ?? null;
}

/** The database's refusal, seen through drizzle's DrizzleQueryError, of `key`'s unique index. */
export function isKeyConflict(error: unknown): boolean {
  return isUniqueViolation(error, { name: "orders_user_idempotency_key_unique", columns: ["orders.idempotency_key"] });
}

/**
 * Lines in the order their products' stock is changed: by product id, whatever the cart's order.
 * Side by side (PostgreSQL), two orders of the same products then wait for each other, where in
 * their own orders each could hold a product the other waits for (a deadlock, one of them failed).
 */
function byProduct<T>(lines: T[], id: (line: T) => string): T[] {
  return [...lines].sort((a, b) => (id(a) < id(b) ? -1 : id(a) > id(b) ? 1 : 0));
}

const PRODUCT_GONE = "A product in your order is no longer available.";

/**
 * The one way an order is made (checkout form and POST /api/orders). Names and prices come
 * from the database; stock is checked and taken in the same transaction that writes the order.
 *
 * `key` (the checkout form's one-time token, or the API's Idempotency-Key) makes a repeat of the
 * same request the same order: the order is written with its key, unique per customer
 * (orders_user_idempotency_key_unique), so a second request with that key, at once or later,
 * answers the first order (`replayed`) and takes no stock. The key is not looked up before the
 * order is written (submitOrder did that once for the request): the unique index is the
 * authority on both databases. A repeat's insert conflicts with the stored order, and a repeat
 * refused first (sold out by the first order, an empty cart) finds the stored order when it
 * fails; either way the transaction is rolled back and the stored order is the answer.
 */
export async function placeOrder(
  userId: string,
  input: PlaceOrderInput,
  key?: string,
): Promise<{ id: string; replayed: boolean }> {
  // The same product twice is one line.
  const wanted = new Map<string, number>();
  // Every price a client showed, per product: each line is checked, not only the last one.
  const shownPrices = new Map<string, Set<number>>();
  for (const item of input.items) {
    // The cap is on the product, however its quantity is split into lines.
    const qty = (wanted.get(item.product) ?? 0) + item.qty;
    if (qty > QTY_MAX) throw new OrderError(QTY_TOO_MANY);
    wanted.set(item.product, qty);
    if (item.price !== undefined) {
      const seen = shownPrices.get(item.product) ?? new Set<number>();
      seen.add(rupeesToPaise(item.price));
      shownPrices.set(item.product, seen);
    }
  }
  if (key !== undefined && !isIdempotencyKey(key)) throw new OrderError(IDEMPOTENCY_KEY_INVALID);

  const write = async (tx: Tx): Promise<{ id: string; replayed: boolean }> => {
    if (wanted.size === 0) throw new OrderError(CART_EMPTY);
    const rows = await tx
      .select({
        id: products.id,
        name: products.name,
        price: products.price,
        stock: products.stock,
        image: products.image,
        hsn: products.hsn,
      })
      .from(products)
      .where(and(inArray(products.id, [...wanted.keys()]), isNull(products.deletedAt)));
    const byId = new Map(rows.map((r) => [r.id, r]));
    const lines = [...wanted].map(([id, qty]) => {
      const p = byId.get(id);
      if (!p) throw new OrderError(PRODUCT_GONE);
      if (p.stock <= 0) throw new OrderError(`${p.name} is sold out.`);
      if (qty > p.stock) throw new OrderError(`Only ${p.stock} left of ${p.name}.`);
      const shown = shownPrices.get(id);
      if (shown && [...shown].some((price) => price !== p.price)) {
        throw new OrderError(`The price of ${p.name} is now ${formatPaise(p.price)}. Please review your order.`);
      }
      return { ...p, qty };
    });
    const totals = cartTotals(lines);
    const id = newId();
    // Every order gets a number, GST or not, so numbering has no gaps when GST is switched on.
    // The order's date is the one its number was taken for: the invoice date and the number's
    // financial year always agree (the database's own clock could differ by a tick at midnight).
    const placedAt = new Date();
    const invoiceNumber = await nextInvoiceNumber(tx, placedAt);
    await tx.insert(orders).values({
      id,
      invoiceNumber,
      gstRateBp: env.gst ? Math.round(env.gst.ratePercent * 100) : null,
      createdAt: placedAt,
      userId,
      status: "Placed",
      isPaid: false,
      paymentMethod: "COD",
      contactName: input.contact.name,
      contactEmail: input.contact.email,
      contactPhone: input.contact.phone,
      address: input.shippingAddress.address,
      city: input.shippingAddress.city,
      state: input.shippingAddress.state,
      pin: input.shippingAddress.pin,
      subtotal: totals.subtotal,
      shipping: totals.shipping,
      grandTotal: totals.total,
      idempotencyKey: key ?? null,
    });
    for (const [position, line] of lines.entries()) {
      await tx.insert(orderItems).values({
        id: newId(),
        orderId: id,
        productId: line.id,
        name: line.name,
        qty: line.qty,
        price: line.price,
        image: line.image,
        hsn: line.hsn,
        position,
      });
    }
    for (const line of byProduct(lines, (l) => l.id)) {
      // The guard in WHERE makes overselling, or selling a deleted product, impossible even if
      // the read above was stale.
      const taken = await tx
        .update(products)
        .set({ stock: sql`${products.stock} - ${line.qty}` })
        .where(and(eq(products.id, line.id), isNull(products.deletedAt), sql`${products.stock} >= ${line.qty}`));
      if (rowsChanged(taken) !== 1) {
        // Another writer changed the product since the read above (PostgreSQL reads what others
        // committed before each statement; SQLite's write lock keeps this from happening).
        const [now] = await tx
          .select({ stock: products.stock, deletedAt: products.deletedAt })
          .from(products)
          .where(eq(products.id, line.id));
        if (!now || now.deletedAt) throw new OrderError(PRODUCT_GONE);
        throw new OrderError(now.stock > 0 ? `Only ${now.stock} left of ${line.name}.` : `${line.name} is sold out.`);
      }
    }
    // The confirmation and the owner's alert are written with the order: both exist if and only
    // if the order does. A sender delivers them later, never in this request.
    await queueOrderMails(tx, {
      id,
      contact: input.contact,
      shippingAddress: input.shippingAddress,
      items: lines.map((l) => ({ name: l.name, qty: l.qty, price: l.price })),
      subtotal: totals.subtotal,
      shipping: totals.shipping,
      grandTotal: totals.total,
      paymentMethod: "COD",
    });
    return { id, replayed: false };
  };
  try {
    const placed = await writeTransaction(write);
    if (!placed.replayed) mailsQueued();
    return placed;
  } catch (error) {
    // An order was stored with this key first (by an earlier request, or a twin that won the
    // race): it is the answer, whatever refused this one.
    const first =
      key !== undefined && (isKeyConflict(error) || error instanceof OrderError)
        ? await orderIdForKey(userId, key)
        : null;
    if (!first) throw error;
    return { id: first, replayed: true };
  }
}

/** A repeat's first order, or a new order for the door to place once it has read its input. */
export type OrderSubmission =
  | { replayed: true; id: string }
  | { replayed: false; place(input: PlaceOrderInput): Promise<{ id: string; replayed: boolean }> };

/**
 * An order submitted through either door (Place Order, POST /api/orders). Its key is looked up
 * once, here: a repeat of a placed order answers that order (`replayed`) before anything else,
 * without counting against the order limit and whatever the repeat carries (the checkout's cart
 * may be empty by then). Otherwise `place` counts the order against the limit (RateLimited past
 * it), then places it. Twins that race past the lookup both count; placeOrder's unique key still
 * makes one order of them.
 */
export async function submitOrder(userId: string, key?: string): Promise<OrderSubmission> {
  if (key !== undefined && !isIdempotencyKey(key)) throw new OrderError(IDEMPOTENCY_KEY_INVALID);
  const first = key === undefined ? null : await orderIdForKey(userId, key);
  if (first) return { replayed: true, id: first };
  return {
    replayed: false,
    async place(input) {
      await hit("order", userId);
      return placeOrder(userId, input, key);
    },
  };
}

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

/** Spec §3 Order, money in rupees. */
export function toApiOrder(o: OrderWithItems) {
  return {
    _id: o.id,
    invoiceNumber: o.invoiceNumber,
    createdAt: o.createdAt.toISOString(),
    status: o.status,
    isPaid: o.isPaid,
    paymentMethod: o.paymentMethod,
    contact: { name: o.contactName, email: o.contactEmail, phone: o.contactPhone },
    shippingAddress: { address: o.address, city: o.city, state: o.state, pin: o.pin },
    items: o.items.map((i) => ({
      product: i.productId,
      name: i.name,
      qty: i.qty,
      price: paiseToRupees(i.price),
      image: i.image,
    })),
    courier: o.courier,
    trackingNumber: o.trackingNumber,
    totals: {
      subtotal: paiseToRupees(o.subtotal),
      shipping: paiseToRupees(o.shipping),
      grandTotal: paiseToRupees(o.grandTotal),
    },
  };
}

// --- Admin: every order, and status changes that keep stock right.

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
 * One page of the orders `filter` keeps, newest first (the admin Orders tab); `page` is clamped to
 * the last.
 */
export async function pageOfOrders(page: number, filter: OrderFilter = {}, perPage = ADMIN_ORDERS_PER_PAGE) {
  const where = orderFilterWhere(filter);
  const [count] = await db
    .select({ n: sql<number>`count(*)` })
    .from(orders)
    .where(where);
  const totalItems = Number(count?.n ?? 0);
  const totalPages = Math.max(1, Math.ceil(totalItems / perPage));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), totalPages);
  const list = await db
    .select()
    .from(orders)
    .where(where)
    .orderBy(...newestFirst)
    .limit(perPage)
    .offset((current - 1) * perPage);
  return { orders: await withItems(list), page: current, totalPages, totalItems, perPage };
}

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

/** Puts an order's quantities back on the shelf (sign +1) or takes them again (-1). */
async function moveStock(tx: Tx, orderId: string, sign: 1 | -1) {
  const lines = await tx
    .select({ productId: orderItems.productId, qty: orderItems.qty, name: orderItems.name })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  for (const line of byProduct(lines, (l) => l.productId)) {
    const moved = await tx
      .update(products)
      .set({ stock: sql`${products.stock} + ${sign * line.qty}` })
      .where(
        sign === 1
          ? eq(products.id, line.productId)
          : and(eq(products.id, line.productId), sql`${products.stock} >= ${line.qty}`),
      );
    if (sign === -1 && rowsChanged(moved) !== 1)
      throw new OrderError(`Not enough stock of ${line.name} to reopen this order.`);
  }
}

/** The statuses a customer is told of by mail when an order reaches them. */
const MAILED_STATUSES = new Set<string>(["Shipped", "Delivered", "Cancelled"]);

/**
 * Spec §4: any status may be set freely; isPaid is independent. Cancelling gives the stock
 * back (once: the order remembers it); reopening a cancelled order takes it again. Courier and
 * tracking number are optional and kept as given (null clears them).
 * Reaching Shipped, Delivered or Cancelled queues the customer's mail in the same transaction;
 * new courier or tracking details of an order that stays Shipped do too (issue #23).
 * Returns null when there is no such order.
 */
export async function updateOrder(id: string, change: OrderUpdate): Promise<Order | null> {
  let mailed = false;
  const updated = await writeTransaction(async (tx) => {
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
    const [row] = await tx
      .update(orders)
      .set({
        status: change.status ?? order.status,
        isPaid: change.isPaid ?? order.isPaid,
        stockReturned,
        courier: change.courier === undefined ? order.courier : change.courier,
        trackingNumber: change.trackingNumber === undefined ? order.trackingNumber : change.trackingNumber,
      })
      .where(eq(orders.id, id))
      .returning();
    if (!row) return null;
    const newStatus = row.status !== order.status && MAILED_STATUSES.has(row.status);
    const newTracking =
      row.status === "Shipped" &&
      order.status === "Shipped" &&
      (row.courier ?? "") + (row.trackingNumber ?? "") !== "" &&
      (row.courier !== order.courier || row.trackingNumber !== order.trackingNumber);
    if (newStatus || newTracking) {
      const items = await tx
        .select({ name: orderItems.name, qty: orderItems.qty })
        .from(orderItems)
        .where(eq(orderItems.orderId, id))
        .orderBy(orderItems.position);
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
        { update: !newStatus },
      );
      mailed = true;
    }
    return row;
  });
  if (mailed) mailsQueued();
  return updated;
}

/** Spec §4: Mark Delivered sets Delivered and paid together. */
export const markDelivered = (id: string) => updateOrder(id, { status: "Delivered", isPaid: true });

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
