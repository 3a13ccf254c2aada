// "Tell me when it's back" (issue #39): a shopper leaves an address on a sold-out product or size;
// when its stock goes from 0 to more, every waiting address gets one mail through the outbox.
import { createHmac, timingSafeEqual } from "node:crypto";
import { and, count, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import { db, dialect, type Tx, writeTransaction } from "~/db/client.server";
import { products, productSizes, stockAlerts } from "~/db/schema";
import { env } from "~/env.server";
import { textIn } from "~/lib/catalogue-text";
import { en } from "~/lib/i18n/en";
import { type Language, localizedPath } from "~/lib/i18n/languages";
import { lineName } from "~/lib/line-name";
import type { StockAlertInput } from "~/lib/stock-alert-schema";
import { usableLanguage } from "~/models/accounts/customer-language.server";
import { backInStockMail } from "~/models/mail/back-in-stock-mail.server";
import { mailsQueued, queueMail } from "~/models/mail/outbox.server";
import { newId } from "~/utils/id.server";
import { hit } from "~/utils/rate-limit.server";

/** A sign-up refused for what it names (unknown product or size, or in stock): its message. */
export class AlertRefused extends Error {}

/** The advisory locks' first key: the product's alerts (the second is a hash of the product's id). */
const ALERT_LOCK = 39;

/**
 * PostgreSQL: waits for, then holds until its transaction ends, the lock on the product's alerts,
 * which a sign-up takes before it reads the stock and a stock raise before it reads the waiting
 * alerts (mailBackInStock). Without it, a sign-up and a raise running side by side (READ
 * COMMITTED) could each miss the other's write: the sign-up read the stock before the raise
 * committed, the raise read the alerts before the sign-up committed, and the address waited for a
 * raise that had already happened. With it, whichever comes second sees what the first committed:
 * the raise mails the new address, or the sign-up is told the candle is in stock. An advisory lock
 * rather than the product's row: locking that row for share would order badly with the editor's
 * writes (sizes, then the product) and deadlock, and writing it would move the catalogue's version.
 * SQLite runs one write transaction at a time: nothing to do.
 */
async function lockAlerts(tx: Tx, productId: string): Promise<void> {
  if (dialect !== "pg") return;
  // `Tx` is node-postgres's drizzle transaction when the dialect is "pg"; its execute runs raw SQL.
  await (tx as unknown as { execute(query: SQL): Promise<unknown> }).execute(
    sql`select pg_advisory_xact_lock(${ALERT_LOCK}::integer, hashtext(${productId}))`,
  );
}

/**
 * The inbox an address reaches (issue #50): case folded, its `+tag` dropped (`asha+1@x.in` and
 * `Asha@x.in` are `asha@x.in`), and for Gmail, which ignores them, the dots of the name dropped and
 * googlemail.com read as gmail.com. What the per-address limit counts and what a restock mails once:
 * typing the address another way reaches the same inbox, so it counts the same.
 */
export function mailboxOf(email: string): string {
  const at = email.lastIndexOf("@");
  let name = email.slice(0, at).toLowerCase();
  let domain = email.slice(at + 1).toLowerCase();
  const plus = name.indexOf("+");
  if (plus > 0) name = name.slice(0, plus);
  if (domain === "gmail.com" || domain === "googlemail.com") {
    name = name.replaceAll(".", "") || name;
    domain = "gmail.com";
  }
  return `${name}@${domain}`;
}

/**
 * Keeps `input.email` waiting for the product (or its size), once: signing up again is fine, and
 * re-arms an alert already mailed. Counted against the per-mailbox (mailboxOf) and per-IP limits
 * first (RateLimited), whether or not the address was waiting, and answers the same either way, so
 * nothing tells whether an address was already on the list. Refused (AlertRefused) for a product
 * or size that is not live, for a sized product without one of its sizes, and for one in stock.
 */
export async function signUpForAlert(
  input: StockAlertInput,
  who: { ip: string; userId: string | null; language: Language },
): Promise<void> {
  await hit("alertIp", who.ip);
  await hit("alertEmail", mailboxOf(input.email));
  await writeTransaction(async (tx) => {
    await lockAlerts(tx, input.productId);
    const [product] = await tx
      .select({ stock: products.stock })
      .from(products)
      .where(and(eq(products.id, input.productId), isNull(products.deletedAt)));
    if (!product) throw new AlertRefused(en.feedback.alertUnknown);
    const sizes = await tx
      .select({ id: productSizes.id, stock: productSizes.stock })
      .from(productSizes)
      .where(and(eq(productSizes.productId, input.productId), isNull(productSizes.deletedAt)));
    // A sized product's alert is for one of its sizes (its own stock mirrors the default size only).
    const size = sizes.find((s) => s.id === input.size);
    if (sizes.length > 0 ? !size : input.size !== "") throw new AlertRefused(en.feedback.alertUnknown);
    if ((size ?? product).stock > 0) throw new AlertRefused(en.feedback.alertInStock);
    const values = { userId: who.userId, language: who.language, notifiedAt: null };
    await tx
      .insert(stockAlerts)
      .values({ id: newId(), productId: input.productId, sizeKey: size?.id ?? "", email: input.email, ...values })
      .onConflictDoUpdate({ target: [stockAlerts.productId, stockAlerts.sizeKey, stockAlerts.email], set: values });
  });
}

/**
 * The "after stock rose" hook: every stock write of a product calls it in its own transaction (the
 * editor and the JSON door through updateProduct, an order's stock coming back through moveStock).
 * An alert waits only while its product or size is sold out (signing up for one in stock is
 * refused), so "stock went from 0 to more" is "a waiting alert's product or size is in stock now":
 * those alerts are marked mailed by one conditional update that returns them, and each inbox among
 * them gets one mail (oneAMailbox) in the same transaction. A second writer (another worker,
 * another server) waits for the rows' locks and then finds them mailed: each address gets one
 * mail. A sign-up committing beside this transaction is seen, or sees the stock (lockAlerts).
 * Returns how many mails it queued.
 */
export async function mailBackInStock(tx: Tx, productId: string): Promise<number> {
  // After this transaction's stock write, before the alerts are read (lockAlerts says why).
  await lockAlerts(tx, productId);
  const waiting = await tx
    .select({ sizeKey: stockAlerts.sizeKey })
    .from(stockAlerts)
    .where(and(eq(stockAlerts.productId, productId), isNull(stockAlerts.notifiedAt)))
    .limit(1);
  if (waiting.length === 0) return 0;
  const [product] = await tx
    .select({ name: products.name, nameHi: products.nameHi, stock: products.stock })
    .from(products)
    .where(and(eq(products.id, productId), isNull(products.deletedAt)));
  if (!product) return 0;
  const sizes = await tx
    .select({
      id: productSizes.id,
      label: productSizes.label,
      labelHi: productSizes.labelHi,
      stock: productSizes.stock,
    })
    .from(productSizes)
    .where(and(eq(productSizes.productId, productId), isNull(productSizes.deletedAt)));
  const inStock = sizes.filter((s) => s.stock > 0);
  const keys = [...(product.stock > 0 && sizes.length === 0 ? [""] : []), ...inStock.map((s) => s.id)];
  if (keys.length === 0) return 0;
  const due = await tx
    .update(stockAlerts)
    .set({ notifiedAt: new Date() })
    .where(
      and(eq(stockAlerts.productId, productId), inArray(stockAlerts.sizeKey, keys), isNull(stockAlerts.notifiedAt)),
    )
    .returning();
  const mails = oneAMailbox(due);
  for (const alert of mails) {
    const language = usableLanguage(alert.language);
    const size = inStock.find((s) => s.id === alert.sizeKey);
    const name = textIn(language, product.name, product.nameHi);
    const query = size ? `?size=${encodeURIComponent(size.id)}` : "";
    await queueMail(
      tx,
      "back-in-stock",
      backInStockMail(
        {
          email: alert.email,
          name: size ? lineName(name, textIn(language, size.label, size.labelHi)) : name,
          productUrl: `${env.mail.publicUrl}${localizedPath(language, `/product/${encodeURIComponent(productId)}`)}${query}`,
          stopUrl: stopUrl(alert.email, language),
        },
        language,
      ),
    );
  }
  if (mails.length > 0) mailsQueued();
  return mails.length;
}

/**
 * One alert per inbox (mailboxOf), so one restock mails an inbox once for the product whatever
 * addresses and sizes it waited under (`asha+1@…`, `asha+2@…`): the address as typed without a
 * tag if it is among them, else the first in order. The others are marked mailed all the same.
 */
function oneAMailbox<A extends { email: string; sizeKey: string }>(alerts: A[]): A[] {
  const plainFirst = (a: A) => (a.email === mailboxOf(a.email) ? 0 : 1);
  const sorted = [...alerts].sort(
    (a, b) =>
      plainFirst(a) - plainFirst(b) ||
      (a.email < b.email ? -1 : a.email > b.email ? 1 : 0) ||
      (a.sizeKey < b.sizeKey ? -1 : a.sizeKey > b.sizeKey ? 1 : 0),
  );
  const byMailbox = new Map<string, A>();
  for (const alert of sorted) if (!byMailbox.has(mailboxOf(alert.email))) byMailbox.set(mailboxOf(alert.email), alert);
  return [...byMailbox.values()];
}

/** The stop link's token: an HMAC of the address with the session secret, so nothing is stored. */
export const stopToken = (email: string) =>
  createHmac("sha256", env.sessionSecret).update(`stock-alert-stop:${email}`).digest("base64url");

/** Whether `token` is this address's stop token. */
export function stopTokenMatches(email: string, token: string): boolean {
  const want = Buffer.from(stopToken(email));
  const got = Buffer.from(token);
  return got.length === want.length && timingSafeEqual(got, want);
}

/** The page that stops an address's back-in-stock mails, with its token, in `language`. */
export const stopUrl = (email: string, language: Language) =>
  `${env.mail.publicUrl}${localizedPath(language, "/stock-alerts/stop")}?e=${encodeURIComponent(email)}&t=${stopToken(email)}`;

/**
 * Deletes the address's alerts when `token` is its stop token (false when it is not): the waiting
 * ones, so no mail goes, and the mailed ones, so the shop forgets the address.
 */
export async function stopAlerts(email: string, token: string): Promise<boolean> {
  if (!stopTokenMatches(email, token)) return false;
  await writeTransaction((tx) => tx.delete(stockAlerts).where(eq(stockAlerts.email, email)));
  return true;
}

/** For the Products tab and the editor: how many addresses wait for each of these products. */
export async function waitingCounts(productIds: string[]): Promise<Record<string, number>> {
  if (productIds.length === 0) return {};
  const rows = await db
    .select({ productId: stockAlerts.productId, waiting: count() })
    .from(stockAlerts)
    .where(and(inArray(stockAlerts.productId, productIds), isNull(stockAlerts.notifiedAt)))
    .groupBy(stockAlerts.productId);
  return Object.fromEntries(rows.map((r) => [r.productId, Number(r.waiting)]));
}
