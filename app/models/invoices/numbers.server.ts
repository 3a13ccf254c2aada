import { sql, eq } from "drizzle-orm";
import type { Tx } from "~/db/client.server";
import { invoiceCounters, orders } from "~/db/schema";
import { env } from "~/env.server";
import { financialYear, formatInvoiceNumber } from "~/lib/invoice-number";

/**
 * The next invoice number of the financial year `at` falls in ("RK/26-27/000124"), taken in `tx`,
 * the transaction that writes the order. One upsert both creates the year's counter and moves it:
 * on PostgreSQL it locks the year's row until `tx` ends, so two app servers take turns; on SQLite
 * `tx` already holds the file's write lock (BEGIN IMMEDIATE), so two workers take turns too. An
 * order that fails rolls its serial back with it, and nothing ever lowers the counter: numbers
 * are consecutive, and a deleted or cancelled order's number is never given again.
 */
export async function nextInvoiceNumber(tx: Tx, at: Date, prefix = env.invoicePrefix): Promise<string> {
  const fy = financialYear(at);
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ fy, last: 1 })
    .onConflictDoUpdate({ target: invoiceCounters.fy, set: { last: sql`${invoiceCounters.last} + 1` } })
    .returning({ last: invoiceCounters.last });
  return formatInvoiceNumber(prefix, fy, row!.last);
}

/**
 * Gives order `orderId`, written in `tx`, the next invoice number (nextInvoiceNumber), as the last
 * writes before `tx` commits: on PostgreSQL the year's counter row is then held for these two
 * statements and the commit, not for the whole order, so orders at the same moment wait for each
 * other briefly (issue #52). Whatever must see every order placed before this one (the unpaid UPI
 * count) runs after it, under the same lock.
 */
export async function numberOrder(tx: Tx, orderId: string, at: Date): Promise<string> {
  const invoiceNumber = await nextInvoiceNumber(tx, at);
  await tx.update(orders).set({ invoiceNumber }).where(eq(orders.id, orderId));
  return invoiceNumber;
}
