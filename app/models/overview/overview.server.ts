import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, ne, sql } from "drizzle-orm";
import { db, dialect } from "~/db/client.server";
import { orderItems, orders, products } from "~/db/schema";
import { env } from "~/env.server";
import { IST_OFFSET_SECONDS, indiaDayNumber, indiaDayStart } from "~/lib/dates";

/**
 * The owner's overview (issue #26): how the shop is doing today, this week and this month, and
 * what needs doing. Days are India days on both databases: India has one fixed offset (+05:30, no
 * daylight saving), so an instant's day is (unix seconds + 19800) / 86400 rounded down, in SQL
 * and in JS (`indiaDayNumber`) alike. Cancelled orders are not sales.
 */

export const CHART_DAYS = 30;
/** Placed or Processing for longer than this: waiting to be dispatched. */
export const DISPATCH_WAIT_DAYS = 2;
export const WAITING_SHOWN = 20;
export const LOW_STOCK_SHOWN = 20;
export const BEST_SELLERS_SHOWN = 5;

/** The India day number of an order's created_at, in SQL (timestamptz on PostgreSQL, unix seconds on SQLite). */
const orderDay =
  dialect === "pg"
    ? sql<number>`floor((extract(epoch from ${orders.createdAt}) + ${sql.raw(String(IST_OFFSET_SECONDS))}) / 86400)::int`
    : sql<number>`(${orders.createdAt} + ${sql.raw(String(IST_OFFSET_SECONDS))}) / 86400`;

/** Orders placed on India days `from` to `to` (day numbers, both included) that are sales. */
const salesBetween = (from: number, to: number) =>
  and(
    gte(orders.createdAt, indiaDayStart(from)),
    lt(orders.createdAt, indiaDayStart(to + 1)),
    ne(orders.status, "Cancelled"),
  );

/** One India day's sales; money in paise. */
export type DaySales = {
  day: number;
  orders: number;
  revenue: number;
  paid: number;
  /** Issue #39: the orders placed with a coupon code, and their revenue. */
  codeOrders: number;
  codeRevenue: number;
};

/**
 * Sales per India day from day `from` to day `to` (both included), every day present (0 when
 * nothing sold). Reads orders_created_idx alone.
 */
export async function salesByDay(from: number, to: number): Promise<DaySales[]> {
  const rows = await db
    .select({
      day: orderDay,
      orders: sql<number>`count(*)`,
      revenue: sql<number>`coalesce(sum(${orders.grandTotal}), 0)`,
      paid: sql<number>`coalesce(sum(case when ${orders.isPaid} then ${orders.grandTotal} else 0 end), 0)`,
      codeOrders: sql<number>`coalesce(sum(case when ${orders.couponCode} is not null then 1 else 0 end), 0)`,
      codeRevenue: sql<number>`coalesce(sum(case when ${orders.couponCode} is not null then ${orders.grandTotal} else 0 end), 0)`,
    })
    .from(orders)
    .where(salesBetween(from, to))
    .groupBy(orderDay);
  const byDay = new Map(rows.map((r) => [Number(r.day), r]));
  const days: DaySales[] = [];
  for (let day = from; day <= to; day++) {
    const r = byDay.get(day);
    days.push({
      day,
      orders: Number(r?.orders ?? 0),
      revenue: Number(r?.revenue ?? 0),
      paid: Number(r?.paid ?? 0),
      codeOrders: Number(r?.codeOrders ?? 0),
      codeRevenue: Number(r?.codeRevenue ?? 0),
    });
  }
  return days;
}

/** A period's totals; money in paise, `average` rounded to the paisa (0 without orders). */
export type PeriodSales = {
  orders: number;
  revenue: number;
  paid: number;
  unpaid: number;
  average: number;
  /** Issue #39: orders and revenue with a coupon code (the rest were without). */
  codeOrders: number;
  codeRevenue: number;
};

/** The totals of some days' sales. */
export function sumSales(days: DaySales[]): PeriodSales {
  let count = 0;
  let revenue = 0;
  let paid = 0;
  let codeOrders = 0;
  let codeRevenue = 0;
  for (const d of days) {
    count += d.orders;
    revenue += d.revenue;
    paid += d.paid;
    codeOrders += d.codeOrders;
    codeRevenue += d.codeRevenue;
  }
  return {
    orders: count,
    revenue,
    paid,
    unpaid: revenue - paid,
    average: count ? Math.round(revenue / count) : 0,
    codeOrders,
    codeRevenue,
  };
}

const WAITING_STATUSES = ["Placed", "Processing"] as const;
const waitedSince = (now: Date) => new Date(now.getTime() - DISPATCH_WAIT_DAYS * 24 * 3600_000);
const waitingWhere = (now: Date) =>
  and(inArray(orders.status, [...WAITING_STATUSES]), lt(orders.createdAt, waitedSince(now)));

