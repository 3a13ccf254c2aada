// UPI without a gateway (issue #38): the payment link every UPI app opens, and the UTR that
// proves a payment. Pure, for server and browser.
import { shortOrderId } from "./order-number";

/** The payee: the shop's UPI ID (a business one: apps may refuse a personal ID with a reference) and name. */
export type UpiPayee = { id: string; name: string };

/** Query values as NPCI's linking specification writes them: percent-encoded, a space as %20. */
const encode = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * The `upi://pay` link of an order: payee address and name, the amount in rupees with two
 * decimals, INR, and the order's number as the note (`tn`) and the reference (`tr`), which the
 * owner's bank app shows beside the payment.
 */
export function upiPayUri(payee: UpiPayee, amountPaise: number, orderId: string): string {
  if (!Number.isSafeInteger(amountPaise) || amountPaise <= 0)
    throw new RangeError(`A UPI amount must be whole paise above 0, not ${amountPaise}`);
  const number = shortOrderId(orderId);
  const amount = `${Math.floor(amountPaise / 100)}.${String(amountPaise % 100).padStart(2, "0")}`;
  const params: [string, string][] = [
    ["pa", payee.id],
    ["pn", payee.name],
    ["am", amount],
    ["cu", "INR"],
    ["tn", `Order ${number}`],
    ["tr", number],
  ];
  return `upi://pay?${params.map(([k, v]) => `${k}=${encode(v)}`).join("&")}`;
}

/** A UTR (the UPI transaction reference every app shows): exactly 12 digits, spaces ignored. */
export const UTR_RE = /^[0-9]{12}$/;
export const normalizeUtr = (raw: string) => raw.replace(/\s+/g, "");

/** A hold (UPI_HOLD_HOURS) as the texts say it: "24", "1.5". */
export const holdHours = (ms: number) => String(Math.round((ms / 3_600_000) * 100) / 100);
