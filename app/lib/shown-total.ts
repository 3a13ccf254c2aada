// The totals a checkout page showed (issue #50): one hidden field per way of paying, "UPI:117200"
// (paise), so that Place Order charges the one the shopper saw or refuses with the new figures.
import type { PaymentMethod } from "./price-breakdown";

export const SHOWN_TOTAL = "shownTotal";

/** A field's value for `method` at `paise`. */
export const shownTotalValue = (method: PaymentMethod, paise: number) => `${method}:${paise}`;

/** The total posted for `method` (paise), or undefined: a page from before sends none. */
export function shownTotalOf(values: readonly unknown[], method: PaymentMethod): number | undefined {
  for (const value of values) {
    const match = typeof value === "string" ? /^([A-Z]+):(\d{1,12})$/.exec(value) : null;
    if (match?.[1] === method) return Number(match[2]);
  }
  return undefined;
}
