import { lineName } from "~/lib/line-name";
import { customerLanguage } from "~/models/accounts/customer-language.server";
import type { InvoiceOrder } from "~/models/invoices/invoice-pdf.server";
import { invoicePdf } from "~/models/invoices/pdf-thread.server";
import { taxInvoiceFor } from "~/models/invoices/tax-invoice.server";
import type { OrderWithItems } from "~/models/orders/read.server";

/** A stored order as the invoice PDF takes it. */
export function toInvoiceOrder(order: OrderWithItems): InvoiceOrder {
  return {
    id: order.id,
    invoiceNumber: order.invoiceNumber,
    gstRatePercent: order.gstRateBp === null ? null : order.gstRateBp / 100,
    supplyStateCode: order.supplyStateCode,
    createdAt: order.createdAt,
    status: order.status,
    isPaid: order.isPaid,
    paymentMethod: order.paymentMethod,
    contact: { name: order.contactName, email: order.contactEmail, phone: order.contactPhone },
    shippingAddress: { address: order.address, city: order.city, state: order.state, pin: order.pin },
    items: order.items.map((i) => ({ name: lineName(i.name, i.sizeLabel), qty: i.qty, price: i.price, hsn: i.hsn })),
    subtotal: order.subtotal,
    shipping: order.shipping,
    couponCode: order.couponCode,
    couponDiscount: order.couponDiscount,
    prepaidDiscount: order.prepaidDiscount,
    codFee: order.codFee,
    grandTotal: order.grandTotal,
    utr: order.utr,
    paidAt: order.paidAt,
  };
}

/**
 * The tax invoice's figures, or null for a plain invoice. An order whose lines do not add up to its
 * stored total (never one this shop placed) gets the plain invoice and a line in the log, not a 500.
 */
function taxFigures(order: InvoiceOrder) {
  try {
    return taxInvoiceFor(order);
  } catch (error) {
    console.error(`Invoice ${order.id}: no tax invoice:`, error);
    return null;
  }
}

/**
 * The invoice PDF of a stored order: the one My Orders (and the admin) downloads and the
 * confirmation mail attaches, drawn on the PDF thread. Its labels are in the language of the
 * order's customer when it is drawn (users.language; English for an order no account owns), as
 * their mails are: the figures are the same in every language (docs/i18n.md).
 */
export async function orderInvoicePdf(order: OrderWithItems): Promise<Uint8Array> {
  const invoiceOrder = toInvoiceOrder(order);
  return invoicePdf(invoiceOrder, taxFigures(invoiceOrder), await customerLanguage(order.userId));
}
