import { PDFDocument, type PDFPage } from "pdf-lib";
import { orderNumber } from "~/lib/order-number";
import { SHOP_NAME } from "~/lib/shop";
import type { OrderWithItems } from "~/models/orders/read.server";
import {
  A4,
  BOTTOM,
  describeDocument,
  formatInvoiceDate,
  HEAD_BG,
  INK,
  LEFT,
  MUTED,
  RIGHT,
  RULE,
  TOP,
  wrapText,
} from "./pdf/page.server";
import { cleanText } from "./pdf/shaping.server";
import { PdfText } from "./pdf/text.server";

/**
 * Packing slips (issue #26): an A4 page per order for the parcel, with the address in large type,
 * in whatever script the customer typed it (shaped by HarfBuzz through PdfText, as the invoices
 * are), and the lines and quantities to pack, each with a box to tick. No prices: the slip goes
 * in the box. An order with more lines than a page holds goes on over more pages. Pure: the
 * caller loads the orders and checks who asks.
 */

const ADDRESS = 18; // pt: read across a packing table
const ADDRESS_LINE = 24;
const BODY = 12;
const ROW = 22;

type Slip = Pick<
  OrderWithItems,
  "id" | "createdAt" | "contactName" | "contactPhone" | "address" | "city" | "state" | "pin" | "items"
>;

export async function renderPackingSlips(slips: Slip[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  describeDocument(
    doc,
    slips.length === 1 ? `Packing slip ${orderNumber(slips[0]!.id)}` : `Packing slips (${slips.length})`,
    "packing slips",
  );
  doc.setLanguage("en-IN");
  const text = new PdfText(doc);
  const draw = (page: PDFPage, s: string, x: number, y: number, size: number, bold = false, color = INK) =>
    text.draw(page, s, x, y, { size, bold, color });
  const right = (page: PDFPage, s: string, y: number, size: number, bold = false, color = INK) =>
    draw(page, s, RIGHT - text.width(s, size, bold), y, size, bold, color);
  const rule = (page: PDFPage, y: number, thickness = 0.6, color = RULE) =>
    page.drawLine({ start: { x: LEFT, y }, end: { x: RIGHT, y }, thickness, color });

  if (slips.length === 0) {
    const page = doc.addPage(A4);
    draw(page, "No orders are waiting to be dispatched.", LEFT, TOP - 20, 14);
  }

  for (const slip of slips) {
    const number = orderNumber(slip.id);
    let page = doc.addPage(A4);
    let y = TOP;
    draw(page, SHOP_NAME, LEFT, y - 18, 18, true);
    right(page, "Packing slip", y - 18, 18, true);
    y -= 38;
    right(page, `Order ${number}`, y, 12, true);
    draw(page, `Placed ${formatInvoiceDate(slip.createdAt)}`, LEFT, y, 10, false, MUTED);
    y -= 12;
    rule(page, y, 1, INK);
    y -= 28;

    // The address, large, in the customer's own script.
    draw(page, "Ship to", LEFT, y, 10, true, MUTED);
    y -= ADDRESS_LINE + 2;
    const width = RIGHT - LEFT;
    const cityState = [slip.city, slip.state]
      .map((s) => cleanText(s).trim())
      .filter(Boolean)
      .join(", ");
    const blocks: [string, boolean][] = [
      [slip.contactName, true],
      [slip.address, false],
      [cityState, false],
      [slip.pin ? `PIN ${slip.pin}` : "", true],
      [slip.contactPhone ? `Phone ${slip.contactPhone}` : "", false],
    ];
    for (const [value, bold] of blocks) {
      const clean = cleanText(value).trim();
      if (!clean) continue;
      for (const line of wrapText(clean, (s) => text.width(s, ADDRESS, bold), width, 4)) {
        draw(page, line, LEFT, y, ADDRESS, bold);
        y -= ADDRESS_LINE;
      }
    }
    y -= 12;

    // The lines to pack: a box to tick, the quantity, the name.
    const header = () => {
      page.drawRectangle({ x: LEFT, y: y - 6, width, height: 22, color: HEAD_BG });
      draw(page, "Packed", LEFT + 6, y + 2, 10, true);
      draw(page, "Qty", LEFT + 60, y + 2, 10, true);
      draw(page, "Item", LEFT + 110, y + 2, 10, true);
      y -= ROW + 4;
    };
    header();
    let units = 0;
    for (const item of slip.items) {
      units += item.qty;
      const name = wrapText(cleanText(item.name).trim() || "Product", (s) => text.width(s, BODY), width - 116, 3);
      const height = Math.max(ROW, name.length * 16 + 6);
      if (y - height < BOTTOM) {
        page = doc.addPage(A4);
        y = TOP - 18;
        draw(page, `${SHOP_NAME} · Packing slip ${number} (continued)`, LEFT, y, 11, true);
        y -= 24;
        header();
      }
      page.drawRectangle({ x: LEFT + 8, y: y - 3, width: 12, height: 12, borderColor: INK, borderWidth: 1 });
      draw(page, String(item.qty), LEFT + 60, y, BODY, true);
      name.forEach((l, i) => draw(page, l, LEFT + 110, y - i * 16, BODY));
      y -= height;
      rule(page, y + 10);
    }
    y -= 8;
    draw(
      page,
      `${slip.items.length} ${slip.items.length === 1 ? "line" : "lines"}, ${units} ${units === 1 ? "item" : "items"} in all`,
      LEFT,
      y,
      10,
      false,
      MUTED,
    );
    draw(page, `Order ID ${slip.id}`, LEFT, 30, 8, false, MUTED);
  }
  text.embed();
  return doc.save();
}
