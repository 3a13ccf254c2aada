// Where a COD order the customer is asked to confirm stands (issue #38, COD_CONFIRM): read the same
// way by My Orders, the confirm page and the owner's pages. Pure, so the browser shares it.

export type ConfirmState = "unconfirmed" | "confirmed" | "cancelled";

/** The fields of an order that say it. `confirmTokenHash` set: the order is one to confirm. */
export type ConfirmFields = {
  paymentMethod: string;
  status: string;
  confirmTokenHash: string | null;
  confirmedAt: Date | null;
};

/** The order's confirmation state; null when it was never asked for (UPI, or COD_CONFIRM off). */
export function confirmState(o: ConfirmFields): ConfirmState | null {
  if (o.paymentMethod !== "COD" || o.confirmTokenHash === null) return null;
  if (o.confirmedAt) return "confirmed";
  return o.status === "Cancelled" ? "cancelled" : "unconfirmed";
}

/** The admin's words for it (English, as the admin is). */
export const CONFIRM_LABEL: Record<ConfirmState, string> = {
  unconfirmed: "Unconfirmed",
  confirmed: "Confirmed",
  cancelled: "Unconfirmed",
};
