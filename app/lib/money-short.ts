// The owner's chart only: apart from money.ts so that a shop page does not fetch it, and made on
// first use, as the first Intl formatter a page makes costs 10-26 ms of main thread (money.ts).
let inrShort: Intl.NumberFormat | undefined;

/** Integer paise → "₹1.2L", "₹25K", "₹500": a chart's axis, where room is short. */
export function formatPaiseShort(paise: number): string {
  inrShort ??= new Intl.NumberFormat("en-IN", {
    style: "currency",
    currency: "INR",
    notation: "compact",
    minimumFractionDigits: 0,
    maximumFractionDigits: 1,
  });
  return inrShort.format(paise / 100);
}
