// The shop's money rules applied to an order (issue #38): which payment methods it takes, what
// each costs, and what it refuses. The arithmetic is app/lib/price-breakdown.ts; the rules come
// from the environment (env.payments), read once.
import { env } from "~/env.server";
import { ONLY_COD } from "~/lib/checkout-schema";
import { en } from "~/lib/i18n/en";
import { formatPaise } from "~/lib/money";
import {
  type CouponTerms,
  type PaymentMethod,
  type PriceBreakdown,
  priceBreakdown,
  type PriceRules,
} from "~/lib/price-breakdown";
import { OrderError } from "~/models/orders/order-error.server";

/** The rules in force: all zero with none of the settings. */
export const priceRules = (): PriceRules => ({
  prepaidDiscountPercent: env.payments.prepaidDiscountPercent,
  codFeePaise: env.payments.codFeePaise,
});

/** Whether the shop takes UPI (SHOP_UPI_ID is set). */
export const upiOffered = () => env.payments.upi !== null;

/** What the checkout shows of the payment choice: the rules, and each method's breakdown. */
export type PaymentChoice = {
  upi: boolean;
  rules: PriceRules;
  /** Above this total (paise) cash on delivery is refused; null: no limit. */
  codMax: number | null;
};

export const paymentChoice = (): PaymentChoice => ({
  upi: upiOffered(),
  rules: priceRules(),
  codMax: env.payments.codMaxPaise,
});

/** Why `method` cannot pay for this breakdown (English, translated by the page), or null. */
export function paymentRefusal(method: PaymentMethod, breakdown: PriceBreakdown): string | null {
  if (method === "UPI" && !upiOffered()) return ONLY_COD;
  // A UPI app cannot be asked for ₹0 (issue #50): such an order would wait for a payment that
  // cannot be made, and lapse with its coupon spent.
  if (method === "UPI" && breakdown.total <= 0) return en.feedback.upiNothingToPay;
  const max = env.payments.codMaxPaise;
  if (method === "COD" && max !== null && breakdown.total > max) return en.feedback.codOverLimit(formatPaise(max));
  return null;
}

/** The breakdown of an order of `lines` paid by `method`, or an OrderError saying why it cannot be. */
export function orderPricing(
  lines: readonly { price: number; qty: number }[],
  method: PaymentMethod,
  coupon?: CouponTerms | null,
): PriceBreakdown {
  const breakdown = priceBreakdown(lines, method, priceRules(), coupon);
  const refusal = paymentRefusal(method, breakdown);
  if (refusal) throw new OrderError(refusal);
  return breakdown;
}

/**
 * What the cart shows (issue #38): the cash-on-delivery breakdown, its fee a line of it, and what
 * paying by UPI takes off (0: nothing, or no UPI); where cash is refused over the limit, the UPI
 * breakdown, the only one the order can have.
 */
export function cartPricing(lines: readonly { price: number; qty: number }[], coupon?: CouponTerms | null) {
  const rules = priceRules();
  const cod = priceBreakdown(lines, "COD", rules, coupon);
  if (!upiOffered()) return { prices: cod, upiSaves: 0 };
  const upi = priceBreakdown(lines, "UPI", rules, coupon);
  return paymentRefusal("COD", cod) ? { prices: upi, upiSaves: 0 } : { prices: cod, upiSaves: upi.prepaidDiscount };
}
