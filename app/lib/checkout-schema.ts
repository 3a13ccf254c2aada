import { en } from "./i18n/en";
import { PIN_INVALID, PIN_RE } from "./pincode";
import { multiLine, oneLine } from "./plain-text";
import { PAYMENT_METHODS } from "./price-breakdown";
import { z } from "./zod";

// The checkout's texts, verbatim.
export const CHECKOUT_INCOMPLETE = en.feedback.checkoutIncomplete;
export const CART_EMPTY = en.feedback.cartEmpty;
export const REQUIRED = en.feedback.required;
export const ONLY_COD = en.feedback.onlyCod;

/** A required text field, cleaned (plain-text.ts: one line unless `clean` says otherwise) before it is measured. */
const required = (max: number, clean: (text: string) => string = oneLine) =>
  z
    .string({ error: REQUIRED })
    .overwrite(clean)
    .trim()
    .min(1, { error: REQUIRED })
    .max(max, { error: en.feedback.atMost(max) });

/** PIN: non-digits stripped, then 6 digits a civilian address can have (PIN_RE). */
export const pinSchema = z
  .string({ error: PIN_INVALID })
  .transform((v) => v.replace(/\D/g, ""))
  .refine((v) => PIN_RE.test(v), { error: PIN_INVALID });

export const contactSchema = z.object({
  name: required(100),
  email: required(254).pipe(z.email({ error: en.feedback.emailInvalid })),
  // The phone has only a hint at checkout, no format check.
  phone: required(20),
});

export const addressSchema = z.object({
  // A textarea posts its line breaks as CRLF, the JSON door as sent: one stored form, "\n".
  address: required(300, multiLine),
  city: required(100),
  state: required(100),
  pin: pinSchema,
});

/** A coupon code as a shopper types it (issue #39): trimmed; "" or null is none; a code is short. */
export const couponCodeSchema = z
  .string({ error: en.feedback.couponCodeInvalid })
  .trim()
  .max(40, { error: en.feedback.couponCodeInvalid })
  .nullish()
  .transform((v) => v || undefined);

/** The checkout form: contact and address fields side by side. */
export const checkoutSchema = contactSchema.extend(addressSchema.shape);
export type CheckoutInput = z.infer<typeof checkoutSchema>;

export const SIZE_ID_INVALID = "sizeId must be the id of one of the product's sizes.";

/** The most of one product an order may hold, whether in one line or several. */
export const QTY_MAX = 99;
export const QTY_TOO_MANY = en.feedback.qtyTooMany(QTY_MAX);

/**
 * POST /api/orders. Client names and images are ignored; a client price is only
 * compared with the database's, so a stale or tampered price refuses the order.
 */
export const orderRequestSchema = z.object({
  contact: contactSchema,
  shippingAddress: addressSchema,
  items: z
    .array(
      z.object({
        product: z.string({ error: "Each item needs a product id." }).min(1).max(64),
        qty: z
          .number({ error: "Quantity must be a whole number of at least 1." })
          .int({ error: "Quantity must be a whole number of at least 1." })
          .min(1, { error: "Quantity must be a whole number of at least 1." })
          .max(QTY_MAX, { error: QTY_TOO_MANY }),
        // The price the client showed (rupees). Never used to charge; a mismatch refuses the order.
        price: z.number({ error: "Price must be a number." }).nonnegative().finite().optional(),
        // The size (issue #37); without it (or null) the product's default size.
        sizeId: z
          .string({ error: SIZE_ID_INVALID })
          .regex(/^[0-9a-f]{24}$/, { error: SIZE_ID_INVALID })
          .nullish()
          .transform((v) => v ?? undefined),
      }),
      { error: CART_EMPTY },
    )
    .min(1, { error: CART_EMPTY })
    .max(50, { error: "Too many different items in one order." }),
  // UPI only where the shop takes it (placeOrder refuses it otherwise, with ONLY_COD).
  paymentMethod: z.enum(PAYMENT_METHODS, { error: ONLY_COD }).optional(),
  // A coupon code (issue #39), any case; placeOrder judges it. Empty or null: none.
  couponCode: couponCodeSchema,
  // The total the client showed (rupees, issue #50): never charged; another total refuses the
  // order (409) with the new one. The spec's own client sends none.
  total: z.number({ error: "Total must be a number." }).nonnegative().finite().optional(),
});
export type OrderRequest = z.infer<typeof orderRequestSchema>;

/** One message for a failed order request: the summary for missing fields. */
export function orderRequestMessage(error: z.ZodError): string {
  const first = error.issues[0];
  if (!first) return CHECKOUT_INCOMPLETE;
  if (first.path[0] === "contact" || first.path[0] === "shippingAddress") {
    return first.message === REQUIRED || first.code === "invalid_type" ? CHECKOUT_INCOMPLETE : first.message;
  }
  return first.message;
}
