import { z } from "./zod";

// The owner's changes of an order: its status, paid or not, and the courier's details.

export const ORDER_STATUSES = ["Placed", "Processing", "Shipped", "Delivered", "Cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const STATUS_INVALID = `Status must be one of ${ORDER_STATUSES.join(", ")}`;

export const COURIER_MAX = 60;
export const TRACKING_MAX = 40;
export const COURIER_INVALID = `Courier name: at most ${COURIER_MAX} characters on one line.`;
export const TRACKING_INVALID = `Tracking number: up to ${TRACKING_MAX} letters, digits, spaces, hyphens or slashes.`;

// Both are optional and may be cleared: "" (an emptied form field) or null stores no value.
const cleared = (v: unknown) => (typeof v === "string" && v.trim() === "" ? null : v);
export const courierSchema = z.preprocess(
  cleared,
  z
    .string({ error: COURIER_INVALID })
    .trim()
    .max(COURIER_MAX, { error: COURIER_INVALID })
    // One line: the name goes into the Shipped mail's text.
    // eslint-disable-next-line no-control-regex
    .regex(/^[^\u0000-\u001f\u007f\u2028\u2029]*$/, { error: COURIER_INVALID })
    .nullable(),
);
export const trackingSchema = z.preprocess(
  cleared,
  z
    .string({ error: TRACKING_INVALID })
    .trim()
    .max(TRACKING_MAX, { error: TRACKING_INVALID })
    .regex(/^[A-Za-z0-9][A-Za-z0-9 /-]*$/, { error: TRACKING_INVALID })
    .nullable(),
);

export const orderUpdateSchema = z
  .object({
    status: z.enum(ORDER_STATUSES, { error: STATUS_INVALID }).optional(),
    isPaid: z.boolean({ error: "isPaid must be true or false" }).optional(),
    courier: courierSchema.optional(),
    trackingNumber: trackingSchema.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), {
    error: "Nothing to update: send status, isPaid, courier and/or trackingNumber",
  });
export type OrderUpdate = z.output<typeof orderUpdateSchema>;

/** The admin's "Mark Shipped" form on an order's page: both fields optional, empty clears. */
export const shipFormSchema = z.object({
  courier: courierSchema.optional(),
  trackingNumber: trackingSchema.optional(),
});
