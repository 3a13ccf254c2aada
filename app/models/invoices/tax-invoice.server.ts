import { env } from "~/env.server";
import { type GstSettings, type TaxInvoiceFigures, taxInvoiceFigures } from "~/lib/tax-invoice";
import type { InvoiceOrder } from "~/models/invoices/invoice-pdf.server";

/**
 * What the invoice PDF prints as a GST tax invoice, or null for a plain one: when the shop has no
 * GSTIN (SHOP_GSTIN unset), or had none when the order was placed. The rate is the one stored with
 * the order, so an issued invoice never changes when GST_RATE_PERCENT does. The drawing code's one
 * call for GST.
 */
export function taxInvoiceFor(order: InvoiceOrder, settings: GstSettings | null = env.gst): TaxInvoiceFigures | null {
  if (!settings || order.gstRatePercent === null) return null;
  return taxInvoiceFigures(order, { ...settings, ratePercent: order.gstRatePercent });
}
