import { createHash } from "node:crypto";
import { stringify } from "csv-stringify/sync";
import { and, asc, desc, inArray, lt, lte, or, type SQL, sql } from "drizzle-orm";
import { db, prepared } from "~/db/client.server";
import { orderItems, orders } from "~/db/schema";
import { inIndia } from "~/lib/dates";
import { lineName } from "~/lib/line-name";
import type { OrderFilter } from "~/lib/order-filter";
import { orderNumber } from "~/lib/order-number";
import { orderFilterWhere } from "~/models/orders/search.server";

/**
 * The CSV export of the admin's filtered orders (issue #26), for an accountant's spreadsheet: one
 * row per order line. csv-stringify writes it (RFC 4180 quoting, and `escape_formulas`, which puts
 * a ' before a cell starting with =, +, -, @, tab or CR, so a name like =HYPERLINK(…) is text in
 * Excel and LibreOffice, never a formula). UTF-8 with a byte-order mark, which is how Excel knows
 * the file is UTF-8 and keeps Indian names intact.
 *
 * It is made a batch of orders at a time (keyset paging, newest first), so a hundred thousand
 * orders never sit in memory: the route streams each batch as the client takes it.
 */

export const CSV_HEADER = [
  "Date",
  "Order",
  "Status",
  "Paid",
  "Customer",
  "Phone",
  "City",
  "State",
  "PIN",
  "Product",
  "Qty",
  "Price",
  "Line total",
  "Shipping",
  "Order total",
  // Issue #38, at the end so that a spreadsheet reading the columns above by position still does.
  "Payment method",
  "UPI discount",
  "COD fee",
  "UTR",
  // Issue #39, at the end for the same reason.
  "Coupon code",
  "Coupon discount",
] as const;

const BATCH = 100;
const BOM = "\uFEFF";

/** One CSV text for `rows`: every field quoted, formulas neutralised, CRLF line ends (RFC 4180). */
export function csvRows(rows: (string | number)[][]): string {
  return stringify(rows, { quoted: true, escape_formulas: true, record_delimiter: "windows" });
}

/** Integer paise as rupees with 2 decimals, "1234.50": a number to a spreadsheet, no symbol or grouping. */
const rupees = (paise: number) => (paise / 100).toFixed(2);

/** "2026-03-14 23:30", India time: a date and time every spreadsheet reads. */
export function csvDateTime(d: Date): string {
  return inIndia(d).toISOString().slice(0, 16).replace("T", " ");
}

const exportColumns = {
  id: orders.id,
  createdAt: orders.createdAt,
  status: orders.status,
  isPaid: orders.isPaid,
  contactName: orders.contactName,
  contactPhone: orders.contactPhone,
  city: orders.city,
  state: orders.state,
  pin: orders.pin,
  shipping: orders.shipping,
  grandTotal: orders.grandTotal,
  paymentMethod: orders.paymentMethod,
  prepaidDiscount: orders.prepaidDiscount,
  codFee: orders.codFee,
  utr: orders.utr,
  couponCode: orders.couponCode,
  couponDiscount: orders.couponDiscount,
};

/**
 * The export's three statements, compiled once for the whole export (SQLite: compiled statements;
 * PostgreSQL: named ones, per filter shape, whose SQL is in the name's hash). A thousand batches
 * compiled one by one would leave a thousand statements' native memory for the garbage collector.
 */
