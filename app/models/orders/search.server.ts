import { and, eq, gte, isNotNull, isNull, lt, ne, or, type SQL, sql } from "drizzle-orm";
import { orders } from "~/db/schema";
import { indiaDayStart, parseIsoDayNumber } from "~/lib/dates";
import type { OrderFilter } from "~/lib/order-filter";
import { normalizePhone } from "~/lib/phone";

/** `text` inside a LIKE pattern, its wildcards taken literally (with ESCAPE '\'). */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

// The phone as typed at checkout ("+91 98765-43210"), digits only, the same SQL on both databases.
const phoneDigits = sql`replace(replace(replace(replace(replace(replace(${orders.contactPhone}, ' ', ''), '-', ''), '+', ''), '(', ''), ')', ''), '.', '')`;

/**
 * The search of the Orders tab: the order number (the id's last characters, "#" optional), the
 * customer's name or email (any part, any case), or the phone (its digits, however it was typed;
 * a whole number with +91 or 0 in front is read as the 10-digit mobile).
 */
function searchWhere(q: string): SQL | undefined {
  const text = `%${likeLiteral(q.toLowerCase())}%`;
  const matches: SQL[] = [
    sql`lower(${orders.contactName}) like ${text} escape '\\'`,
    sql`lower(${orders.contactEmail}) like ${text} escape '\\'`,
  ];
  const number = /^#?([0-9a-f]{4,24})$/i.exec(q);
  if (number) matches.push(sql`${orders.id} like ${`%${number[1]!.toLowerCase()}`}`);
  if (/^[\d\s()+.-]+$/.test(q)) {
    let digits = q.replace(/\D/g, "");
    if (digits.length >= 10) digits = normalizePhone(digits);
    if (digits.length >= 4) matches.push(sql`${phoneDigits} like ${`%${digits}%`}`);
  }
  return or(...matches);
}

/** The orders a filter keeps, as SQL (undefined: every order). */
export function orderFilterWhere(filter: OrderFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (filter.status) parts.push(eq(orders.status, filter.status));
  const from = filter.from ? parseIsoDayNumber(filter.from) : null;
  const to = filter.to ? parseIsoDayNumber(filter.to) : null;
  if (from !== null) parts.push(gte(orders.createdAt, indiaDayStart(from)));
  if (to !== null) parts.push(lt(orders.createdAt, indiaDayStart(to + 1)));
  if (filter.q) parts.push(searchWhere(filter.q));
  // COD orders asked to be confirmed (their confirm link's hash is kept), by whether they were.
  if (filter.confirm)
    parts.push(
      eq(orders.paymentMethod, "COD"),
      isNotNull(orders.confirmTokenHash),
      filter.confirm === "confirmed" ? isNotNull(orders.confirmedAt) : isNull(orders.confirmedAt),
    );
  // A UPI order with a UTR sent, not yet marked paid: the owner's to check in the bank app.
  if (filter.payment === "check")
    parts.push(
      and(
        eq(orders.paymentMethod, "UPI"),
        isNotNull(orders.utr),
        eq(orders.isPaid, false),
        ne(orders.status, "Cancelled"),
      ),
    );
  return parts.length ? and(...parts) : undefined;
}
