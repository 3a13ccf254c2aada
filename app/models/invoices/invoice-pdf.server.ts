import { PDFDocument } from "pdf-lib";
import type { Language } from "~/lib/i18n/languages";
import { orderNumber } from "~/lib/order-number";
import type { OrderStatus } from "~/lib/order-schema";
import { SHOP_NAME, SUPPORT } from "~/lib/shop";
import type { TaxInvoiceFigures, TaxInvoiceRow } from "~/lib/tax-invoice";
import { savePdf } from "./pdf/deflate.server";
import {
  BODY,
  BOTTOM,
  describeDocument,
  FOOTER_Y,
  formatInvoiceDate,
  formatRupees,
  HEAD_BG,
  INK,
  LEFT,
  MUTED,
  RIGHT,
  wrapText,
  Writer,
} from "./pdf/page.server";
import { cleanText } from "./pdf/shaping.server";
import { PdfText } from "./pdf/text.server";
import { invoiceTexts, type InvoiceTexts } from "./texts/invoice-texts.server";

/**
 * The invoice PDF of one order (GET /api/orders/{id}/invoice, the My Orders and admin Invoice links). Pure: no database, no I/O;
 * the caller loads the order, checks who may see it and sends the bytes as application/pdf.
 */

export type InvoiceOrder = {
  id: string;
  /** "RK/26-27/000123" (GST's invoice number); null for orders placed before numbering began. */
  invoiceNumber: string | null;
  /** The GST rate (percent) when the order was placed; null when the shop had no GSTIN then. */
  gstRatePercent: number | null;
  /** The place of supply's GST state code, stored when the order was placed; null: none recognised. */
  supplyStateCode: string | null;
  createdAt: Date;
  status: string;
  isPaid: boolean;
  paymentMethod: string;
  contact: { name: string; email: string; phone: string };
  shippingAddress: { address: string; city: string; state: string; pin: string };
  // price: integer paise per unit, tax included; hsn: the product's HSN code when it was sold
  items: { name: string; qty: number; price: number; hsn: string }[];
  subtotal: number;
  shipping: number;
  /** A coupon code and what it took off the goods (issue #39); absent: none. */
  couponCode?: string | null;
  couponDiscount?: number;
  /** Off the goods of a UPI order; absent or 0: none (issue #38). */
  prepaidDiscount?: number;
  /** The cash-on-delivery fee; absent or 0: none. */
  codFee?: number;
  grandTotal: number; // integer paise
  /** The UPI reference the customer sent and when the owner found the payment (orders.utr, paid_at). */
  utr?: string | null;
  paidAt?: Date | null;
};

export function paymentMethodLabel(method: string, t: InvoiceTexts = invoiceTexts("en")): string {
  const m = method.trim().toUpperCase();
  return m === "COD" ? t.cashOnDelivery : m === "UPI" ? t.upi : method;
}

/** Paid or not; a paid UPI order says how: its reference (UTR) and the day the owner found it. */
function paymentStatus(order: InvoiceOrder, t: InvoiceTexts, language: Language): string {
  if (!order.isPaid) return t.notPaid;
  if (order.paymentMethod !== "UPI" || !order.utr || !order.paidAt) return t.paid;
  return t.paidByUpi(order.utr, formatInvoiceDate(new Date(order.paidAt), language));
}

/** "−₹12.50": what comes off, with the minus sign the pages use. */
const minus = (paise: number) => `−${formatRupees(paise)}`;

/** An order's status in the invoice's language; one it does not know, as stored. */
const statusLabel = (status: string, t: InvoiceTexts) => t.statuses[status as OrderStatus] ?? status;

// ---------------------------------------------------------------------------------------------
// Layout (points; the page and its margins: pdf/page.server.ts)

/** Table columns: Item is left-aligned text, the others are right-aligned at `right`. */
const COL = {
  item: { x: LEFT + 6, width: 240 },
  qty: { right: LEFT + 300 },
  unit: { right: LEFT + 390 },
  amount: { right: RIGHT - 6 },
};
/** The tax invoice's table: taxable value and tax beside each line (issue #22). */
const TAX_COL = {
  item: { x: LEFT + 6, width: 150 },
  qty: { right: LEFT + 190 },
  unit: { right: LEFT + 262 },
  taxable: { right: LEFT + 340 },
  tax: { right: LEFT + 418 },
  amount: { right: RIGHT - 6 },
};
const LINE = 13; // line height of body text
const ROW_PAD = 5;
const NAME_MAX_LINES = 3;

