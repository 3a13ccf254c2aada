// The one price breakdown (issue #38): what an order costs by payment method, and how a discount
// is spread over the lines a GST invoice taxes. Pure, integer paise.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { NO_RULES, percentOf, priceBreakdown, spreadDiscount, spreadDiscounts } from "~/lib/price-breakdown";

const RULES = { prepaidDiscountPercent: 5, codFeePaise: 3000 };
const LINES = [
  { price: 45000, qty: 3 },
  { price: 129900, qty: 1 },
];

describe("percentOf", () => {
  it("rounds to the nearest paisa, halves up, with no float deciding", () => {
    expect(percentOf(10000, 5)).toBe(500);
    expect(percentOf(10, 5)).toBe(1); // 0.5 → 1
    expect(percentOf(9, 5)).toBe(0); // 0.45 → 0
    expect(percentOf(30, 5)).toBe(2); // 1.5 → 2
    expect(percentOf(99999, 2.5)).toBe(2500); // 2499.975 → 2500
    expect(percentOf(1, 50)).toBe(1); // 0.5 → 1
    expect(percentOf(0, 5)).toBe(0);
    expect(percentOf(12345, 0)).toBe(0);
    // 0.1 + 0.2 style percentages stay exact: 4.35 % of ₹1,000.00 is ₹43.50.
    expect(percentOf(100000, 4.35)).toBe(4350);
  });
});

describe("priceBreakdown", () => {
  it("without rules is the specification's order: goods + ₹49, whatever the method", () => {
    for (const method of ["COD", "UPI"] as const)
      expect(priceBreakdown(LINES, method, NO_RULES)).toEqual({
        goods: 264900,
        couponDiscount: 0,
        prepaidDiscount: 0,
        shipping: 4900,
        codFee: 0,
        total: 269800,
      });
  });

  it("UPI takes the prepaid discount off the goods; COD adds its fee; shipping stays", () => {
    expect(priceBreakdown(LINES, "UPI", RULES)).toEqual({
      goods: 264900,
      couponDiscount: 0,
      prepaidDiscount: 13245,
      shipping: 4900,
      codFee: 0,
      total: 264900 - 13245 + 4900,
    });
    expect(priceBreakdown(LINES, "COD", RULES)).toEqual({
      goods: 264900,
      couponDiscount: 0,
      prepaidDiscount: 0,
      shipping: 4900,
      codFee: 3000,
      total: 264900 + 4900 + 3000,
    });
  });

  it("an empty cart costs nothing: no shipping, no fee", () => {
    expect(priceBreakdown([], "COD", RULES).total).toBe(0);
    expect(priceBreakdown([], "UPI", RULES).total).toBe(0);
  });
});

describe("spreadDiscount", () => {
  it("gives each row its share rounded down, then the paise left to the largest remainders", () => {
    // 100 over 1:1:1 → 33.33 each; the paisa left goes to the first (a tie: the earlier row).
    expect(spreadDiscount([500, 500, 500], 100)).toEqual([34, 33, 33]);
    // 7 over 100:200 → 2.33 and 4.67: the larger remainder, the second row, gets the paisa.
    expect(spreadDiscount([100, 200], 7)).toEqual([2, 5]);
    expect(spreadDiscount([100, 200], 0)).toEqual([0, 0]);
    expect(spreadDiscount([100, 200], 300)).toEqual([100, 200]);
    expect(spreadDiscount([0, 250], 10)).toEqual([0, 10]);
  });

  it("refuses more than there is to take it off", () => {
    expect(() => spreadDiscount([100, 200], 301)).toThrow(RangeError);
  });

  it("adds up exactly and never passes a row's gross, whatever the rows (property)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 1_00_00_000_00 }), { minLength: 1, maxLength: 12 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (grosses, fraction) => {
          const whole = grosses.reduce((a, b) => a + b, 0);
          const discount = Math.floor(whole * fraction);
          const shares = spreadDiscount(grosses, discount);
          expect(shares.reduce((a, b) => a + b, 0)).toBe(discount);
          shares.forEach((s, i) => {
            expect(Number.isInteger(s)).toBe(true);
            expect(s).toBeGreaterThanOrEqual(0);
            expect(s).toBeLessThanOrEqual(grosses[i]!);
          });
        },
      ),
    );
  });
});

describe("spreadDiscounts (#39's code first, then the prepaid discount on what is left)", () => {
  it("spreads each discount over what the earlier ones left, and adds them per line", () => {
    // A code of 100 over 300:100 → 75 + 25; then 50 over what is left, 225:75 → 37.5 → 38 + 12.
    expect(spreadDiscounts([300, 100], [100, 50])).toEqual([75 + 38, 25 + 12]);
    expect(spreadDiscounts([300, 100], [50])).toEqual(spreadDiscount([300, 100], 50));
    expect(spreadDiscounts([300, 100], [])).toEqual([0, 0]);
    // What the first discount took entirely, the next cannot take again.
    expect(spreadDiscounts([300, 100], [400, 0])).toEqual([300, 100]);
    expect(() => spreadDiscounts([300, 100], [300, 101])).toThrow(RangeError);
  });
});
