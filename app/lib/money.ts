// Prices are written out here rather than by Intl.NumberFormat: the first Intl formatter a page
// makes costs 10-26 ms of a phone's main thread (the browser loads ICU's locale data), which ran
// while the scripts were evaluated, before the page answered a tap (issue #24, docs/performance.md).
// tests/unit/platform/money.test.ts holds these to Intl's en-IN output, so server and browser say the same.

/** Indian grouping: the last three digits, then twos ("12,34,567"). */
const groupIndian = (digits: string) =>
  digits.length <= 3 ? digits : `${digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ",")},${digits.slice(-3)}`;

/** Integer paise → "₹1,234.50" (as Intl's en-IN rupees: "-₹0.50" below zero). */
export function formatPaise(paise: number): string {
  const whole = Math.round(Math.abs(paise));
  const sign = paise < 0 || Object.is(paise, -0) ? "-" : "";
  return `${sign}₹${groupIndian(String(Math.floor(whole / 100)))}.${String(whole % 100).padStart(2, "0")}`;
}

export const paiseToRupees = (paise: number) => Math.round(paise) / 100;
export const rupeesToPaise = (rupees: number) => Math.round(rupees * 100);
