import { stringify } from "csv-stringify/sync";
import { and, asc, desc, inArray, lt, lte, or, type SQL } from "drizzle-orm";
import { db } from "~/db/client.server";
import { orderItems, orders } from "~/db/schema";
import type { OrderFilter } from "~/lib/order-filter";
import { orderFilterWhere } from "~/models/order-search.server";

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
] as const;

const BATCH = 200;
const BOM = "\uFEFF";

/** One CSV text for `rows`: every field quoted, formulas neutralised, CRLF line ends (RFC 4180). */
export function csvRows(rows: (string | number)[][]): string {
  return stringify(rows, { quoted: true, escape_formulas: true, record_delimiter: "windows" });
}

/** Integer paise as rupees with 2 decimals, "1234.50": a number to a spreadsheet, no symbol or grouping. */
const rupees = (paise: number) => (paise / 100).toFixed(2);

/** "2026-03-14 23:30", India time: a date and time every spreadsheet reads. */
export function csvDateTime(d: Date): string {
  return new Date(d.getTime() + 330 * 60_000).toISOString().slice(0, 16).replace("T", " ");
}

type After = { createdAt: Date; id: string } | null;

/** A batch of the orders `where` keeps, newest first, after the last one of the batch before. */
function batch(where: SQL | undefined, after: After) {
  return db
    .select({
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
    })
    .from(orders)
    .where(
      and(
        where,
        // (created_at, id) before the last one's: the range on created_at alone lets both databases
        // walk orders_created_idx from there (an OR of the two would sort the whole table each time).
        after
          ? and(
              lte(orders.createdAt, after.createdAt),
              or(lt(orders.createdAt, after.createdAt), lt(orders.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(BATCH);
}

/** The export of the orders `filter` keeps, in pieces: the BOM and header, then a piece per batch. */
export async function* orderCsv(filter: OrderFilter): AsyncGenerator<string> {
  yield BOM + csvRows([[...CSV_HEADER]]);
  const where = orderFilterWhere(filter);
  let after: After = null;
  for (;;) {
    const page = await batch(where, after);
    if (page.length === 0) return;
    const lines = await db
      .select({
        orderId: orderItems.orderId,
        name: orderItems.name,
        qty: orderItems.qty,
        price: orderItems.price,
      })
      .from(orderItems)
      .where(
        inArray(
          orderItems.orderId,
          page.map((o) => o.id),
        ),
      )
      .orderBy(asc(orderItems.orderId), asc(orderItems.position));
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
        `#${o.id.slice(-6)}`,
        o.status,
        o.isPaid ? "Yes" : "No",
        o.contactName,
        o.contactPhone,
        o.city,
        o.state,
        o.pin,
      ];
      // An order without lines (never one this shop placed) still shows, with its totals.
      for (const line of byOrder.get(o.id) ?? [{ name: "", qty: 0, price: 0 }])
        rows.push([
          ...head,
          line.name,
          line.qty,
          rupees(line.price),
          rupees(line.qty * line.price),
          rupees(o.shipping),
          rupees(o.grandTotal),
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
