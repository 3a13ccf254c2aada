// What the UPI payment page shows of an order (issue #38): its state, and while it waits for a
// payment the upi://pay link and its QR code, drawn here as an SVG (no script, no outside service).
import encodeQR from "qr";
import { env } from "~/env.server";
import { paymentState } from "~/lib/payment-state";
import { upiPayUri } from "~/lib/upi";
import { escapeHtml } from "~/models/mail/templates.server";
import type { OrderWithItems } from "~/models/orders/read.server";

/** The QR code of `uri` as an <svg> string, labelled for screen readers and sized by CSS. */
export function qrSvg(uri: string, label: string): string {
  const svg = encodeQR(uri, "svg", { ecc: "medium", border: 2 });
  return svg.replace(/^<svg /, `<svg role="img" aria-label="${escapeHtml(label)}" class="upi-qr" `);
}

export type PayPageState = "awaiting" | "checking" | "paid" | "cancelled";

/** The page's facts of a UPI order (null: not a UPI order, the page is not found). */
export function payPage(o: OrderWithItems) {
  if (o.paymentMethod !== "UPI") return null;
  const payment = paymentState(o);
  const state: PayPageState =
    payment === "paid"
      ? "paid"
      : o.status === "Cancelled"
        ? "cancelled"
        : payment === "checking"
          ? "checking"
          : "awaiting";
  const upi = env.payments.upi;
  // A shop that stopped offering UPI since still shows the order's state, without a way to pay;
  // so does an order with nothing to pay (₹0, placed before issue #50 refused them).
  const uri = state === "awaiting" && upi && o.grandTotal > 0 ? upiPayUri(upi, o.grandTotal, o.id) : null;
  return {
    id: o.id,
    state,
    total: o.grandTotal,
    uri,
    upiId: upi?.id ?? null,
    expiresAt: o.expiresAt,
    utr: o.utr,
    utrAt: o.utrAt,
    paidAt: o.paidAt,
  };
}
