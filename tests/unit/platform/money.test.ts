import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatPaise } from "~/lib/money";
import { formatPaiseShort } from "~/lib/money-short";

// formatPaise is written out by hand (Intl's first formatter costs a phone 10-26 ms); it must say
// exactly what Intl's en-IN rupees say, which is what the shop showed before.
const intl = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", minimumFractionDigits: 2 });

describe("formatPaise", () => {
  it.each([
    [0, "₹0.00"],
    [5, "₹0.05"],
    [99, "₹0.99"],
    [100, "₹1.00"],
    [49_900, "₹499.00"],
    [123_456, "₹1,234.56"],
    [12_345_678, "₹1,23,456.78"],
    [123_456_789, "₹12,34,567.89"],
    [1_234_567_890_123, "₹12,34,56,78,901.23"],
    [-123_456, "-₹1,234.56"],
  ])("%i paise is %s", (paise, text) => {
    expect(formatPaise(paise)).toBe(text);
    expect(intl.format(paise / 100)).toBe(text);
  });

  it("says what Intl's en-IN rupees say, for any whole or half paise and below zero", () => {
    const amounts = fc.oneof(
      fc.integer({ min: -10_000_000, max: 10_000_000 }),
      fc.integer({ min: 0, max: 2 ** 50 }),
      fc.integer({ min: -1_000_000, max: 1_000_000 }).map((n) => n + 0.5),
      fc.constantFrom(-0, -0.4, 0.4, 0.49, 0.51, 99.5, 100.5),
    );
    fc.assert(
      fc.property(amounts, (paise) => {
        expect(formatPaise(paise)).toBe(intl.format(paise / 100));
      }),
      { numRuns: 5_000 },
    );
  });
});

describe("formatPaiseShort (the chart's axis)", () => {
  it("shortens in lakhs and thousands", () => {
    expect([50_000, 2_500_000, 12_000_000, 250_000_000].map(formatPaiseShort)).toEqual([
      "₹500",
      "₹25K",
      "₹1.2L",
      "₹25L",
    ]);
  });
});
