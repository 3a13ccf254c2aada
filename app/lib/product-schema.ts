import { isImageUrl } from "./image-url";
import { rupeesToPaise } from "./money";
import { numberFromField } from "./number-field";
import { sizesSchema, type SizeInput } from "./size-schema";
import { z } from "./zod";

// The admin product form and POST/PUT /api/products share this schema.
export const NAME_REQUIRED = "Name is required";
export const PRICE_REQUIRED = "Price is required";
export const NOT_NEGATIVE = "Must be 0 or more";
export const STOCK_INVALID = "Stock must be a whole number, 0 or more";
export const HSN_INVALID = "HSN code must be 4, 6 or 8 digits, e.g. 3406 for candles";
/** The HSN code a product gets when none is given: candles. */
export const DEFAULT_HSN = "3406";
export const URL_INVALID = "Use a web address (https://…) or a path on this site (/…)";
/** The most collections the editor's form may tick (far more than a shop has). */
export const COLLECTIONS_MAX = 100;
/** A product's gallery: kept URLs and new files together. */
export const GALLERY_MAX = 12;
export const GALLERY_TOO_MANY = `At most ${GALLERY_MAX} pictures`;
/** The editor's message when kept pictures and chosen files come to more than GALLERY_MAX. */
export const galleryTooMany = (total: number) =>
  `${GALLERY_TOO_MANY}: this would make ${total}. Untick some or choose fewer files.`;

/** Numbers arrive as numbers (JSON) or strings (forms); "" means not given. */
const number = (message: string) =>
  z.preprocess(numberFromField, z.number({ error: message }).finite({ error: message }));

const rupees = (required: string) =>
  number(required)
    .refine((n) => n >= 0, { error: NOT_NEGATIVE })
    .refine((n) => n <= 10_000_000, { error: "That is too much for a candle" })
    .transform(rupeesToPaise);

export const imageUrl = z
  .string({ error: URL_INVALID })
  .trim()
  .max(2000, { error: "At most 2000 characters" })
  .refine(isImageUrl, { error: URL_INVALID });

/** A gallery entry: a URL (forms) or { url } (the API); either way the URL's own message when it is bad. */
const galleryUrl = z.preprocess(
  (v) => (v !== null && typeof v === "object" && !Array.isArray(v) && "url" in v ? (v as { url: unknown }).url : v),
  imageUrl,
);

const NAME_MAX = 120;
const DESCRIPTION_MAX = 5000;
const description = z
  .string()
  .trim()
  .max(DESCRIPTION_MAX, { error: `At most ${DESCRIPTION_MAX} characters` });

export const productSchema = z.object({
  name: z
    .string({ error: NAME_REQUIRED })
    .trim()
    .min(1, { error: NAME_REQUIRED })
    .max(NAME_MAX, { error: `At most ${NAME_MAX} characters` }),
  description: description.optional().default(""),
  /** paise */
  price: rupees(PRICE_REQUIRED),
  /** paise; 0 or empty means no MRP */
  mrp: rupees(NOT_NEGATIVE)
    .optional()
    .transform((p) => (p ? p : null)),
  stock: number(STOCK_INVALID)
    .refine((n) => Number.isInteger(n) && n >= 0, { error: STOCK_INVALID })
    .refine((n) => n <= 1_000_000, { error: STOCK_INVALID })
    .optional()
    .default(0),
  /**
   * HSN code for GST invoices; spaces and dots are dropped ("3406.00.10"). Not given: a new product
   * gets DEFAULT_HSN and an edit keeps the product's code, so an API client that does not know the
   * field never resets it.
   */
  hsn: z
    .preprocess(
      (v) => (typeof v === "string" ? v.replace(/[\s.]/g, "") : typeof v === "number" ? String(v) : v),
      z.string({ error: HSN_INVALID }).regex(/^(\d{4}|\d{6}|\d{8})$/, { error: HSN_INVALID }),
    )
    .optional(),
  image: z
    .union([z.literal(""), imageUrl])
    .optional()
    .default(""),
  /** Gallery: [{ url }] from the API, or plain URLs from the form. */
  images: z.preprocess(
    (v) => (v === undefined || v === "" ? [] : Array.isArray(v) ? v.filter((x) => x !== "" && x != null) : [v]),
    z.array(galleryUrl).max(GALLERY_MAX, { error: GALLERY_TOO_MANY }),
  ),
});

/**
 * The admin editor's form: the product and its Hindi texts (issue #36), "" for none (the pages
 * then show the English ones). The JSON door keeps productSchema, whose shapes do not name them,
 * so an API edit leaves them as they are.
 */
export const productFormSchema = productSchema.extend({
  nameHi: z
    .string()
    .trim()
    .max(NAME_MAX, { error: `At most ${NAME_MAX} characters` })
    .optional()
    .default(""),
  descriptionHi: description.optional().default(""),
  /** The "Sizes" rows (issue #37); the JSON door has none and leaves a product's sizes as they are. */
  sizes: sizesSchema,
  /** The collections the product is in (issue #37): the ticked boxes' ids, none ticked for none. */
  collections: z.preprocess(
    (v) => (v === undefined || v === "" ? [] : Array.isArray(v) ? v : [v]),
    z.array(z.string().max(64)).max(COLLECTIONS_MAX),
  ),
});
export type ProductInput = z.output<typeof productSchema> & {
  nameHi?: string;
  descriptionHi?: string;
  sizes?: SizeInput[];
  /** Absent (the JSON door): the product stays in the collections it is in. */
  collections?: string[];
};

/** One message for the JSON door: the first problem, named by its field. */
export function productError(error: { issues: { path: PropertyKey[]; message: string }[] }): string {
  const first = error.issues[0];
  return first ? `${String(first.path[0] ?? "body")}: ${first.message}` : "Invalid product";
}
