// taxInvoiceFigures: what the PDF prints on a GST tax invoice, from an order and the shop's registration.
import { describe, expect, it } from "vitest";
import { placeOfSupply, taxInvoiceFigures, type GstSettings, type TaxInvoiceOrder } from "~/lib/tax-invoice";
import type { InvoiceOrder } from "~/models/invoices/invoice-pdf.server";
import { taxInvoiceFor } from "~/models/invoices/tax-invoice.server";

const SELLER: GstSettings = {
  gstin: "29AAGCB7383J1Z4",
  legalName: "RK Candles Private Limited",
  address: "12, 4th Cross, Indiranagar, Bengaluru 560038",
  state: { code: "29", name: "Karnataka" },
  ratePercent: 18,
};

function order(state: string, overrides: Partial<TaxInvoiceOrder> = {}): TaxInvoiceOrder {
  const items = overrides.items ?? [
    { name: "Lavender Dream", qty: 3, price: 33333, hsn: "3406" },
    { name: "Chai Jar", qty: 1, price: 129900, hsn: "34060010" },
  ];
  const shipping = overrides.shipping ?? 4900;
  return {
    id: "665f1c2a9b3e4d5f6a7b8c9d",
    invoiceNumber: "RK/26-27/000123",
    createdAt: new Date("2026-11-20T20:30:00Z"),
    shippingAddress: { state },
    // As an order placed with no PIN state to go by stores it: the typed state's code.
    supplyStateCode: placeOfSupply(state).code,
    items,
    shipping,
    grandTotal: items.reduce((s, i) => s + i.qty * i.price, 0) + shipping,
    ...overrides,
  };
}

describe("taxInvoiceFigures", () => {
  it("within the seller's state: CGST + SGST per line and on shipping, adding up to the grand total", () => {
    const f = taxInvoiceFigures(order("karnataka"), SELLER);
    expect(f.title).toBe("Tax Invoice");
    expect(f.invoiceNumber).toBe("RK/26-27/000123");
    expect(f.invoiceDate).toEqual(new Date("2026-11-20T20:30:00Z"));
    expect(f.seller).toEqual({
      legalName: "RK Candles Private Limited",
      address: "12, 4th Cross, Indiranagar, Bengaluru 560038",
      state: "Karnataka",
      stateCode: "29",
      gstin: "29AAGCB7383J1Z4",
    });
    expect(f.placeOfSupply).toEqual({ name: "Karnataka", code: "29", label: "Karnataka (29)" });
    expect(f.kind).toBe("CGST+SGST");
    expect(f.rates).toEqual({ total: 18, cgst: 9, sgst: 9, igst: null });
    expect(f.rows).toEqual([
      {
        description: "Lavender Dream",
        hsn: "3406",
        qty: 3,
        unitPrice: 33333,
        gross: 99999,
        taxable: 84745,
        tax: 15254,
        cgst: 7627,
        sgst: 7627,
        igst: 0,
      },
      {
        description: "Chai Jar",
        hsn: "34060010",
        qty: 1,
        unitPrice: 129900,
        // 129900 / 1.18 = 110084.74… → 110085
        gross: 129900,
        taxable: 110085,
        tax: 19815,
        cgst: 9907,
        sgst: 9908,
        igst: 0,
      },
    ]);
    expect(f.shipping).toEqual({
      description: "Shipping",
      hsn: null,
      qty: 1,
      unitPrice: 4900,
      gross: 4900,
      taxable: 4153,
      tax: 747,
      cgst: 373,
      sgst: 374,
      igst: 0,
    });
    expect(f.totals).toEqual({ gross: 234799, taxable: 198983, tax: 35816, cgst: 17907, sgst: 17909, igst: 0 });
    expect(f.totalInWords).toBe("Rupees Two Thousand Three Hundred Forty-Seven and Ninety-Nine Paise Only");
  });

  it("to another state: IGST only, place of supply named with its code", () => {
    const f = taxInvoiceFigures(order("Maharashtra"), SELLER);
    expect(f.placeOfSupply.label).toBe("Maharashtra (27)");
    expect(f.kind).toBe("IGST");
    expect(f.rates).toEqual({ total: 18, cgst: null, sgst: null, igst: 18 });
    expect(f.totals).toEqual({ gross: 234799, taxable: 198983, tax: 35816, cgst: 0, sgst: 0, igst: 35816 });
    expect(f.rows.every((r) => r.cgst === 0 && r.sgst === 0 && r.igst === r.tax)).toBe(true);
  });

  it("an old spelling of the seller's state is still within the state", () => {
    const delhi: GstSettings = { ...SELLER, gstin: "07AAACI1681G1ZR", state: { code: "07", name: "Delhi" } };
    expect(taxInvoiceFigures(order("NCT of Delhi"), delhi).kind).toBe("CGST+SGST");
    expect(taxInvoiceFigures(order("Karnataka"), delhi).kind).toBe("IGST");
  });

  it("an unrecognised shipping state is supplied as typed, without a code, under IGST", () => {
    expect(placeOfSupply("  Atlantis ")).toEqual({ name: "Atlantis", code: null, label: "Atlantis" });
    const f = taxInvoiceFigures(order("Atlantis"), SELLER);
    expect(f.kind).toBe("IGST");
    expect(f.placeOfSupply.label).toBe("Atlantis");
  });

  it("free shipping has no shipping row; an order from before numbering shows its order number", () => {
    const f = taxInvoiceFigures(order("Karnataka", { shipping: 0, invoiceNumber: null }), SELLER);
    expect(f.shipping).toBeNull();
    expect(f.invoiceNumber).toBe("#7b8c9d");
    expect(f.totals.gross).toBe(229899);
  });

  it("refuses an order whose lines do not come to its grand total", () => {
    expect(() => taxInvoiceFigures(order("Karnataka", { grandTotal: 1 }), SELLER)).toThrow(/grand total is 1/);
  });
});

describe("taxInvoiceFor (the drawing code's call)", () => {
  const invoiceOrder: InvoiceOrder = {
    ...order("Karnataka"),
    status: "Placed",
    isPaid: false,
    paymentMethod: "COD",
    contact: { name: "Asha", email: "asha@example.com", phone: "9876543210" },
    shippingAddress: { address: "1 MG Road", city: "Bengaluru", state: "Karnataka", pin: "560001" },
    subtotal: 229899,
    gstRatePercent: SELLER.ratePercent,
  };

  it("is null without SHOP_GSTIN (the tests' environment): the invoice stays plain", () => {
    expect(taxInvoiceFor(invoiceOrder)).toBeNull();
  });

  it("gives the figures with a registration", () => {
    expect(taxInvoiceFor(invoiceOrder, SELLER)).toEqual(taxInvoiceFigures(invoiceOrder, SELLER));
  });

  it("uses the rate stored with the order, not today's, and none for an order placed without GST", () => {
    const today = { ...SELLER, ratePercent: SELLER.ratePercent + 6 };
    expect(taxInvoiceFor(invoiceOrder, today)).toEqual(taxInvoiceFigures(invoiceOrder, SELLER));
    expect(taxInvoiceFor({ ...invoiceOrder, gstRatePercent: null }, SELLER)).toBeNull();
  });
});
