// GST with issue #38's money rules: the prepaid (UPI) discount lowers each line's taxable value by
// its share; the COD fee is a row taxed like shipping; every row, and the totals, still add up to
// the grand total to the paisa, so the order keeps its tax invoice.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { taxBreakdown } from "~/lib/gst";
import { percentOf, priceBreakdown } from "~/lib/price-breakdown";
import { type GstSettings, taxInvoiceFigures, type TaxInvoiceOrder } from "~/lib/tax-invoice";

const SELLER: GstSettings = {
  gstin: "29AAGCB7383J1Z4",
  legalName: "RK Candles Private Limited",
  address: "12, 4th Cross, Indiranagar, Bengaluru 560038",
  state: { code: "29", name: "Karnataka" },
  ratePercent: 18,
};

const ITEMS = [
  { name: "Lavender Dream", qty: 3, price: 33333, hsn: "3406" },
  { name: "Chai Jar", qty: 1, price: 129900, hsn: "34060010" },
];

/** An order as placeOrder stores it, priced by the one breakdown. */
function order(method: "COD" | "UPI", items = ITEMS, supplyStateCode = "29"): TaxInvoiceOrder {
  const b = priceBreakdown(items, method, { prepaidDiscountPercent: 5, codFeePaise: 3000 });
  return {
    id: "665f1c2a9b3e4d5f6a7b8c9d",
    invoiceNumber: "RK/26-27/000123",
    createdAt: new Date("2026-11-20T20:30:00Z"),
    shippingAddress: { state: "Karnataka" },
    supplyStateCode,
    items,
    shipping: b.shipping,
    prepaidDiscount: b.prepaidDiscount,
    codFee: b.codFee,
    grandTotal: b.total,
  };
}

describe("taxBreakdown with a discount per line and a COD fee", () => {
  it("taxes each line on what is paid for it and the fee like shipping", () => {
    const b = taxBreakdown({
      lines: [{ qty: 3, price: 33333, hsn: "3406", discount: 4999 }],
      shipping: 4900,
      codFee: 3000,
      ratePercent: 18,
      intraState: true,
    });
    // 99999 − 4999 = 95000; 95000 / 1.18 = 80508.47… → 80508; tax 14492 = 7246 + 7246.
    expect(b.lines[0]).toEqual({
      qty: 3,
      price: 33333,
      hsn: "3406",
      discount: 4999,
      gross: 95000,
      taxable: 80508,
      tax: 14492,
      cgst: 7246,
      sgst: 7246,
      igst: 0,
    });
    // 3000 / 1.18 = 2542.37… → 2542; tax 458 = 229 + 229.
    expect(b.codFee).toEqual({ gross: 3000, taxable: 2542, tax: 458, cgst: 229, sgst: 229, igst: 0 });
    expect(b.totals.gross).toBe(95000 + 4900 + 3000);
    expect(b.totals.taxable + b.totals.tax).toBe(b.totals.gross);
  });

  it("refuses a discount that is not whole paise or more than its line", () => {
    const line = { qty: 1, price: 100, hsn: "3406" };
    for (const discount of [-1, 0.5, 101])
      expect(() =>
        taxBreakdown({ lines: [{ ...line, discount }], shipping: 0, ratePercent: 18, intraState: true }),
      ).toThrow(RangeError);
  });
});

describe("the tax invoice of a UPI order with the prepaid discount", () => {
  it("spreads the discount over the lines and reduces their taxable values, to the paisa", () => {
    const o = order("UPI");
    // 5 % of ₹2,298.99 = 11494.95 → ₹114.95; spread 99999:129900 → 5000.02… and 6494.97…
    expect(o.prepaidDiscount).toBe(11495);
    expect(o.grandTotal).toBe(229899 - 11495 + 4900); // ₹2,233.04
    const f = taxInvoiceFigures(o, SELLER);
    expect(f.rows.map((r) => r.discount)).toEqual([5000, 6495]);
    expect(f.rows.map((r) => r.gross)).toEqual([99999 - 5000, 129900 - 6495]);
    // (99999 − 5000) / 1.18 = 80507.62… → 80508; (129900 − 6495) / 1.18 = 104580.50… → 104581
    expect(f.rows.map((r) => r.taxable)).toEqual([80508, 104581]);
    expect(f.rows.map((r) => r.unitPrice)).toEqual([33333, 129900]);
    expect(f.codFee).toBeNull();
    expect(f.totals.gross).toBe(o.grandTotal);
    expect(f.totals.taxable + f.totals.cgst + f.totals.sgst).toBe(o.grandTotal);
    expect(f.totalInWords).toBe("Rupees Two Thousand Two Hundred Thirty-Three and Four Paise Only");
  });

  it("a COD order with the fee: a row of its own, taxed like shipping, IGST to another state", () => {
    const o = order("COD", ITEMS, "27");
    const f = taxInvoiceFigures(o, SELLER);
    expect(f.rows.every((r) => r.discount === undefined)).toBe(true);
    expect(f.codFee).toEqual({
      description: "Cash on delivery fee",
      hsn: null,
      qty: 1,
      unitPrice: 3000,
      gross: 3000,
      taxable: 2542,
      tax: 458,
      cgst: 0,
      sgst: 0,
      igst: 458,
    });
    expect(f.kind).toBe("IGST");
    expect(f.totals.gross).toBe(229899 + 4900 + 3000);
  });

  it("adds up to the grand total to the paisa, whatever the lines, rate and rules (property)", () => {
    const line = fc.record({
      name: fc.constant("Candle"),
      qty: fc.integer({ min: 1, max: 20 }),
      price: fc.integer({ min: 1, max: 5_000_000 }),
      hsn: fc.constant("3406"),
    });
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 1, max: 5000 }).map((bp) => bp / 100),
        fc.integer({ min: 0, max: 100_000 }),
        fc.constantFrom(3, 5, 12, 18, 28),
        fc.constantFrom("COD" as const, "UPI" as const),
        fc.constantFrom("29", "27"),
        (items, percent, fee, ratePercent, method, state) => {
          const b = priceBreakdown(items, method, { prepaidDiscountPercent: percent, codFeePaise: fee });
          const o = { ...order(method, items, state), prepaidDiscount: b.prepaidDiscount, codFee: b.codFee };
          o.grandTotal = b.total;
          const f = taxInvoiceFigures(o, { ...SELLER, ratePercent });
          const rows = [...f.rows, ...(f.shipping ? [f.shipping] : []), ...(f.codFee ? [f.codFee] : [])];
          expect(rows.reduce((s, r) => s + r.gross, 0)).toBe(b.total);
          expect(f.totals.taxable + f.totals.tax).toBe(b.total);
          expect(f.rows.reduce((s, r) => s + (r.discount ?? 0), 0)).toBe(b.prepaidDiscount);
          for (const r of f.rows) {
            expect(r.gross).toBe(r.qty * r.unitPrice - (r.discount ?? 0));
            expect(r.gross).toBeGreaterThanOrEqual(0);
            expect(r.taxable + r.tax).toBe(r.gross);
            expect(r.cgst + r.sgst + r.igst).toBe(r.tax);
            if (f.kind === "CGST+SGST") expect(r.sgst - r.cgst).toBeGreaterThanOrEqual(0);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it("percentOf and the spread agree: nothing is lost between the order and its invoice", () => {
    const o = order("UPI", [{ name: "Tin", qty: 7, price: 34950, hsn: "3406" }]);
    expect(o.prepaidDiscount).toBe(percentOf(7 * 34950, 5));
    expect(taxInvoiceFigures(o, SELLER).rows[0]!.discount).toBe(o.prepaidDiscount);
  });
});
