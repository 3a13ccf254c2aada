import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { renderInvoice } from "~/models/invoices/invoice-pdf.server";
import { formatInvoiceDate, formatRupees } from "~/models/invoices/pdf/page.server";
import { invoiceOrder } from "../../support/invoice-order";
import { pdfPageCount, pdfText } from "../../support/pdf-text";

/** The sample order, with Latin item names (the script tests are in invoice-scripts.test.ts). */
const makeOrder = (overrides: Parameters<typeof invoiceOrder>[0] = {}) =>
  invoiceOrder({
    items: [
      { name: "Lavender Dream", qty: 3, price: 45000 },
      { name: "Masala Chai Jar Candle", qty: 1, price: 129900 },
      { name: "Monsoon Mitti Tin", qty: 2, price: 34950 },
    ],
    ...overrides,
  });

const lines = (text: string) => text.split("\n");

describe("renderInvoice", () => {
  it("renders the order, customer, lines, totals and payment of a sample order", async () => {
    const order = makeOrder();
    const bytes = await renderInvoice(order);
    expect(bytes).toBeInstanceOf(Uint8Array);
    expect(Buffer.from(bytes.subarray(0, 5)).toString("latin1")).toBe("%PDF-");
    expect(await pdfPageCount(bytes)).toBe(1);

    const text = await pdfText(bytes);
    expect(lines(text)[0]).toBe("RK Candles Invoice"); // shop name and title on the first baseline
    expect(text).toContain("support@rkcandles.in");
    expect(text).toContain("+91 98765 43210");
    expect(text).toContain("Order #7b8c9d");
    expect(text).toContain("665f1c2a9b3e4d5f6a7b8c9d");
    expect(text).toContain("Date: 21 Nov 2026");

    // Bill to / Ship to
    expect(text).toContain("Bill to");
    expect(text).toContain("Ship to");
    expect(text).toContain("Priya Sharma");
    expect(text).toContain("priya@example.com");
    expect(text).toContain("9876543210");
    expect(text).toContain("12, 4th Cross, MG Road, Indiranagar");
    expect(text).toContain("Bengaluru, Karnataka");
    expect(text).toContain("PIN 560038");

    // The table: one drawn line per row, in column order
    const all = lines(text);
    expect(all).toContain("Item Qty Unit price Amount");
    expect(all).toContain("Lavender Dream 3 ₹450.00 ₹1,350.00");
    expect(all).toContain("Masala Chai Jar Candle 1 ₹1,299.00 ₹1,299.00");
    expect(all).toContain("Monsoon Mitti Tin 2 ₹349.50 ₹699.00");

    // 1,350 + 1,299 + 699 = 3,348; + 49 shipping = 3,397
    expect(all).toContain("Subtotal ₹3,348.00");
    expect(all).toContain("Shipping ₹49.00");
    expect(all).toContain("Grand total ₹3,397.00");
    expect(order.grandTotal).toBe(339700);

    expect(all).toContain("Payment method: Cash on delivery (COD)");
    expect(all).toContain("Payment status: Not paid");
    expect(all).toContain("Order status: Placed");
    expect(all.some((l) => l.endsWith("Page 1 of 1"))).toBe(true);
    expect(text).toContain("₹");
  });

  it("shows Paid once the order is paid, and the current status", async () => {
    const text = await pdfText(await renderInvoice(makeOrder({ isPaid: true, status: "Delivered" })));
    expect(lines(text)).toContain("Payment status: Paid");
    expect(text).not.toContain("Not paid");
    expect(lines(text)).toContain("Order status: Delivered");
  });

  it("keeps the id's characters as they are in the order number", async () => {
    const text = await pdfText(await renderInvoice(makeOrder({ id: "aaaaaaaaaaaaaaaaaaAbC123" })));
    expect(text).toContain("Order #AbC123");
    expect(text).not.toContain("#ABC123");
  });

  it("sets the document metadata from the order", async () => {
    const order = makeOrder();
    const doc = await PDFDocument.load(await renderInvoice(order), { updateMetadata: false });
    expect(doc.getTitle()).toBe("Invoice #7b8c9d");
    expect(doc.getAuthor()).toBe("RK Candles");
    expect(doc.getProducer()).toMatch(/RK Candles/);
    expect(doc.getCreationDate()?.getTime()).toBe(order.createdAt.getTime());
    const page = doc.getPage(0);
    expect(page.getWidth()).toBeCloseTo(595.28, 1);
    expect(page.getHeight()).toBeCloseTo(841.89, 1);
  });

  it("renders the same order to the same bytes", async () => {
    const a = await renderInvoice(makeOrder());
    const b = await renderInvoice(makeOrder());
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
  });

  it("continues a 60-line order on further pages with the table header repeated", async () => {
    const items = Array.from({ length: 60 }, (_, i) => ({
      name: `Soy candle no. ${String(i + 1).padStart(2, "0")}`,
      qty: (i % 4) + 1,
      price: 19900 + i * 100,
    }));
    const order = makeOrder({ items });
    const bytes = await renderInvoice(order);
    const pages = await pdfPageCount(bytes);
    expect(pages).toBeGreaterThanOrEqual(2);

    const all = lines(await pdfText(bytes));
    for (const item of items) {
      const row = `${item.name} ${item.qty} ${formatRupees(item.price)} ${formatRupees(item.qty * item.price)}`;
      expect(all.filter((l) => l === row)).toHaveLength(1);
    }
    // in order
    const positions = items.map((item) => all.findIndex((l) => l.startsWith(`${item.name} `)));
    expect(positions).toEqual([...positions].sort((x, y) => x - y));

    const headers = all.filter((l) => l === "Item Qty Unit price Amount").length;
    expect(headers).toBeGreaterThanOrEqual(2);
    expect(headers).toBeLessThanOrEqual(pages);
    for (let n = 1; n <= pages; n++) expect(all.filter((l) => l.endsWith(`Page ${n} of ${pages}`))).toHaveLength(1);
    expect(all.some((l) => l.endsWith("Invoice #7b8c9d (continued)"))).toBe(true);
    expect(all).toContain(`Grand total ${formatRupees(order.grandTotal)}`);
  });

  it("wraps a long item name inside its column and cuts it after three lines", async () => {
    const long =
      "Extra large three-wick candle with sandalwood, vetiver, rose, mogra, jasmine, masala chai, " +
      "monsoon mitti and a very long list of other notes that no column could ever hold on one line";
    const text = await pdfText(await renderInvoice(makeOrder({ items: [{ name: long, qty: 1, price: 249900 }] })));
    const all = lines(text);
    const start = all.findIndex((l) => l.startsWith("Extra large three-wick"));
    expect(start).toBeGreaterThan(-1);
    // three name lines, then the numbers on the first line's baseline
    const nameLines = all.slice(start, start + 3);
    expect(nameLines[2]).toMatch(/…$/);
    expect(nameLines.join(" ").replace(/…$/, "").length).toBeLessThan(long.length);
    expect(long.startsWith(nameLines.join(" ").replace(/…$/, ""))).toBe(true);
    expect(all[start + 3]).toBe("1 ₹2,499.00 ₹2,499.00");
  });

  it("names other payment methods as they are", async () => {
    const text = await pdfText(await renderInvoice(makeOrder({ paymentMethod: "UPI" })));
    expect(lines(text)).toContain("Payment method: UPI");
  });
});

describe("formatRupees and formatInvoiceDate", () => {
  it.each([
    [0, "₹0.00"],
    [5, "₹0.05"],
    [4900, "₹49.00"],
    [99999, "₹999.99"],
    [129900, "₹1,299.00"],
    [12345678, "₹1,23,456.78"],
    [10000000000, "₹10,00,00,000.00"],
    [-4900, "-₹49.00"],
  ])("%d paise → %s", (paise, expected) => {
    expect(formatRupees(paise)).toBe(expected);
  });

  it("formats dates in India time with fixed month names", () => {
    expect(formatInvoiceDate(new Date("2026-11-20T18:29:59Z"))).toBe("20 Nov 2026");
    expect(formatInvoiceDate(new Date("2026-11-20T18:30:00Z"))).toBe("21 Nov 2026");
    expect(formatInvoiceDate(new Date("2026-09-05T06:00:00Z"))).toBe("5 Sept 2026");
    expect(formatInvoiceDate(new Date("2026-12-31T19:00:00Z"))).toBe("1 Jan 2027");
    expect(formatInvoiceDate(new Date(Number.NaN))).toBe("-");
  });
});