// ---------------------------------------------------------------------------------------------

/**
 * Renders the invoice of `order` as an A4 PDF (Noto Sans, subset, for Latin and the Indian scripts).
 * With `tax` (taxInvoiceFor: the shop has a GSTIN) it is a GST tax invoice: the seller's GSTIN, the
 * invoice number, place of supply, taxable value and tax per line, tax totals and the total in words.
 * The labels are in `language`, the customer's (issue #36); every name, address and figure is the
 * same in each.
 */
export async function renderInvoice(
  order: InvoiceOrder,
  tax: TaxInvoiceFigures | null = null,
  language: Language = "en",
): Promise<Uint8Array> {
  const t = invoiceTexts(language);
  const doc = await PDFDocument.create();
  const number = orderNumber(order.id);
  const createdAt = new Date(order.createdAt); // tolerates an ISO string from JSON too
  const validDate = Number.isFinite(createdAt.getTime());
  const title = tax ? t.taxInvoice : t.invoice;

  describeDocument(doc, `${title} ${tax ? tax.invoiceNumber : number}`, "invoices");
  doc.setSubject(t.subject(order.id));
  doc.setLanguage(t.pdfLanguage);
  if (validDate) {
    // The order's own date for both, so the same order always renders to the same bytes.
    doc.setCreationDate(createdAt);
    doc.setModificationDate(createdAt);
  }

  const pdfText = new PdfText(doc);
  const w = new Writer(doc, pdfText);
  const regular = (s: string) => w.width(s);
  const bold = (s: string) => w.width(s, { bold: true });

  // ---- Header (first page)
  w.newPage();
  w.text(SHOP_NAME, LEFT, w.y - 20, { size: 22, bold: true });
  w.textRight(title, RIGHT, w.y - 20, { size: 20, bold: true });
  w.y -= 36;
  const headTop = w.y;
  // Left: who sells. A tax invoice names the registered seller, its address, state and GSTIN.
  const sellerLines = tax
    ? [
        t.soldBy(tax.seller.legalName),
        ...wrapText(cleanText(tax.seller.address), (s) => w.width(s, { size: 9 }), 280, 3),
        t.sellerState(tax.seller.state, tax.seller.stateCode, tax.seller.gstin),
        `${SUPPORT.email} · ${SUPPORT.phone}`,
      ]
    : [`${t.tagline} · ${SUPPORT.email} · ${SUPPORT.phone}`];
  sellerLines.forEach((l, i) =>
    w.text(l, LEFT, headTop - i * 12, { size: 9, bold: !!tax && i === 0, color: tax && i === 0 ? INK : MUTED }),
  );
  // Right: which invoice. Every order has an invoice number once numbering began.
  const invoiceNo = tax?.invoiceNumber ?? order.invoiceNumber;
  const refs: [string, boolean][] = [
    ...(invoiceNo ? [[t.invoiceNo(invoiceNo, !!tax), true] as [string, boolean]] : []),
    [t.order(number), !invoiceNo],
    [t.date(formatInvoiceDate(createdAt, language)), false],
    [t.orderId(order.id), false],
  ];
  refs.forEach(([l, strong], i) =>
    w.textRight(l, RIGHT, headTop - (i === 0 ? 0 : 2 + i * 12), {
      size: strong ? 11 : 9,
      bold: strong,
      color: strong ? INK : MUTED,
    }),
  );
  w.y = headTop - Math.max(sellerLines.length * 12, 2 + (refs.length - 1) * 12 + 12);
  w.rule(w.y, 1, INK);
  w.y -= 22;

  // ---- Bill to / Ship to
  const colWidth = (RIGHT - LEFT) / 2 - 12;
  const shipX = LEFT + (RIGHT - LEFT) / 2 + 12;
  const c = order.contact;
  const a = order.shippingAddress;
  const wrapBlock = (lines: string[]) =>
    lines // the first (the name) is drawn bold
      .flatMap((l, i) => wrapText(cleanText(l).trim(), i === 0 ? bold : regular, colWidth, 3))
      .filter((l) => l !== "");
  const billTo = wrapBlock([c.name, c.email, c.phone ? t.phone(c.phone) : ""]);
  const cityState = [a.city, a.state]
    .map((s) => s.trim())
    .filter(Boolean)
    .join(", ");
  const shipTo = wrapBlock([c.name, a.address, cityState, a.pin ? t.pin(a.pin) : ""]);
  w.text(t.billTo, LEFT, w.y, { size: 9, bold: true, color: MUTED });
  w.text(t.shipTo, shipX, w.y, { size: 9, bold: true, color: MUTED });
  w.y -= LINE + 1;
  const blockTop = w.y;
  billTo.forEach((l, i) => w.text(l, LEFT, blockTop - i * LINE, { bold: i === 0 }));
  shipTo.forEach((l, i) => w.text(l, shipX, blockTop - i * LINE, { bold: i === 0 }));
  w.y = blockTop - Math.max(billTo.length, shipTo.length) * LINE - 16;
  if (tax) {
    w.text(t.placeOfSupply(tax.placeOfSupply.label), LEFT, w.y, { bold: true });
    w.textRight(t.reverseChargeNo, RIGHT, w.y, { size: 9, color: MUTED });
    w.y -= LINE + 6;
  }

  // ---- Items table
  const continuationPage = () => {
    w.newPage();
    w.text(SHOP_NAME, LEFT, w.y - 12, { size: 12, bold: true });
    w.textRight(t.continued(title, tax?.invoiceNumber ?? number), RIGHT, w.y - 12, {
      size: 10,
      color: MUTED,
    });
    w.y -= 20;
    w.rule(w.y, 1, INK);
    w.y -= 14;
  };
  // One table for both invoices: an Item column (wrapped name, and a muted note such as the HSN
  // code under it), then right-aligned figures; the header is repeated on a continuation page.
  type Row = { name: string; note?: string; figures: string[] };
  const table = (item: { x: number; width: number }, figures: [string, number][], rows: Row[]) => {
    const header = () => {
      const h = 20;
      w.page.drawRectangle({ x: LEFT, y: w.y - h, width: RIGHT - LEFT, height: h, color: HEAD_BG });
      const base = w.y - 14;
      w.text(t.item, item.x, base, { bold: true, size: 9 });
      for (const [label, right] of figures) w.textRight(label, right, base, { bold: true, size: 9 });
      w.y -= h;
    };
    header();
    for (const row of rows) {
      const name = wrapText(cleanText(row.name).trim() || t.product, regular, item.width, NAME_MAX_LINES);
      const height = (name.length + (row.note ? 1 : 0)) * LINE + ROW_PAD * 2;
      if (w.y - height < BOTTOM) {
        continuationPage();
        header();
      }
      const base = w.y - ROW_PAD - BODY;
      name.forEach((l, i) => w.text(l, item.x, base - i * LINE));
      if (row.note) w.text(row.note, item.x, base - name.length * LINE, { size: 8.5, color: MUTED });
      row.figures.forEach((f, i) => w.textRight(f, figures[i]![1], base));
      w.y -= height;
      w.rule(w.y);
    }
  };

  if (tax) {
    // The shipping and fee rows' descriptions are the figures' English words; their labels are the
    // invoice's. A discounted line says under its name what came off, so Qty × Unit price − that =
    // Amount reads on the row itself.
    const taxRow = (row: TaxInvoiceRow): Row => ({
      name: row === tax.shipping ? t.shipping : row === tax.codFee ? t.codFee : row.description,
      note:
        [row.hsn ? t.hsn(row.hsn) : "", row.discount ? t.lineDiscount(minus(row.discount)) : ""]
          .filter(Boolean)
          .join(" · ") || undefined,
      figures: [String(row.qty), ...[row.unitPrice, row.taxable, row.tax, row.gross].map(formatRupees)],
    });
    table(
      TAX_COL.item,
      [
        [t.qty, TAX_COL.qty.right],
        [t.unitPrice, TAX_COL.unit.right],
        [t.taxableValue, TAX_COL.taxable.right],
        [tax.kind === "IGST" ? `${t.igst} ${tax.rates.igst}%` : t.cgstSgstColumn(tax.rates.total), TAX_COL.tax.right],
        [t.amount, TAX_COL.amount.right],
      ],
      [...tax.rows, ...(tax.shipping ? [tax.shipping] : []), ...(tax.codFee ? [tax.codFee] : [])].map(taxRow),
    );
  } else {
    const items = order.items.length ? order.items : [{ name: t.noItems, qty: 0, price: 0 }];
    table(
      COL.item,
      [
        [t.qty, COL.qty.right],
        [t.unitPrice, COL.unit.right],
        [t.amount, COL.amount.right],
      ],
      items.map((i) => ({
        name: i.name,
        figures: [String(i.qty), formatRupees(i.price), formatRupees(i.qty * i.price)],
      })),
    );
  }

  // ---- Totals and payment (kept together)
  // [label, amount as printed]; what comes off and the COD fee only when there are some.
  const prepaid = order.prepaidDiscount ?? 0;
  const codFee = order.codFee ?? 0;
  const coupon =
    order.couponCode && order.couponDiscount ? { code: order.couponCode, amount: order.couponDiscount } : null;
  const totals: [string, string][] = tax
    ? [
        [t.taxableValue, formatRupees(tax.totals.taxable)],
        ...(tax.kind === "IGST"
          ? ([[`${t.igst} @ ${tax.rates.igst}%`, formatRupees(tax.totals.igst)]] as [string, string][])
          : ([
              [`${t.cgst} @ ${tax.rates.cgst}%`, formatRupees(tax.totals.cgst)],
              [`${t.sgst} @ ${tax.rates.sgst}%`, formatRupees(tax.totals.sgst)],
            ] as [string, string][])),
      ]
    : [
        [t.subtotal, formatRupees(order.subtotal)],
        ...(coupon ? [[t.coupon(coupon.code), minus(coupon.amount)] as [string, string]] : []),
        ...(prepaid > 0 ? [[t.upiDiscount, minus(prepaid)] as [string, string]] : []),
        [t.shipping, formatRupees(order.shipping)],
        ...(codFee > 0 ? [[t.codFee, formatRupees(codFee)] as [string, string]] : []),
      ];
  const words = tax ? wrapText(t.amountInWords(tax.totalInWords), regular, RIGHT - LEFT, 3) : [];
  const totalsHeight =
    (totals.length + 1) * 18 + 16 + (3 + words.length + (tax ? 2 : 0) + (tax && coupon ? 1 : 0)) * (LINE + 2) + 10;
  if (w.y - totalsHeight < BOTTOM) continuationPage();
  w.y -= 18;
  const labelRight = COL.amount.right - 110; // room for "₹1,23,45,678.00" in 12 pt bold
  const totalLine = (label: string, amount: string, strong = false) => {
    const size = strong ? 12 : BODY;
    w.textRight(label, labelRight, w.y, { size, bold: strong });
    w.textRight(amount, COL.amount.right, w.y, { size, bold: strong });
    w.y -= 18;
  };
  for (const [label, amount] of totals) totalLine(label, amount);
  w.page.drawLine({
    start: { x: labelRight - 80, y: w.y + 13 },
    end: { x: RIGHT, y: w.y + 13 },
    thickness: 0.8,
    color: INK,
  });
  totalLine(t.grandTotal, formatRupees(tax ? tax.totals.gross : order.grandTotal), true);
  w.y -= 8;
  for (const l of words) {
    w.text(l, LEFT, w.y);
    w.y -= LINE + 2;
  }
  if (tax) {
    w.text(t.pricesIncludeGst, LEFT, w.y, { size: 9, color: MUTED });
    w.y -= LINE + 4;
    // The code's discount is inside each line's taxable value; the invoice still names it.
    if (coupon) {
      w.text(t.couponInTaxable(coupon.code, minus(coupon.amount)), LEFT, w.y, { size: 9, color: MUTED });
      w.y -= LINE + 4;
    }
  }
  const info = (label: string, value: string) => {
    const l = `${label}: `;
    w.text(l, LEFT, w.y, { bold: true });
    const x = LEFT + w.width(l, { bold: true });
    const [first = ""] = wrapText(cleanText(value), regular, RIGHT - x, 1);
    w.text(first, x, w.y);
    w.y -= LINE + 2;
  };
  info(t.paymentMethod, paymentMethodLabel(order.paymentMethod, t));
  info(t.paymentStatus, paymentStatus(order, t, language));
  info(t.orderStatus, statusLabel(order.status, t));
  if (tax) {
    w.y -= 4;
    w.text(t.notSigned(tax.seller.legalName), LEFT, w.y, {
      size: 9,
      color: MUTED,
    });
  }

  // ---- Footer on every page, now that the page count is known
  const total = w.pages.length;
  w.pages.forEach((page, i) => {
    w.page = page;
    w.rule(FOOTER_Y + 14);
    w.text(t.thanks(SHOP_NAME, SUPPORT.email), LEFT, FOOTER_Y, {
      size: 8,
      color: MUTED,
    });
    w.textRight(t.page(i + 1, total), RIGHT, FOOTER_Y, { size: 8, color: MUTED });
  });

  pdfText.embed();
  return savePdf(doc);
}
