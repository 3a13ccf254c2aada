// WhatsApp, the way small Indian sellers talk to their customers (issue #38): wa.me links, built
// here alone. Pure, so the pages and their tests share it.
import { formatPaise } from "./money";
import { orderNumber } from "./order-number";
import { isValidPhone, normalizePhone } from "./phone";
import { SHOP_NAME } from "./shop";

/** A chat with `number` (country code and digits, no +), with `text` typed in when given. */
export const waMe = (number: string, text?: string) =>
  `https://wa.me/${number}${text ? `?text=${encodeURIComponent(text)}` : ""}`;

/** The checkout phone as wa.me takes it ("91" and the 10-digit mobile), or null when it is not an Indian mobile. */
export function whatsappNumber(phone: string): string | null {
  const digits = normalizePhone(phone);
  return isValidPhone(digits) ? `91${digits}` : null;
}

export type WhatsappOrder = { id: string; contactName: string; grandTotal: number };

/**
 * The owner's first message about an order: its number and total and, for a COD order still to
 * confirm, the link to its confirm page (the same signed link as the mail's). English: the owner
 * reads it before sending and may change it.
 */
export function whatsappOrderMessage(o: WhatsappOrder, confirmUrl: string | null = null): string {
  const name = o.contactName.replace(/\s+/g, " ").trim();
  const lines = [
    `Hello${name ? ` ${name}` : ""}, this is ${SHOP_NAME} about your order ${orderNumber(o.id)} (total ${formatPaise(o.grandTotal)}).`,
  ];
  if (confirmUrl) lines.push(`Please confirm your order here: ${confirmUrl}`);
  return lines.join("\n");
}

/** The "WhatsApp the customer" link of an order, or null when its phone is not a mobile. */
export function whatsappCustomerHref(o: WhatsappOrder & { contactPhone: string }, confirmUrl: string | null = null) {
  const number = whatsappNumber(o.contactPhone);
  return number ? waMe(number, whatsappOrderMessage(o, confirmUrl)) : null;
}
