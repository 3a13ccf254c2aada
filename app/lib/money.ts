const inr = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", minimumFractionDigits: 2 });

/** Integer paise → "₹1,234.50". */
export function formatPaise(paise: number): string {
  return inr.format(paise / 100);
}

export const paiseToRupees = (paise: number) => Math.round(paise) / 100;
export const rupeesToPaise = (rupees: number) => Math.round(rupees * 100);

const inrShort = new Intl.NumberFormat("en-IN", {
  style: "currency",
  currency: "INR",
  notation: "compact",
  minimumFractionDigits: 0,
  maximumFractionDigits: 1,
});

/** Integer paise → "₹1.2L", "₹25K", "₹500": a chart's axis, where room is short. */
export function formatPaiseShort(paise: number): string {
  return inrShort.format(paise / 100);
}