function exportStatements(where: SQL | undefined) {
  const newestFirst = [desc(orders.createdAt), desc(orders.id)] as const;
  const firstQuery = db
    .select(exportColumns)
    .from(orders)
    .where(where)
    .orderBy(...newestFirst)
    .limit(BATCH);
  // (created_at, id) before the last one's: the range on created_at alone lets both databases walk
  // orders_created_idx from there (an OR of the two would sort the rest of the table each time).
  const t = sql.placeholder("t");
  const nextQuery = db
    .select(exportColumns)
    .from(orders)
    .where(and(where, lte(orders.createdAt, t), or(lt(orders.createdAt, t), lt(orders.id, sql.placeholder("id")))))
    .orderBy(...newestFirst)
    .limit(BATCH);
  const linesQuery = db
    .select({
      orderId: orderItems.orderId,
      name: orderItems.name,
      sizeLabel: orderItems.sizeLabel,
      qty: orderItems.qty,
      price: orderItems.price,
    })
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        Array.from({ length: BATCH }, (_, i) => sql.placeholder(`o${i}`)),
      ),
    )
    .orderBy(asc(orderItems.orderId), asc(orderItems.position));
  const named = (kind: string, query: { toSQL(): { sql: string } }) =>
    `order_export_${kind}_${createHash("sha256").update(query.toSQL().sql).digest("hex").slice(0, 16)}`;
  const first = prepared(named("first", firstQuery), firstQuery);
  const next = prepared(named("next", nextQuery), nextQuery);
  const lines = prepared(named("lines", linesQuery), linesQuery);
  return {
    batch: (after: { createdAt: Date; id: string } | null) =>
      after ? next({ t: orders.createdAt.mapToDriverValue(after.createdAt), id: after.id }) : first(),
    // The batch's ids, padded with "" (no order's id) to the statement's BATCH parameters.
    lines: (ids: string[]) =>
      lines(Object.fromEntries(Array.from({ length: BATCH }, (_, i) => [`o${i}`, ids[i] ?? ""]))),
  };
}

/** The export of the orders `filter` keeps, in pieces: the BOM and header, then a piece per batch. */
export async function* orderCsv(filter: OrderFilter): AsyncGenerator<string> {
  yield BOM + csvRows([[...CSV_HEADER]]);
  const statements = exportStatements(orderFilterWhere(filter));
  let after: { createdAt: Date; id: string } | null = null;
  for (;;) {
    const page = await statements.batch(after);
    if (page.length === 0) return;
    const lines = await statements.lines(page.map((o) => o.id));
    const byOrder = new Map<string, typeof lines>();
    for (const line of lines) {
      const list = byOrder.get(line.orderId) ?? [];
      list.push(line);
      byOrder.set(line.orderId, list);
    }
    const rows: (string | number)[][] = [];
    for (const o of page) {
      const head = [
        csvDateTime(o.createdAt),
        orderNumber(o.id),
        o.status,
        o.isPaid ? "Yes" : "No",
        o.contactName,
        o.contactPhone,
        o.city,
        o.state,
        o.pin,
      ];
      // An order without lines (never one this shop placed) still shows, with its totals.
      for (const line of byOrder.get(o.id) ?? [{ name: "", sizeLabel: "", qty: 0, price: 0 }])
        rows.push([
          ...head,
          lineName(line.name, line.sizeLabel),
          line.qty,
          rupees(line.price),
          rupees(line.qty * line.price),
          rupees(o.shipping),
          rupees(o.grandTotal),
          o.paymentMethod,
          rupees(o.prepaidDiscount),
          rupees(o.codFee),
          o.utr ?? "",
          o.couponCode ?? "",
          rupees(o.couponDiscount),
        ]);
    }
    yield csvRows(rows);
    const last = page[page.length - 1]!;
    after = { createdAt: last.createdAt, id: last.id };
    if (page.length < BATCH) return;
  }
}

/** The export as a streamed body: a batch is read from the database only when the client has taken the last. */
export function orderCsvStream(filter: OrderFilter): ReadableStream<Uint8Array> {
  const pieces = orderCsv(filter);
  const encoder = new TextEncoder();
  return new ReadableStream({
    async pull(controller) {
      const { value, done } = await pieces.next();
      if (done) controller.close();
      else controller.enqueue(encoder.encode(value));
    },
    async cancel() {
      await pieces.return(undefined);
    },
  });
}
