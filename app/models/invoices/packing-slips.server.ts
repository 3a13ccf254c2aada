import { PDFDocument } from "pdf-lib";
import { orderNumber } from "~/lib/order-number";
import { SHOP_NAME } from "~/lib/shop";
import type { OrderWithItems } from "~/models/orders/read.server";
import { savePdf } from "./pdf/deflate.server";
import {
  BOTTOM,
  describeDocument,
  formatInvoiceDate,
  HEAD_BG,
  INK,
  LEFT,
  MUTED,
  RIGHT,
  TOP,
  wrapText,
  Writer,
} from "./pdf/page.server";
import { cleanText } from "./pdf/shaping.server";
import { PdfText } from "./pdf/text.server";

/**
 * Packing slips (issue #26): an A4 page per order for the parcel, with the address in large type,
 * in whatever script the customer typed it (shaped by HarfBuzz through PdfText, as the invoices
 * are), and the lines and quantities to pack, each with a box to tick. No prices: the slip goes
 * in the box. An order with more lines than a page holds goes on over more pages. A character no
 * font has prints as a box and copies out as U+FFFD. Pure: the caller loads the orders and checks
 * who asks.
 */

const ADDRESS = 18; // pt: read across a packing table
const ADDRESS_LINE = 24;
const BODY = 12;
const ROW = 22;

export type Slip = Pick<
  OrderWithItems,
  "id" | "createdAt" | "contactName" | "contactPhone" | "address" | "city" | "state" | "pin"
> & { items: (Pick<OrderWithItems["items"][number], "name" | "qty"> & { sizeLabel?: string })[] };

export async function renderPackingSlips(slips: Slip[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  describeDocument(
    doc,
    slips.length === 1 ? `Packing slip ${orderNumber(slips[0]!.id)}` : `Packing slips (${slips.length})`,
    "packing slips",
  );
  doc.setLanguage("en-IN");
  const text = new PdfText(doc);
  const w = new Writer(doc, text);

  if (slips.length === 0) {
    w.newPage();
    w.text("No orders are waiting to be dispatched.", LEFT, TOP - 20, { size: 14 });
  }

  for (const [i, slip] of slips.entries()) {
    const number = orderNumber(slip.id);
    // Each slip may add its share of what room the font has left: one order's text can fill its
    // own slip with stand-ins, never take the others' (PdfText).
    text.beginShare(text.textRoom() / (slips.length - i));
    w.newPage();
    let y = TOP;
    w.text(SHOP_NAME, LEFT, y - 18, { size: 18, bold: true });
    w.textRight("Packing slip", RIGHT, y - 18, { size: 18, bold: true });
    y -= 38;
    w.textRight(`Order ${number}`, RIGHT, y, { size: 12, bold: true });
    w.text(`Placed ${formatInvoiceDate(slip.createdAt)}`, LEFT, y, { size: 10, color: MUTED });
    y -= 12;
    w.rule(y, 1, INK);
    y -= 28;

    // The address, large, in the customer's own script.
    w.text("Ship to", LEFT, y, { size: 10, bold: true, color: MUTED });
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
      for (const line of wrapText(clean, (s) => w.width(s, { size: ADDRESS, bold }), width, 4)) {
        w.text(line, LEFT, y, { size: ADDRESS, bold });
        y -= ADDRESS_LINE;
      }
    }
    y -= 12;

    // The lines to pack: a box to tick, the quantity, the name.
    const header = () => {
      w.page.drawRectangle({ x: LEFT, y: y - 6, width, height: 22, color: HEAD_BG });
      w.text("Packed", LEFT + 6, y + 2, { size: 10, bold: true });
      w.text("Qty", LEFT + 60, y + 2, { size: 10, bold: true });
      w.text("Item", LEFT + 110, y + 2, { size: 10, bold: true });
      y -= ROW + 4;
    };
    header();
    let units = 0;
    for (const item of slip.items) {
      units += item.qty;
      const name = wrapText(
        cleanText(item.name).trim() || "Product",
        (s) => w.width(s, { size: BODY }),
        width - 116,
        3,
      );
      const height = Math.max(ROW, name.length * 16 + 6);
      if (y - height < BOTTOM) {
        w.newPage();
        y = TOP - 18;
        w.text(`${SHOP_NAME} · Packing slip ${number} (continued)`, LEFT, y, { size: 11, bold: true });
        y -= 24;
        header();
      }
      w.page.drawRectangle({ x: LEFT + 8, y: y - 3, width: 12, height: 12, borderColor: INK, borderWidth: 1 });
      w.text(String(item.qty), LEFT + 60, y, { size: BODY, bold: true });
      name.forEach((l, i) => w.text(l, LEFT + 110, y - i * 16, { size: BODY }));
      y -= height;
      w.rule(y + 10);
    }
    y -= 8;
    const lines = `${slip.items.length} ${slip.items.length === 1 ? "line" : "lines"}`;
    w.text(`${lines}, ${units} ${units === 1 ? "item" : "items"} in all`, LEFT, y, { size: 10, color: MUTED });
    w.text(`Order ID ${slip.id}`, LEFT, 30, { size: 8, color: MUTED });
  }
  text.embed();
  return savePdf(doc);
}
