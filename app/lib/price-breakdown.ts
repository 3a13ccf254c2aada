// What an order costs, as one breakdown shared by cart, checkout, the order, its mails and its
// invoice (issue #38): goods, then what comes off them, then what is added. Pure, in integer
// paise, for server and browser alike. Issue #39's coupon codes come off the goods before the
// prepaid discount.
import { SHIPPING_PAISE } from "./cart";

export const PAYMENT_METHODS = ["COD", "UPI"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The shop's money rules (env.payments); all zero: the specification's COD order. */
export type PriceRules = {
  /** Off the goods of a UPI order, in percent (up to 2 decimals); 0: none. */
  prepaidDiscountPercent: number;
  /** Added to a cash-on-delivery order, paise; 0: none. */
  codFeePaise: number;
};

export const NO_RULES: PriceRules = { prepaidDiscountPercent: 0, codFeePaise: 0 };

/** What a coupon code (issue #39) takes off: its terms, as the coupons table keeps them. */
export type CouponTerms = {
  kind: "percent" | "flat";
  /** Hundredths of a percent (1000 = 10 %) for "percent", paise for "flat". */
  amount: number;
  freeShipping: boolean;
};

export type PriceBreakdown = {
  /** Σ qty × price: the goods at their prices, tax included. */
  goods: number;
  /** Off the goods for a coupon code (issue #39), before the prepaid discount; 0: no code. */
  couponDiscount: number;
  /** Off the goods for paying by UPI. */
  prepaidDiscount: number;
  shipping: number;
  codFee: number;
  /** goods − couponDiscount − prepaidDiscount + shipping + codFee. */
  total: number;
};

/** round(amount × percent / 100), halves up, in integers (a percent has at most 2 decimals). */
export function percentOf(amount: number, percent: number): number {
  const bp = Math.round(percent * 100);
  return Number((BigInt(amount) * BigInt(bp) * 2n + 10_000n) / 20_000n);
}

/** What `coupon` takes off `goods`: a percent to the paisa (halves up), a flat sum at most the goods. */
export function couponDiscountOf(goods: number, coupon: CouponTerms | null | undefined): number {
  if (!coupon || goods <= 0) return 0;
  return coupon.kind === "percent" ? percentOf(goods, coupon.amount / 100) : Math.min(coupon.amount, goods);
}

/**
 * The breakdown of an order of `lines` paid by `method`, in one stated order (issue #39): the
 * goods − the coupon code − the prepaid discount on what the code left + shipping (the flat ₹49 of
 * any order with goods, spec; 0 when the code gives free shipping) + the COD fee (cash on delivery only).
 */
export function priceBreakdown(
  lines: readonly { price: number; qty: number }[],
  method: PaymentMethod,
  rules: PriceRules,
  coupon?: CouponTerms | null,
): PriceBreakdown {
  const goods = lines.reduce((sum, l) => sum + l.price * l.qty, 0);
  const couponDiscount = couponDiscountOf(goods, coupon);
  const afterCode = goods - couponDiscount;
  const prepaidDiscount = method === "UPI" && afterCode > 0 ? percentOf(afterCode, rules.prepaidDiscountPercent) : 0;
  const shipping = goods > 0 && !coupon?.freeShipping ? SHIPPING_PAISE : 0;
  const codFee = method === "COD" && goods > 0 ? rules.codFeePaise : 0;
  return {
    goods,
    couponDiscount,
    prepaidDiscount,
    shipping,
    codFee,
    total: afterCode - prepaidDiscount + shipping + codFee,
  };
}

/**
 * `discount` spread over rows worth `grosses`, in whole paise that add up to it exactly: each row
 * its share rounded down, then the paise left one each to the rows with the largest remainders
 * (the earlier row first on a tie). A GST invoice lowers each line's taxable value by its share.
 */
export function spreadDiscount(grosses: readonly number[], discount: number): number[] {
  const whole = grosses.reduce((a, b) => a + b, 0);
  if (discount <= 0 || whole <= 0) return grosses.map(() => 0);
  if (discount > whole) throw new RangeError(`A discount of ${discount} paise is more than the ${whole} it comes off`);
  // BigInt: gross × discount can pass 2^53 on a large order.
  const d = BigInt(discount);
  const w = BigInt(whole);
  const shares = grosses.map((g) => Number((BigInt(g) * d) / w));
  const order = grosses
    .map((g, i) => ({ i, rest: (BigInt(g) * d) % w }))
    .sort((a, b) => (a.rest === b.rest ? a.i - b.i : a.rest > b.rest ? -1 : 1));
  let left = discount - shares.reduce((a, b) => a + b, 0);
  for (const { i } of order) {
    if (left === 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return shares;
}

/**
 * Each line's share of the order's discounts, taken off one after another in the order given,
 * each spread (spreadDiscount) over what the earlier ones left of the lines: issue #39's coupon
 * code first, then the prepaid discount on the rest. A tax invoice lowers each line's taxable value
 * by its share, so the shares add up to the discounts exactly and never pass a line's gross.
 */
export function spreadDiscounts(grosses: readonly number[], discounts: readonly number[]): number[] {
  const left = [...grosses];
  const shares = grosses.map(() => 0);
  for (const discount of discounts)
    spreadDiscount(left, discount).forEach((share, i) => {
      shares[i]! += share;
      left[i]! -= share;
    });
  return shares;
}
