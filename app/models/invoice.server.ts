import { PDFDocument, type PDFPage, rgb } from "pdf-lib";
import { formatPaise } from "~/lib/money";
import { SUPPORT } from "~/lib/support";
import { cleanText, PdfText } from "./pdf-text.server";

/**
 * The invoice PDF of one order (spec §7, GET /api/orders/{id}/invoice). Pure: no database, no I/O;
 * the caller loads the order, checks who may see it and sends the bytes as application/pdf.
 */

export type InvoiceOrder = {
  id: string;
  /** "RK/26-27/000123" (GST's invoice number); null for orders placed before numbering began. */
  invoiceNumber: string | null;
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
  grandTotal: number; // integer paise
};

export const SHOP_NAME = "RK Candles";

// ---------------------------------------------------------------------------------------------
// Text helpers

/** Integer paise → "₹1,23,456.78", as the pages print money (Indian grouping). */
export const formatRupees = (paise: number) => formatPaise(Math.round(Number.isFinite(paise) ? paise : 0));

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "21 Nov 2026" in India time (UTC+5:30, no daylight saving). Fixed English month names, so the
 *  result does not depend on the ICU build (en-IN spells September "Sept" in some). */
export function formatInvoiceDate(date: Date): string {
  const t = date.getTime();
  if (!Number.isFinite(t)) return "-";
  const ist = new Date(t + 330 * 60_000);
  return `${ist.getUTCDate()} ${MONTHS[ist.getUTCMonth()]} ${ist.getUTCFullYear()}`;
}

/** The order number customers see: # plus the last 6 characters of the id, case kept. */
export const orderNumber = (id: string) => `#${id.slice(-6)}`;

export function paymentMethodLabel(method: string): string {
  return method.trim().toUpperCase() === "COD" ? "Cash on delivery (COD)" : method;
}

const graphemes = new Intl.Segmenter("en", { granularity: "grapheme" });
const chars = (s: string) => Array.from(graphemes.segment(s), (g) => g.segment);

/**
 * Splits `text` into lines no wider than `maxWidth` as `width` measures them, breaking at spaces and
 * inside words too long for a line (between user-perceived characters, so a conjunct or a vowel sign
 * stays whole). Beyond `maxLines` the last line is cut and ends with "…".
 */
export function wrapText(text: string, width: (s: string) => number, maxWidth: number, maxLines = Infinity): string[] {
  const lines: string[] = [];
  let line = "";
  const words = text.split(" ").filter(Boolean);
  for (const w of words) {
    let word = w;
    const candidate = line ? `${line} ${word}` : word;
    if (width(candidate) <= maxWidth) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = "";
    // A word wider than the column is broken wherever it must be.
    while (width(word) > maxWidth) {
      const cs = chars(word);
      let cut = 1;
      while (cut < cs.length && width(cs.slice(0, cut + 1).join("")) <= maxWidth) cut++;
      lines.push(cs.slice(0, cut).join(""));
      word = cs.slice(cut).join("");
    }
    line = word;
  }
  if (line) lines.push(line);
  if (lines.length === 0) lines.push("");
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  let last = chars(kept[maxLines - 1] ?? "");
  while (last.length && width(`${last.join("")}…`) > maxWidth) last = last.slice(0, -1);
  kept[maxLines - 1] = `${last.join("").trimEnd()}…`;
  return kept;
}

// ---------------------------------------------------------------------------------------------
// Layout (points; A4 is 595.28 × 841.89)

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 48;
const LEFT = MARGIN;
const RIGHT = A4[0] - MARGIN;
const TOP = A4[1] - MARGIN;
const FOOTER_Y = 30; // baseline of the page footer
const BOTTOM = 64; // nothing but the footer goes below this

const INK = rgb(0.13, 0.12, 0.11);
const MUTED = rgb(0.42, 0.4, 0.38);
const RULE = rgb(0.82, 0.8, 0.77);
const HEAD_BG = rgb(0.95, 0.93, 0.9);

