// GST in a tax-inclusive price: how much of each amount is the taxable value and how much is
// tax, in whole paise that add up exactly to what the shopper pays.
//
// Rounding (the one rule; docs/gst.md repeats it):
// - per row (each order line, shipping and the cash-on-delivery fee each as its own row), gross =
//   what the shopper pays for it, in paise, tax included: for a line, qty × unit price less the
//   line's share of any discount (issue #38's UPI discount; #39's coupon codes join it), so a
//   discount lowers the line's taxable value;
// - taxable value = gross × 100 / (100 + rate), rounded to the nearest paisa, halves up
//   (computed in integers, so no float ever decides a paisa);
// - tax = gross − taxable value: the row's tax takes the rounding, and taxable + tax = gross
//   exactly;
// - within the state, CGST = floor(tax / 2) and SGST = tax − CGST (an odd paisa goes to SGST);
//   otherwise IGST = tax;
// - totals are sums of the rows, so they add up to the grand total (lines + shipping + COD fee)
//   exactly.
// Rounding per row rather than on the total is what an invoice shows: every printed row checks.

export type TaxLineInput = {
  qty: number;
  /** Unit price in paise, tax included (the shop's prices are). */
  price: number;
  hsn: string;
  /**
   * Paise off this line (its share of the order's discounts, spreadDiscounts in
   * app/lib/price-breakdown.ts); 0 or absent: none. At most qty × price.
   */
  discount?: number;
};

export type TaxSplit = { cgst: number; sgst: number; igst: number };

export type TaxRow = TaxSplit & {
  /** What the shopper pays for the row, tax included (paise): a line's qty × price − discount. */
  gross: number;
  taxable: number;
  /** gross − taxable = cgst + sgst + igst. */
  tax: number;
};

export type TaxLine = Omit<TaxLineInput, "discount"> & TaxRow & { discount: number };

export type TaxBreakdown = {
  lines: TaxLine[];
  /** Shipping is taxed as part of the supply of the goods, at their rate. */
  shipping: TaxRow;
  /** The cash-on-delivery fee: a charge for the same supply, taxed like shipping. */
  codFee: TaxRow;
  totals: TaxRow;
};

/** A rate as hundredths of a percent (18 → 1800, 2.5 → 250), so the arithmetic stays in integers. */
export function rateBasisPoints(ratePercent: number): number {
  const bp = Math.round(ratePercent * 100);
  if (!Number.isFinite(ratePercent) || bp <= 0 || Math.abs(bp - ratePercent * 100) > 1e-6)
    throw new RangeError(`GST rate must be a positive percentage with at most 2 decimals, not ${ratePercent}`);
  return bp;
}

const assertPaise = (n: number, what: string) => {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`${what} must be whole paise, 0 or more, not ${n}`);
};

/** One row: the taxable value and its tax, split as the supply's state says. */
export function taxRow(gross: number, ratePercent: number, intraState: boolean): TaxRow {
  assertPaise(gross, "An amount");
  const bp = BigInt(rateBasisPoints(ratePercent));
  const g = BigInt(gross);
  // round(g × 10000 / (10000 + bp)), halves up: floor((2·g·10000 + d) / 2d).
  const d = 10000n + bp;
  const taxable = Number((2n * g * 10000n + d) / (2n * d));
  const tax = gross - taxable;
  const cgst = intraState ? Math.floor(tax / 2) : 0;
  const sgst = intraState ? tax - cgst : 0;
  return { gross, taxable, tax, cgst, sgst, igst: intraState ? 0 : tax };
}

const sum = (rows: TaxRow[]): TaxRow => {
  const total = { gross: 0, taxable: 0, tax: 0, cgst: 0, sgst: 0, igst: 0 };
  for (const row of rows) for (const k of Object.keys(total) as (keyof TaxRow)[]) total[k] += row[k];
  return total;
};

/**
 * The taxable value and tax of each line, of shipping and of the COD fee, and their totals, in
 * integer paise. `intraState`: the place of supply is the seller's state (CGST + SGST), otherwise
 * IGST. totals.gross is the grand total: Σ (qty × price − discount) + shipping + COD fee.
 */
export function taxBreakdown(input: {
  lines: TaxLineInput[];
  /** paise, tax included */
  shipping: number;
  /** paise, tax included; 0 or absent: none */
  codFee?: number;
  ratePercent: number;
  intraState: boolean;
}): TaxBreakdown {
  const { ratePercent, intraState } = input;
  const lines = input.lines.map((line) => {
    assertPaise(line.price, "A unit price");
    if (!Number.isSafeInteger(line.qty) || line.qty < 1) throw new RangeError(`A quantity must be 1 or more`);
    const discount = line.discount ?? 0;
    assertPaise(discount, "A discount");
    if (discount > line.qty * line.price) throw new RangeError(`A discount cannot be more than its line`);
    return {
      qty: line.qty,
      price: line.price,
      hsn: line.hsn,
      discount,
      ...taxRow(line.qty * line.price - discount, ratePercent, intraState),
    };
  });
  const shipping = taxRow(input.shipping, ratePercent, intraState);
  const codFee = taxRow(input.codFee ?? 0, ratePercent, intraState);
  return { lines, shipping, codFee, totals: sum([...lines, shipping, codFee]) };
}
