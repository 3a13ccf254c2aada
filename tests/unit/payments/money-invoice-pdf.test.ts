// The invoice PDF with issue #38's money rules, read back with pdf.js: the plain invoice lists the
// UPI discount and the COD fee; the tax invoice shows each line's discount and reduced taxable
// value and a COD fee row; a paid UPI order says how it was paid. English and Hindi.
import { describe, expect, it } from "vitest";
import { gstStateByCode } from "~/lib/gst-states";
import { percentOf } from "~/lib/price-breakdown";
import { type GstSettings, taxInvoiceFigures } from "~/lib/tax-invoice";
import { renderInvoice } from "~/models/invoices/invoice-pdf.server";
import { invoiceOrder } from "../../support/invoice-order";
import { pdfText } from "../../support/pdf-text";

const shop: GstSettings = {
  gstin: "29AAGCB7383J1Z4",
  legalName: "RK Candles Private Limited",
  address: "12, 4th Cross, Indiranagar, Bengaluru 560038",
  state: gstStateByCode("29")!,
  ratePercent: 18,
};

// ₹3,348.00 of goods (the mixed cart); 5 % off by UPI is ₹167.40.
const goods = invoiceOrder().subtotal;
const prepaid = percentOf(goods, 5);
const upi = invoiceOrder({
  paymentMethod: "UPI",
  prepaidDiscount: prepaid,
  grandTotal: goods - prepaid + 4900,
  isPaid: true,
  utr: "412345678901",
  paidAt: new Date("2026-11-22T06:00:00Z"),
});
const cod = invoiceOrder({ codFee: 3000, grandTotal: goods + 4900 + 3000 });

describe("the invoice with the money rules", () => {
  it("plain: Subtotal, UPI discount, Shipping, Grand total; paid by UPI with its reference and day", async () => {
    const text = await pdfText(await renderInvoice(upi));
    for (const part of [
      "Subtotal ₹3,348.00",
      "UPI discount −₹167.40",
      "Shipping ₹49.00",
      "Grand total ₹3,229.60",
      "Payment method: UPI",
      "Payment status: Paid by UPI, reference (UTR) 412345678901, on 22 Nov 2026",
    ])
      expect(text).toContain(part);
    expect(text).not.toContain("Cash on delivery");
  });

  it("plain COD: the fee between shipping and the total; an unpaid UPI order is Not paid", async () => {
    const text = await pdfText(await renderInvoice(cod));
    expect(text).toContain("Shipping ₹49.00\nCash on delivery fee ₹30.00\nGrand total ₹3,427.00");
    expect(text).not.toContain("UPI discount");
    const unpaid = await pdfText(await renderInvoice({ ...upi, isPaid: false, paidAt: null }));
    expect(unpaid).toContain("Payment status: Not paid");
  });

  it("tax invoice of a UPI order: each line's discount and reduced taxable value, adding up", async () => {
    const tax = taxInvoiceFigures(upi, shop);
    const text = await pdfText(await renderInvoice(upi, tax));
    // Lavender Dream 3 × ₹450.00 less ₹67.50 = ₹1,282.50; taxable 1282.50 / 1.18 = ₹1,086.86.
    // (pdfText: the figures, drawn after the note under the name, make a line of their own)
    expect(text).toContain("Lavender Dream\nHSN 3406 · Discount −₹67.50\n3 ₹450.00 ₹1,086.86 ₹195.64 ₹1,282.50");
    expect(tax.rows.reduce((s, r) => s + (r.discount ?? 0), 0)).toBe(prepaid);
    expect(text).toContain("Tax Invoice");
    expect(text).toContain("Grand total ₹3,229.60");
    expect(tax.totals.taxable + tax.totals.cgst + tax.totals.sgst).toBe(upi.grandTotal);
    expect(text).toContain(`Taxable value ${"₹2,736.95"}`);
    expect(text).toContain("Paid by UPI, reference (UTR) 412345678901, on 22 Nov 2026");
  });

  it("tax invoice of a COD order: the fee is a row taxed like shipping; in Hindi too", async () => {
    const tax = taxInvoiceFigures(cod, shop);
    const text = await pdfText(await renderInvoice(cod, tax));
    // 3000 / 1.18 = 2542.37 → ₹25.42 taxable, ₹4.58 tax.
    expect(text).toContain("Cash on delivery fee 1 ₹30.00 ₹25.42 ₹4.58 ₹30.00");
    expect(text).toContain("Grand total ₹3,427.00");
    const hindi = await pdfText(await renderInvoice(cod, tax, "hi"));
    expect(hindi).toContain("कैश ऑन डिलीवरी शुल्क 1 ₹30.00 ₹25.42 ₹4.58 ₹30.00");
    const upiHindi = await pdfText(await renderInvoice(upi, taxInvoiceFigures(upi, shop), "hi"));
    expect(upiHindi).toContain("एचएसएन 3406 · छूट −₹67.50");
    expect(upiHindi).toContain("UPI से हो गया, रेफ़रेंस (UTR) 412345678901");
    const plainHindi = await pdfText(await renderInvoice(upi, null, "hi"));
    expect(plainHindi).toContain("UPI छूट −₹167.40");
  });
});