/** Table columns: Item is left-aligned text, the others are right-aligned at `right`. */
const COL = {
  item: { x: LEFT + 6, width: 240 },
  qty: { right: LEFT + 300 },
  unit: { right: LEFT + 390 },
  amount: { right: RIGHT - 6 },
};
const BODY = 10;
const LINE = 13; // line height of body text
const ROW_PAD = 5;
const NAME_MAX_LINES = 3;

type TextOpts = { size?: number; bold?: boolean; color?: typeof INK };

class Writer {
  page!: PDFPage;
  y = TOP;
  readonly pages: PDFPage[] = [];

  constructor(
    private readonly doc: PDFDocument,
    readonly pdfText: PdfText,
  ) {}

  newPage() {
    this.page = this.doc.addPage(A4);
    this.pages.push(this.page);
    this.y = TOP;
  }

  text(s: string, x: number, y: number, opts: TextOpts = {}) {
    this.pdfText.draw(this.page, s, x, y, { size: opts.size ?? BODY, bold: opts.bold, color: opts.color ?? INK });
  }

  width(s: string, opts: TextOpts = {}) {
    return this.pdfText.width(s, opts.size ?? BODY, opts.bold);
  }

  /** Draws `s` so that it ends at `right`. */
  textRight(s: string, right: number, y: number, opts: TextOpts = {}) {
    this.text(s, right - this.width(s, opts), y, opts);
  }

  rule(y: number, thickness = 0.6, color = RULE) {
    this.page.drawLine({ start: { x: LEFT, y }, end: { x: RIGHT, y }, thickness, color });
  }
}

// ---------------------------------------------------------------------------------------------

