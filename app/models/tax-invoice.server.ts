import { env } from "~/env.server";
import { type GstSettings, type TaxInvoiceFigures, taxInvoiceFigures } from "~/lib/tax-invoice";
import type { InvoiceOrder } from "~/models/invoice.server";

/**
 * What the invoice PDF prints as a GST tax invoice, or null when the shop has no GSTIN (SHOP_GSTIN
 * unset): then the invoice stays a plain one. The drawing code's one call for GST.
 */
export function taxInvoiceFor(order: InvoiceOrder, settings: GstSettings | null = env.gst): TaxInvoiceFigures | null {
  return settings ? taxInvoiceFigures(order, settings) : null;
}
