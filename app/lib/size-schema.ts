import { rupeesToPaise } from "./money";
import { numberFromField } from "./number-field";
import { z } from "./zod";

// The product editor's "Sizes" rows (issue #37), shared by the browser and the server. A row is
// strings from the form: an existing size carries its id; an empty new row (no label, price, MRP,
// SKU or Hindi label) is ignored, so the editor can always offer a few blank rows without JS.

/** Rows the editor may post (existing sizes and blank ones together). */
export const SIZES_MAX = 20;
/** Blank rows the editor offers below the existing sizes (without JS, the only way to add). */
export const SIZES_BLANK_ROWS = 3;
export const SIZE_LABEL_MAX = 60;
export const SIZE_SKU_MAX = 40;
export const SIZE_LABEL_REQUIRED = "Give the size a label, e.g. 200 g jar";
export const SIZE_PRICE_REQUIRED = "Give the size a price";
export const SIZE_NOT_NEGATIVE = "Must be 0 or more";
export const SIZE_TOO_MUCH = "That is too much for a candle";
export const SIZE_STOCK_INVALID = "Stock must be a whole number, 0 or more";
export const SIZE_POSITION_INVALID = "Position must be a whole number";
export const SKU_INVALID = "Letters, digits, - and _ only";
export const SKU_TWICE = "This SKU is on another size in this form";
export const SKU_TAKEN = "This SKU is already used by another size";
export const SIZE_IMAGE_INVALID = "Choose one of this product's gallery pictures";
export const SIZES_TOO_MANY = `At most ${SIZES_MAX} sizes`;

// Absent and "" alike mean empty (the form's parse turns "" into nothing).
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `At most ${max} characters` })
    .optional()
    .default("");

/** "" is not given; anything else must be a finite number. */
const num = (message: string) =>
  z.preprocess(numberFromField, z.number({ error: message }).finite({ error: message }).optional());

const money = num(SIZE_PRICE_REQUIRED)
  .refine((n) => n === undefined || n >= 0, { error: SIZE_NOT_NEGATIVE })
  .refine((n) => n === undefined || n <= 10_000_000, { error: SIZE_TOO_MUCH });

const sizeRowSchema = z
  .object({
    /** An existing size's id; absent for a new row. */
    id: text(40),
    label: text(SIZE_LABEL_MAX),
    labelHi: text(SIZE_LABEL_MAX),
    price: money,
    mrp: money,
    stock: num(SIZE_STOCK_INVALID).refine((n) => n === undefined || (Number.isInteger(n) && n >= 0 && n <= 1_000_000), {
      error: SIZE_STOCK_INVALID,
    }),
    sku: text(SIZE_SKU_MAX).refine((s) => /^[A-Za-z0-9_-]*$/.test(s), { error: SKU_INVALID }),
    /** One of the product's gallery pictures, or "" (the product's own). Checked against it by the server. */
    image: text(2000),
    position: num(SIZE_POSITION_INVALID).refine(
      (n) => n === undefined || (Number.isInteger(n) && Math.abs(n) <= 1000),
      { error: SIZE_POSITION_INVALID },
    ),
    /** A ticked "Remove" box. */
    remove: z.preprocess((v) => v === "on" || v === true || v === "true", z.boolean()),
  })
  .superRefine((row, ctx) => {
    if (isBlank(row)) return;
    if (row.remove) return; // removing: its other fields do not matter
    if (!row.label) ctx.addIssue({ code: "custom", path: ["label"], message: SIZE_LABEL_REQUIRED });
    if (row.price === undefined) ctx.addIssue({ code: "custom", path: ["price"], message: SIZE_PRICE_REQUIRED });
  });

type Row = z.output<typeof sizeRowSchema>;

/** A new row the admin left empty (stock and order may be prefilled; they alone make no size). */
function isBlank(row: Row): boolean {
  return !row.id && !row.label && !row.labelHi && row.price === undefined && row.mrp === undefined && !row.sku;
}

/** A size as the server saves it: money in paise, MRP null when none, in the order to keep. */
export type SizeInput = {
  /** The row's place in the form, to name its fields in a message the server finds (a SKU taken). */
  row: number;
  id: string | null;
  label: string;
  labelHi: string;
  price: number;
  mrp: number | null;
  stock: number;
  sku: string | null;
  image: string;
  remove: boolean;
};

/**
 * The editor's rows: blank ones dropped, SKUs unique within the form (any case), the rest ordered
 * by their "Position" number, ties (and rows without one, by their place) in the form's order.
 */
export const sizesSchema = z
  .preprocess(
    (v) => (v === undefined || v === "" ? [] : v),
    // A row whose every field was empty may come as nothing at all from the form's parse.
    z.array(z.preprocess((v) => v ?? {}, sizeRowSchema)).max(SIZES_MAX, { error: SIZES_TOO_MANY }),
  )
  .superRefine((rows, ctx) => {
    const seen = new Map<string, number>();
    rows.forEach((row, i) => {
      if (row.remove || !row.sku) return;
      const key = row.sku.toLowerCase();
      if (seen.has(key)) ctx.addIssue({ code: "custom", path: [i, "sku"], message: SKU_TWICE });
      else seen.set(key, i);
    });
  })
  .transform((rows): SizeInput[] =>
    rows
      .map((row, index) => ({ row, index }))
      .filter(({ row }) => !isBlank(row) && !(row.remove && !row.id))
      .sort((a, b) => (a.row.position ?? a.index) - (b.row.position ?? b.index) || a.index - b.index)
      .map(({ row, index }) => ({
        row: index,
        id: row.id || null,
        label: row.label,
        labelHi: row.labelHi,
        price: rupeesToPaise(row.price ?? 0),
        mrp: row.mrp ? rupeesToPaise(row.mrp) : null,
        stock: row.stock ?? 0,
        sku: row.sku || null,
        image: row.image,
        remove: row.remove,
      })),
  );

/** The form field names of the size rows, for readForm (which keeps only the names it knows). */
export const SIZE_ROW_KEYS = ["id", "label", "labelHi", "price", "mrp", "stock", "sku", "image", "position", "remove"];
export const sizeFormFields = (): Record<string, number> =>
  Object.fromEntries(
    Array.from({ length: SIZES_MAX }, (_, i) => SIZE_ROW_KEYS.map((k) => [`sizes[${i}].${k}`, 1])).flat(),
  );
