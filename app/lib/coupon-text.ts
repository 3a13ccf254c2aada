// How the admin writes a coupon's terms (issue #39): "10 % off", "₹150.00 off, free shipping".
import { formatPaise } from "./money";
import type { CouponTerms } from "./price-breakdown";

export function couponOffText(c: CouponTerms): string {
  const off = c.kind === "percent" ? `${c.amount / 100} % off` : `${formatPaise(c.amount)} off`;
  return c.freeShipping ? `${off}, free shipping` : off;
}
