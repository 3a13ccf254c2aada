// The mail sender of the running shop crosses three domains: it delivers the outbox (mail), and
// attaches to an order's confirmation that order (orders) as its invoice PDF (invoices).
import { shortOrderId } from "~/lib/order-number";
import { orderInvoicePdf } from "~/models/invoices/order-invoice.server";
import { type Attachments, MailSender, type MailSenderOptions } from "~/models/mail/sender.server";
import { orderById } from "~/models/orders/read.server";

/** The invoice PDF of the order a mail names; none when the order was deleted meanwhile. */
export const invoiceAttachment: Attachments = async (row) => {
  if (!row.invoiceOrderId) return [];
  const order = await orderById(row.invoiceOrderId);
  // A deleted order's confirmation goes without its invoice rather than not at all.
  if (!order) return [];
  return [
    {
      filename: `invoice-${shortOrderId(order.id)}.pdf`,
      content: Buffer.from(await orderInvoicePdf(order)),
      contentType: "application/pdf",
    },
  ];
};

/** The shop's mail sender: the outbox's loop, with order confirmations carrying their invoice. */
export class OrderMailSender extends MailSender {
  constructor(options: MailSenderOptions = {}) {
    super({ attachments: invoiceAttachment, ...options });
  }
}