/** Renders the invoice of `order` as an A4 PDF (Noto Sans, subset, for Latin and the Indian scripts). */
export async function renderInvoice(order: InvoiceOrder): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const number = orderNumber(order.id);
  const createdAt = new Date(order.createdAt); // tolerates an ISO string from JSON too
  const validDate = Number.isFinite(createdAt.getTime());

  doc.setTitle(`Invoice ${number}`);
  doc.setAuthor(SHOP_NAME);
  doc.setCreator(SHOP_NAME);
  doc.setProducer(`${SHOP_NAME} invoices (pdf-lib)`);
  doc.setSubject(`Invoice for order ${order.id}`);
  doc.setLanguage("en-IN");
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
  w.textRight("Invoice", RIGHT, w.y - 20, { size: 20, bold: true });
  w.y -= 36;
  w.text(`Hand-poured soy candles, India · ${SUPPORT.email} · ${SUPPORT.phone}`, LEFT, w.y, { size: 9, color: MUTED });
  w.textRight(`Order ${number}`, RIGHT, w.y, { size: 11, bold: true });
  w.y -= 14;
  w.textRight(`Date: ${formatInvoiceDate(createdAt)}`, RIGHT, w.y, { size: 9, color: MUTED });
  w.y -= 12;
  w.textRight(`Order ID: ${order.id}`, RIGHT, w.y, { size: 9, color: MUTED });
  w.y -= 12;
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
  const billTo = wrapBlock([c.name, c.email, c.phone ? `Phone: ${c.phone}` : ""]);
  const cityState = [a.city, a.state]
    .map((s) => s.trim())
    .filter(Boolean)
    .join(", ");
  const shipTo = wrapBlock([c.name, a.address, cityState, a.pin ? `PIN ${a.pin}` : ""]);
  w.text("Bill to", LEFT, w.y, { size: 9, bold: true, color: MUTED });
  w.text("Ship to", shipX, w.y, { size: 9, bold: true, color: MUTED });
  w.y -= LINE + 1;
  const blockTop = w.y;
  billTo.forEach((l, i) => w.text(l, LEFT, blockTop - i * LINE, { bold: i === 0 }));
  shipTo.forEach((l, i) => w.text(l, shipX, blockTop - i * LINE, { bold: i === 0 }));
  w.y = blockTop - Math.max(billTo.length, shipTo.length) * LINE - 16;

  // ---- Items table
  const tableHeader = () => {
    const h = 20;
    w.page.drawRectangle({ x: LEFT, y: w.y - h, width: RIGHT - LEFT, height: h, color: HEAD_BG });
    const base = w.y - 14;
    w.text("Item", COL.item.x, base, { bold: true, size: 9.5 });
    w.textRight("Qty", COL.qty.right, base, { bold: true, size: 9.5 });
    w.textRight("Unit price", COL.unit.right, base, { bold: true, size: 9.5 });
    w.textRight("Amount", COL.amount.right, base, { bold: true, size: 9.5 });
    w.y -= h;
  };
  const continuationPage = () => {
    w.newPage();
    w.text(SHOP_NAME, LEFT, w.y - 12, { size: 12, bold: true });
    w.textRight(`Invoice ${number} (continued)`, RIGHT, w.y - 12, { size: 10, color: MUTED });
    w.y -= 20;
    w.rule(w.y, 1, INK);
    w.y -= 14;
  };

  tableHeader();
  const rows = order.items.length ? order.items : [{ name: "No items", qty: 0, price: 0 }];
  for (const item of rows) {
    const name = wrapText(cleanText(item.name).trim() || "Product", regular, COL.item.width, NAME_MAX_LINES);
    const height = name.length * LINE + ROW_PAD * 2;
    if (w.y - height < BOTTOM) {
      continuationPage();
      tableHeader();
    }
    const base = w.y - ROW_PAD - BODY;
    name.forEach((l, i) => w.text(l, COL.item.x, base - i * LINE));
    w.textRight(String(item.qty), COL.qty.right, base);
    w.textRight(formatRupees(item.price), COL.unit.right, base);
    w.textRight(formatRupees(item.qty * item.price), COL.amount.right, base);
    w.y -= height;
    w.rule(w.y);
  }

  // ---- Totals and payment (kept together)
  const totalsHeight = 3 * 18 + 16 + 4 * LINE + 10;
  if (w.y - totalsHeight < BOTTOM) continuationPage();
  w.y -= 18;
  const labelRight = COL.amount.right - 110; // room for "₹1,23,45,678.00" in 12 pt bold
  const totalLine = (label: string, paise: number, strong = false) => {
    const size = strong ? 12 : BODY;
    w.textRight(label, labelRight, w.y, { size, bold: strong });
    w.textRight(formatRupees(paise), COL.amount.right, w.y, { size, bold: strong });
    w.y -= 18;
  };
  totalLine("Subtotal", order.subtotal);
  totalLine("Shipping", order.shipping);
  w.page.drawLine({
    start: { x: labelRight - 80, y: w.y + 13 },
    end: { x: RIGHT, y: w.y + 13 },
    thickness: 0.8,
    color: INK,
  });
  totalLine("Grand total", order.grandTotal, true);
  w.y -= 8;
  const info = (label: string, value: string) => {
    const l = `${label}: `;
    w.text(l, LEFT, w.y, { bold: true });
    const x = LEFT + w.width(l, { bold: true });
    const [first = ""] = wrapText(cleanText(value), regular, RIGHT - x, 1);
    w.text(first, x, w.y);
    w.y -= LINE + 2;
  };
  info("Payment method", paymentMethodLabel(order.paymentMethod));
  info("Payment status", order.isPaid ? "Paid" : "Not paid");
  info("Order status", order.status);

  // ---- Footer on every page, now that the page count is known
  const total = w.pages.length;
  w.pages.forEach((page, i) => {
    w.page = page;
    w.rule(FOOTER_Y + 14);
    w.text(`Thank you for shopping with ${SHOP_NAME}. Questions? ${SUPPORT.email}`, LEFT, FOOTER_Y, {
      size: 8,
      color: MUTED,
    });
    w.textRight(`Page ${i + 1} of ${total}`, RIGHT, FOOTER_Y, { size: 8, color: MUTED });
  });

  pdfText.embed();
  return doc.save();
}
