// The invoice's words in English (issue #36): the source of truth, as the invoice has always
// printed them, and the type of every other language's (`InvoiceTexts`), so a label missing there
// fails the typecheck. Only labels: names, addresses, figures, the GST state names and the
// amount in words print as they are in every language. Packing slips are the owner's: English.
import type { OrderStatus } from "~/lib/order-schema";

export const en = {
  /** The PDF's /Lang. */
  pdfLanguage: "en-IN",
  invoice: "Invoice",
  taxInvoice: "Tax Invoice",
  subject: (orderId: string): string => `Invoice for order ${orderId}`,
  tagline: "Hand-poured soy candles, India",
  soldBy: (legalName: string): string => `Sold by ${legalName}`,
  sellerState: (state: string, code: string, gstin: string): string => `State: ${state} (${code}) · GSTIN: ${gstin}`,
  /** `tax`: on a tax invoice, where some languages name the number as the law does. */
  invoiceNo: (invoiceNumber: string, _tax: boolean): string => `Invoice no. ${invoiceNumber}`,
  order: (number: string): string => `Order ${number}`,
  date: (date: string): string => `Date: ${date}`,
  orderId: (id: string): string => `Order ID: ${id}`,
  billTo: "Bill to",
  shipTo: "Ship to",
  phone: (phone: string): string => `Phone: ${phone}`,
  pin: (pin: string): string => `PIN ${pin}`,
  placeOfSupply: (label: string): string => `Place of supply: ${label}`,
  reverseChargeNo: "Reverse charge: No",
  continued: (title: string, number: string): string => `${title} ${number} (continued)`,
  item: "Item",
  qty: "Qty",
  unitPrice: "Unit price",
  taxableValue: "Taxable value",
  amount: "Amount",
  hsn: (code: string): string => `HSN ${code}`,
  product: "Product",
  noItems: "No items",
  igst: "IGST",
  cgst: "CGST",
  sgst: "SGST",
  /** The table's tax column within the seller's state (the totals split it into CGST and SGST). */
  cgstSgstColumn: (ratePercent: number): string => `CGST+SGST ${ratePercent}%`,
  subtotal: "Subtotal",
  /** Off the goods of an order paid by UPI (issue #38). */
  upiDiscount: "UPI discount",
  coupon: (code: string): string => `Code ${code}`,
  couponInTaxable: (code: string, amount: string): string =>
    `Coupon code ${code} (${amount}) is taken off each line's taxable value.`,
  /** Under a tax invoice's line: its share of the order's discounts, e.g. "−₹12.50". */
  lineDiscount: (amount: string): string => `Discount ${amount}`,
  shipping: "Shipping",
  codFee: "Cash on delivery fee",
  grandTotal: "Grand total",
  amountInWords: (words: string): string => `Amount in words: ${words}`,
  pricesIncludeGst: "Prices include GST.",
  paymentMethod: "Payment method",
  cashOnDelivery: "Cash on delivery (COD)",
  upi: "UPI",
  paymentStatus: "Payment status",
  paid: "Paid",
  notPaid: "Not paid",
  paidByUpi: (utr: string, date: string): string => `Paid by UPI, reference (UTR) ${utr}, on ${date}`,
  orderStatus: "Order status",
  statuses: {
    Placed: "Placed",
    Processing: "Processing",
    Shipped: "Shipped",
    Delivered: "Delivered",
    Cancelled: "Cancelled",
  } as Record<OrderStatus, string>,
  notSigned: (legalName: string): string => `For ${legalName}: a computer-generated invoice, not signed by hand.`,
  thanks: (shop: string, email: string): string => `Thank you for shopping with ${shop}. Questions? ${email}`,
  page: (n: number, of: number): string => `Page ${n} of ${of}`,
};

export type InvoiceTexts = typeof en;