/** Oldest first, as both lists are ordered: by time, then by id. */
const olderFirst = (a: { createdAt: Date; id: string }, b: { createdAt: Date; id: string }) =>
  a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * Orders Placed or Processing for more than two days, oldest first (ids only past `limit`: the
 * packing slips). Each status is asked on its own and the two short lists merged: for
 * `status IN (…)` ordered by time PostgreSQL walks every order by time and filters the status
 * (12 ms with 100,000 orders), while one status is a range of orders_status_created_idx, already
 * in time order.
 */
export async function ordersWaiting(now = new Date(), limit = WAITING_SHOWN) {
  const oldest = (status: (typeof WAITING_STATUSES)[number]) =>
    db
      .select({
        id: orders.id,
        createdAt: orders.createdAt,
        status: orders.status,
        contactName: orders.contactName,
        city: orders.city,
        grandTotal: orders.grandTotal,
      })
      .from(orders)
      .where(and(eq(orders.status, status), lt(orders.createdAt, waitedSince(now))))
      .orderBy(asc(orders.createdAt), asc(orders.id))
      .limit(limit);
  const [placed, processing, [count]] = await Promise.all([
    oldest("Placed"),
    oldest("Processing"),
    db
      .select({ n: sql<number>`count(*)` })
      .from(orders)
      .where(waitingWhere(now)),
  ]);
  return { orders: [...placed, ...processing].sort(olderFirst).slice(0, limit), total: Number(count?.n ?? 0) };
}

/** Every order waiting to be dispatched, oldest first: the ids for one PDF of packing slips. */
export async function waitingOrderIds(now = new Date()): Promise<string[]> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(waitingWhere(now))
    .orderBy(asc(orders.createdAt), asc(orders.id));
  return rows.map((r) => r.id);
}

const live = isNull(products.deletedAt);

/** Live products at or below the threshold, fewest first; `soldOut` counts those with none left. */
export async function lowStock(threshold = env.lowStockThreshold, limit = LOW_STOCK_SHOWN) {
  const low = and(live, lte(products.stock, threshold));
  const [items, [count]] = await Promise.all([
    db
      .select({ id: products.id, name: products.name, stock: products.stock })
      .from(products)
      .where(low)
      .orderBy(asc(products.stock), asc(products.id))
      .limit(limit),
    db
      .select({
        n: sql<number>`count(*)`,
        soldOut: sql<number>`coalesce(sum(case when ${products.stock} <= 0 then 1 else 0 end), 0)`,
      })
      .from(products)
      .where(low),
  ]);
  return { items, total: Number(count?.n ?? 0), soldOut: Number(count?.soldOut ?? 0), threshold };
}

/**
 * Each sale's order lines, as `lines` (product_id, qty), for a join on `linesOn`. PostgreSQL, left
 * to itself, hashes all of order_items (a sequential scan of 200,000 lines with 100,000 orders) to
 * join the month's few thousand orders; a LATERAL subquery, which OFFSET 0 keeps from being
 * flattened back into that join, looks each order's lines up in order_items_order_idx instead
 * (docs/performance.md). SQLite already does that for a plain join.
 */
const lines =
  dialect === "pg"
    ? sql`lateral (select ${orderItems.productId}, ${orderItems.qty} from ${orderItems} where ${orderItems.orderId} = ${orders.id} offset 0) as lines`
    : sql`${orderItems} as lines`;
const linesOn = dialect === "pg" ? sql`true` : sql`lines.order_id = ${orders.id}`;

/** The products sold most (units) on India days `from` to `to`, cancelled orders left out. */
export async function bestSellers(from: number, to: number, limit = BEST_SELLERS_SHOWN) {
  const productId = sql<string>`lines.product_id`;
  const units = sql<number>`sum(lines.qty)`;
  const rows = await db
    .select({ productId, units })
    .from(orders)
    .innerJoin(lines, linesOn)
    .where(salesBetween(from, to))
    .groupBy(productId)
    .orderBy(desc(units), asc(productId))
    .limit(limit);
  if (rows.length === 0) return [];
  const names = await db
    .select({ id: products.id, name: products.name, deleted: sql<boolean>`${products.deletedAt} is not null` })
    .from(products)
    .where(
      inArray(
        products.id,
        rows.map((r) => r.productId),
      ),
    );
  const byId = new Map(names.map((n) => [n.id, n]));
  return rows.map((r) => ({
    id: r.productId,
    name: byId.get(r.productId)?.name ?? "Product",
    deleted: Boolean(byId.get(r.productId)?.deleted),
    units: Number(r.units),
  }));
}

/** Everything /admin's Overview shows, as of `now`. */
export async function ownerOverview(now = new Date()) {
  const today = indiaDayNumber(now);
  const first = today - CHART_DAYS + 1;
  const [days, waiting, stock, top] = await Promise.all([
    salesByDay(first, today),
    ordersWaiting(now),
    lowStock(),
    bestSellers(first, today),
  ]);
  return {
    today,
    periods: {
      today: sumSales(days.slice(-1)),
      week: sumSales(days.slice(-7)),
      month: sumSales(days),
    },
    days,
    waiting,
    lowStock: stock,
    bestSellers: top,
  };
}

export type OwnerOverview = Awaited<ReturnType<typeof ownerOverview>>;
