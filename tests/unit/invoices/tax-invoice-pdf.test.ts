import { describe, expect, it } from "vitest";
import { gstStateByCode, gstStateByName } from "~/lib/gst-states";
import { gstinCheckChar } from "~/lib/gstin";
import { type GstSettings, taxInvoiceFigures } from "~/lib/tax-invoice";
import { type InvoiceOrder, renderInvoice } from "~/models/invoices/invoice-pdf.server";
import { pdfText } from "../../support/pdf-text";

// Issue #22: with a GSTIN the invoice is a tax invoice; these read the PDF's own text back.

const GSTIN = `29AAACR5055K1Z${gstinCheckChar("29AAACR5055K1Z")}`;
const shop: GstSettings = {
  gstin: GSTIN,
  legalName: "RK Candles Private Limited",
  address: "No. 14, 2nd Main Road, Jayanagar, Bengaluru 560011",
  state: gstStateByCode("29")!,
  ratePercent: 12,
};

/** ₹333.33 × 3 and ₹49 shipping: the awkward total, ₹1,048.99. */
function order(state: string): InvoiceOrder {
  const items = [{ name: "प्रिया की पसंद: Sandalwood", qty: 3, price: 33333, hsn: "3406" }];
  return {
    id: "665f1c2a9b3e4d5f6a7b8c9d",
    invoiceNumber: "RK/26-27/000042",
    gstRatePercent: null,
    supplyStateCode: gstStateByName(state)?.code ?? null,
    createdAt: new Date("2026-11-20T10:00:00Z"),
    status: "Placed",
    isPaid: false,
    paymentMethod: "COD",
    contact: { name: "प्रिया शर्मा", email: "priya@example.com", phone: "9876543210" },
    shippingAddress: { address: "फ्लैट 4B, कमल अपार्टमेंट्स", city: "Mumbai", state, pin: "400001" },
    items,
    subtotal: 99999,
    shipping: 4900,
    grandTotal: 104899,
  };
}

describe("the GST tax invoice PDF", () => {
  it("within the seller's state: seller, GSTIN, place of supply, HSN, CGST + SGST adding up, words", async () => {
    const o = order("Karnataka");
    const tax = taxInvoiceFigures(o, shop);
    const text = await pdfText(await renderInvoice(o, tax));
    for (const part of [
      "Tax Invoice",
      "Invoice no. RK/26-27/000042",
      "Sold by RK Candles Private Limited",
      `State: Karnataka (29) · GSTIN: ${GSTIN}`,
      "Place of supply: Karnataka (29)",
      "Reverse charge: No",
      "HSN 3406",
      "CGST+SGST 12%",
      // the figures taxInvoiceFigures computed, as printed
      "Taxable value ₹936.60",
      "CGST @ 6% ₹56.19",
      "SGST @ 6% ₹56.20",
      "Grand total ₹1,048.99",
      "Amount in words: Rupees One Thousand Forty-Eight and Ninety-Nine Paise Only",
      "प्रिया शर्मा",
    ])
      expect(text).toContain(part);
    expect(text).not.toContain("IGST");
    expect(tax.totals.taxable + tax.totals.cgst + tax.totals.sgst).toBe(104899);
  });

  it("to another state: IGST only", async () => {
    const o = order("Maharashtra");
    const text = await pdfText(await renderInvoice(o, taxInvoiceFigures(o, shop)));
    expect(text).toContain("Place of supply: Maharashtra (27)");
    expect(text).toContain("IGST @ 12% ₹112.39");
    expect(text).not.toContain("CGST");
    expect(text).toContain("Grand total ₹1,048.99");
  });

  it("without a GSTIN the invoice stays a plain one, with its invoice number", async () => {
    const text = await pdfText(await renderInvoice(order("Karnataka")));
    expect(text).not.toContain("Tax Invoice");
    expect(text).not.toContain("GSTIN");
    expect(text).toContain("Invoice no. RK/26-27/000042");
    expect(text).toContain("Grand total ₹1,048.99");
  });

  // Issue #36: a Hindi customer's invoice. The GST terms as the Hindi text of the law has them.
  it("in Hindi: the labels in Hindi, every figure, name and number as in English", async () => {
    const o = order("Karnataka");
    const tax = taxInvoiceFigures(o, shop);
    const english = await pdfText(await renderInvoice(o, tax, "en"));
    const hindi = await pdfText(await renderInvoice(o, tax, "hi"));
    const lines = hindi.split("\n");
    expect(lines[0]).toBe("RK Candles कर बीजक");
    for (const part of [
      "बीजक संख्या RK/26-27/000042",
      "विक्रेता: RK Candles Private Limited",
      `राज्य: Karnataka (29) · जीएसटीआईएन: ${GSTIN}`,
      "आपूर्ति का स्थान: Karnataka (29)",
      "प्रतिलोम प्रभार (रिवर्स चार्ज): नहीं",
      "सामान मात्रा दर कराधेय मूल्य जीएसटी 12% राशि",
      "एचएसएन 3406",
      "कराधेय मूल्य ₹936.60",
      "सीजीएसटी @ 6% ₹56.19",
      "एसजीएसटी @ 6% ₹56.20",
      "कुल राशि ₹1,048.99",
      "राशि शब्दों में: Rupees One Thousand Forty-Eight and Ninety-Nine Paise Only",
      "तारीख़: 20 नव॰ 2026",
      "प्रिया शर्मा",
    ])
      expect(hindi).toContain(part);
    expect(hindi).not.toMatch(/Tax Invoice|GSTIN|Grand total|Taxable value|Bill to|Page 1/);
    // Figures unchanged: the same amounts, in the same order.
    const amounts = (text: string) => text.match(/₹[\d,]+\.\d\d/g);
    expect(amounts(hindi)).toEqual(amounts(english));
    expect(english).toContain("Tax Invoice");
  });
});
