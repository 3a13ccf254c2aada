// Placing an order crosses three domains in one transaction: the order and its stock (orders),
// its invoice number (invoices), its confirmation and the owner's alert (mail). Either all of
// them are written or none is.
import { writeTransaction, type Tx } from "~/db/client.server";
import { env } from "~/env.server";
import { en } from "~/lib/i18n/en";
import type { Language } from "~/lib/i18n/languages";
import { lineName } from "~/lib/line-name";
import { formatPaise } from "~/lib/money";
import { customerLanguage, rememberLanguage } from "~/models/accounts/customer-language.server";
import { supplyStateCode } from "~/models/addresses/supply-state.server";
import { couponForOrder } from "~/models/coupons/check.server";
import { redeem } from "~/models/coupons/redeem.server";
import { numberOrder } from "~/models/invoices/numbers.server";
import { mailsQueued, queueOrderMails } from "~/models/mail/outbox.server";
import {
  IDEMPOTENCY_KEY_INVALID,
  isIdempotencyKey,
  isKeyConflict,
  orderIdForKey,
} from "~/models/orders/idempotency.server";
import { type PlaceOrderInput, priceLines, wantedOf } from "~/models/orders/lines.server";
import { OrderError, TotalChanged } from "~/models/orders/order-error.server";
import { takeStock } from "~/models/orders/stock.server";
import { insertOrder } from "~/models/orders/write.server";
import { confirmToken, confirmUrl } from "~/models/payments/confirmation.server";
import { orderPricing } from "~/models/payments/pricing.server";
import { refuseTooManyUnpaidUpi, unpaidUpiLimit } from "~/models/payments/unpaid-upi.server";
import { newId } from "~/utils/id.server";
import { hit } from "~/utils/rate-limit.server";

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
 *
 * `pageLanguage`: the language of the checkout page (not given by the JSON API); it becomes the
 * customer's, with the order, and the confirmation speaks it. Otherwise the customer's own.
 *
 * `limits.unpaidUpi` (the doors, through submitOrder): a UPI order is refused (OrderError) when the
 * customer would have more unpaid UPI orders waiting than that, counted in this transaction.
 */
export async function placeOrder(
  userId: string,
  input: PlaceOrderInput,
  key?: string,
  pageLanguage?: Language,
  limits?: { unpaidUpi: number },
): Promise<{ id: string; replayed: boolean }> {
  const wanted = wantedOf(input.items);
  if (key !== undefined && !isIdempotencyKey(key)) throw new OrderError(IDEMPOTENCY_KEY_INVALID);
  // Read before the transaction: the directory does not change with the order.
  const supply = await supplyStateCode(input.shippingAddress);

  const write = async (tx: Tx): Promise<{ id: string; replayed: boolean }> => {
    const lines = await priceLines(tx, wanted);
    const paymentMethod = input.paymentMethod ?? "COD";
    // Every order gets a number, GST or not, so numbering has no gaps when GST is switched on.
    // The order's date is the one its number was taken for: the invoice date and the number's
    // financial year always agree (the database's own clock could differ by a tick at midnight).
    const placedAt = new Date();
    // A coupon code is judged again here, on the database's prices, and counted below (issue #39):
    // one that stopped applying refuses the order with why, never a total the shopper was not shown.
    const coupon = input.couponCode ? await couponForOrder(tx, input.couponCode, lines, userId, placedAt) : null;
    // The prices are the database's, so the rules (a COD limit, say) are judged on them here.
    const totals = orderPricing(lines, paymentMethod, coupon);
    // What the shopper saw is what they agreed to: any other total is refused with the new one.
    if (input.shownTotal !== undefined && totals.total !== input.shownTotal)
      throw new TotalChanged(en.feedback.totalChanged(formatPaise(totals.total)));
    const id = newId();
    // A COD order the customer is asked to confirm gets a link (COD_CONFIRM): its token goes
    // into the confirmation mail, only its hash into the order.
    const confirm = paymentMethod === "COD" && env.payments.codConfirm ? confirmToken(id) : null;
    await insertOrder(tx, {
      ...input,
      id,
      userId,
      placedAt,
      supplyStateCode: supply,
      lines,
      totals,
      paymentMethod,
      confirmTokenHash: confirm?.tokenHash ?? null,
      coupon,
      key,
    });
    await takeStock(tx, lines);
    // After the stock rows: every order locks its rows in one order (stock, then the coupon).
    if (coupon) await redeem(tx, coupon, userId, placedAt);
    if (pageLanguage) await rememberLanguage({ id: userId }, pageLanguage, tx);
    const language = pageLanguage ?? (await customerLanguage(userId, tx));
    // The confirmation and the owner's alert are written with the order: both exist if and only
    // if the order does. A sender delivers them later, never in this request.
    await queueOrderMails(
      tx,
      {
        id,
        contact: input.contact,
        shippingAddress: input.shippingAddress,
        items: lines.map((l) => ({ name: lineName(l.name, l.sizeLabel), qty: l.qty, price: l.price })),
        subtotal: totals.goods,
        couponCode: coupon?.code ?? null,
        couponDiscount: totals.couponDiscount,
        prepaidDiscount: totals.prepaidDiscount,
        shipping: totals.shipping,
        codFee: totals.codFee,
        grandTotal: totals.total,
        paymentMethod,
        confirmUrl: confirm ? confirmUrl(id, confirm.token, language) : null,
        confirmWithinHours:
          confirm && env.payments.codConfirmMs !== null ? env.payments.codConfirmMs / 3_600_000 : null,
      },
      language,
    );
    // Last, the invoice number: the year's counter is held from here to the commit (numberOrder).
    await numberOrder(tx, id, placedAt);
    // Unpaid UPI orders hold stock: a few at once per customer (issue #50), this one counted, under
    // the counter's lock, so it sees every order placed before this one.
    if (paymentMethod === "UPI" && limits) await refuseTooManyUnpaidUpi(tx, userId, placedAt, limits.unpaidUpi);
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
 *
 * A UPI order holds its stock until paid or lapsed (issue #50): it is counted against the client
 * address `ip` too (the door's requestInfo; `upiOrderIp`, generous), and refused when the customer
 * already has as many unpaid UPI orders waiting as they may (unpaidUpiLimit).
 */
export async function submitOrder(
  userId: string,
  key?: string,
  pageLanguage?: Language,
  ip?: string,
): Promise<OrderSubmission> {
  if (key !== undefined && !isIdempotencyKey(key)) throw new OrderError(IDEMPOTENCY_KEY_INVALID);
  const first = key === undefined ? null : await orderIdForKey(userId, key);
  if (first) return { replayed: true, id: first };
  return {
    replayed: false,
    async place(input) {
      await hit("order", userId);
      if (input.paymentMethod === "UPI" && ip !== undefined) await hit("upiOrderIp", ip);
      return placeOrder(userId, input, key, pageLanguage, { unpaidUpi: unpaidUpiLimit() });
    },
  };
}
