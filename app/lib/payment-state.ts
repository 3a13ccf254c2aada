// Where an order's payment stands (issue #38), as My Orders, the admin and the JSON API say it.
// Pure, for server and browser.

export type PaymentState = "cod" | "awaiting" | "checking" | "paid";

/**
 * A COD order is "cod" until it is paid (cash on delivery); a UPI order is awaiting its UTR, then
 * being checked by the owner, then paid.
 */
export function paymentState(o: { paymentMethod: string; isPaid: boolean; utr: string | null }): PaymentState {
  if (o.isPaid) return "paid";
  if (o.paymentMethod !== "UPI") return "cod";
  return o.utr ? "checking" : "awaiting";
}
