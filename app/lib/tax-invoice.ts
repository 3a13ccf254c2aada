import { amountInWords } from "./amount-in-words";
import { taxBreakdown, type TaxRow } from "./gst";
import { gstStateByCode, gstStateByName, type GstState } from "./gst-states";
import { orderNumber } from "./order-number";
import { spreadDiscounts } from "./price-breakdown";

// Everything a GST tax invoice prints, worked out from an order and the shop's registration, so
// the PDF code only draws. Pure: no database, no environment.

/** The shop's GST registration, from the environment (app/env.server.ts, env.gst). */
export type GstSettings = {
  gstin: string;
  legalName: string;
  address: string;
  /** The state of registration: the GSTIN's first two digits are its code. */
  state: GstState;
  /** One rate for all goods (and shipping with them), e.g. 18. */
  ratePercent: number;
};

/** What the figures need of an order (InvoiceOrder has it all). Money in integer paise. */
export type TaxInvoiceOrder = {
  id: string;
  invoiceNumber: string | null;
  createdAt: Date;
  shippingAddress: { state: string };
  /** The place of supply's GST state code, fixed when the order was placed; null: none recognised. */
  supplyStateCode: string | null;
  items: { name: string; qty: number; price: number; hsn: string }[];
  shipping: number;
  /** Off the goods for a coupon code (issue #39); absent: none. */
  couponDiscount?: number;
  /** Off the goods for paying by UPI (issue #38); absent on orders from before it: none. */
  prepaidDiscount?: number;
  /** The cash-on-delivery fee (issue #38); absent: none. */
  codFee?: number;
  grandTotal: number;
};

export type PlaceOfSupply = {
  /** The state's GST name, or the shipping state as typed when it is not recognised. */
  name: string;
  /** Two-digit GST state code; null when the shipping state is not recognised. */
  code: string | null;
  /** "Karnataka (29)", or the typed name alone. */
  label: string;
};

export type TaxInvoiceRow = TaxRow & {
  description: string;
  /** HSN code of the goods; null for the shipping and COD fee rows (taxed with the goods' supply). */
  hsn: string | null;
  qty: number;
  /** paise, tax included, as the shop prices it */
  unitPrice: number;
  /**
   * A line's share of the order's discounts, paise: gross = qty × unitPrice − discount, so the
   * discount lowers the taxable value. Absent when nothing came off.
   */
  discount?: number;
};

export type TaxInvoiceFigures = {
  title: "Tax Invoice";
  /** The order's invoice number; orders placed before numbering began show their order number. */
  invoiceNumber: string;
  invoiceDate: Date;
  seller: { legalName: string; address: string; state: string; stateCode: string; gstin: string };
  placeOfSupply: PlaceOfSupply;
  /** CGST + SGST within the seller's state, IGST otherwise. */
  kind: "CGST+SGST" | "IGST";
  /** Percent rates for the column headings: { cgst: 9, sgst: 9, igst: null } or { …, igst: 18 }. */
  rates: { total: number; cgst: number | null; sgst: number | null; igst: number | null };
  rows: TaxInvoiceRow[];
  /** null when the order shipped free. */
  shipping: TaxInvoiceRow | null;
  /** The cash-on-delivery fee, taxed like shipping; null when none. */
  codFee: TaxInvoiceRow | null;
  /** Sums of every row, shipping and COD fee included; totals.gross is the grand total. */
  totals: TaxRow;
  totalInWords: string;
};

const place = (state: GstState | null, typed: string): PlaceOfSupply =>
  state
    ? { name: state.name, code: state.code, label: `${state.name} (${state.code})` }
    : { name: typed.trim(), code: null, label: typed.trim() };

/**
 * A shipping state as typed, read as a place of supply. A state we do not recognise is supplied as
 * typed, with no code, and taxed as IGST: CGST + SGST is claimed only when the address is known to
 * be in the seller's state. The total tax is the same either way (only its split differs), and the
 * printed place of supply shows the admin what to check. Orders placed before the place of supply
 * was stored were read so (the migration that stored it repeats this in SQL).
 */
export function placeOfSupply(shippingState: string): PlaceOfSupply {
  return place(gstStateByName(shippingState), shippingState);
}

/**
 * Where an order's goods are supplied (IGST Act s.10(1)(a): where their movement ends): the state
 * stored with it when it was placed (from its PIN, or the state typed), so its invoice never
 * changes when drawn again; with none stored, the shipping state as typed, without a code.
 */
export function orderPlaceOfSupply(order: Pick<TaxInvoiceOrder, "supplyStateCode" | "shippingAddress">): PlaceOfSupply {
  const stored = order.supplyStateCode === null ? null : gstStateByCode(order.supplyStateCode);
  return place(stored, order.shippingAddress.state);
}

/** The tax invoice of `order` for a shop registered as `settings` says. */
export function taxInvoiceFigures(order: TaxInvoiceOrder, settings: GstSettings): TaxInvoiceFigures {
  const supply = orderPlaceOfSupply(order);
  const intraState = supply.code === settings.state.code;
  const rate = settings.ratePercent;
  // Discounts come off the lines they were earned on, in the order the price breakdown takes them:
  // the coupon code first (issue #39), then the prepaid discount on what it left.
  const shares = spreadDiscounts(
    order.items.map((i) => i.qty * i.price),
    [order.couponDiscount ?? 0, order.prepaidDiscount ?? 0],
  );
  const breakdown = taxBreakdown({
    lines: order.items.map((item, i) => ({ ...item, discount: shares[i] })),
    shipping: order.shipping,
    codFee: order.codFee ?? 0,
    ratePercent: rate,
    intraState,
  });
  if (breakdown.totals.gross !== order.grandTotal)
    throw new Error(
      `Order ${order.id}: lines, shipping and fees come to ${breakdown.totals.gross} paise, its grand total is ${order.grandTotal}`,
    );
  const { shipping, codFee } = breakdown;
  return {
    title: "Tax Invoice",
    invoiceNumber: order.invoiceNumber ?? orderNumber(order.id),
    invoiceDate: order.createdAt,
    seller: {
      legalName: settings.legalName,
      address: settings.address,
      state: settings.state.name,
      stateCode: settings.state.code,
      gstin: settings.gstin,
    },
    placeOfSupply: supply,
    kind: intraState ? "CGST+SGST" : "IGST",
    rates: intraState
      ? { total: rate, cgst: rate / 2, sgst: rate / 2, igst: null }
      : { total: rate, cgst: null, sgst: null, igst: rate },
    rows: breakdown.lines.map(({ qty, price, hsn, discount, ...row }, i) => ({
      ...row,
      description: order.items[i]!.name,
      hsn,
      qty,
      unitPrice: price,
      ...(discount > 0 ? { discount } : {}),
    })),
    shipping:
      order.shipping > 0
        ? { ...shipping, description: "Shipping", hsn: null, qty: 1, unitPrice: order.shipping }
        : null,
    codFee:
      codFee.gross > 0
        ? { ...codFee, description: "Cash on delivery fee", hsn: null, qty: 1, unitPrice: codFee.gross }
        : null,
    totals: breakdown.totals,
    totalInWords: amountInWords(breakdown.totals.gross),
  };
}
