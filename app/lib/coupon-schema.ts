// The owner's coupon form (issue #39; docs/admin.md), shared by the admin action and its page.
// Fields arrive as form strings (or JSON numbers); the output is what the coupons table keeps:
// the code upper case, the amount in hundredths of a percent or in paise, instants for the window.
import { rupeesToPaise } from "./money";
import { numberFromField } from "./number-field";
import { z } from "./zod";

export const CODE_INVALID = "Use 3 to 20 letters or digits, e.g. DIWALI10";
export const PERCENT_INVALID = "A percent off is from 1 to 90, with at most 2 decimals";
export const FLAT_INVALID = "Rupees off must be more than 0 (at most ₹1,00,000)";
export const MIN_ORDER_INVALID = "A minimum order is 0 or more rupees";
export const LIMIT_INVALID = "A limit is a whole number, 1 or more, or empty for none";
export const DATE_INVALID = "Pick a date and time";
export const END_BEFORE_START = "The end must be after the start";
export const KIND_INVALID = "Choose percent or rupees off";

/** A code as kept and compared: trimmed, upper case. */
export const normaliseCode = (code: string) => code.trim().toUpperCase();
export const CODE_RE = /^[A-Z0-9]{3,20}$/;

/** A number field: "" or absent is undefined; anything else must be a finite number. */
const numberOrEmpty = (message: string) =>
  z.preprocess(
    (v) => (v === null ? undefined : numberFromField(v)),
    z.number({ error: message }).finite({ error: message }).optional(),
  );

const limit = numberOrEmpty(LIMIT_INVALID)
  .refine((n) => n === undefined || (Number.isInteger(n) && n >= 1 && n <= 1_000_000), { error: LIMIT_INVALID })
  .transform((n) => n ?? null);

const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;
const LOCAL_RE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::\d{2})?$/;

/** A datetime-local value read as India's wall clock ("2026-11-01T09:00"), or null when it is not one. */
export function indiaDateTime(value: string): Date | null {
  const m = LOCAL_RE.exec(value.trim());
  if (!m) return null;
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  const utc = Date.UTC(y, mo - 1, d, h, mi);
  const back = new Date(utc);
  // 31 February and 25:00 are not times.
  if (back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d || h > 23) return null;
  return new Date(utc - IST_OFFSET_MS);
}

/** An instant as a datetime-local value in India time (the edit form's value). */
export function toIndiaInput(d: Date | null): string {
  return d ? new Date(d.getTime() + IST_OFFSET_MS).toISOString().slice(0, 16) : "";
}

const instant = z.preprocess(
  (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
  z
    .string({ error: DATE_INVALID })
    .max(40, { error: DATE_INVALID })
    .transform((v, ctx) => {
      const d = indiaDateTime(v);
      if (!d) ctx.addIssue({ code: "custom", message: DATE_INVALID });
      return d ?? new Date(0);
    })
    .optional(),
);

/** A checkbox: "on" (forms) or true (JSON). */
const checkbox = z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean());

export const couponSchema = z
  .object({
    code: z
      .string({ error: CODE_INVALID })
      .max(40, { error: CODE_INVALID })
      .transform(normaliseCode)
      .refine((c) => CODE_RE.test(c), { error: CODE_INVALID }),
    kind: z.enum(["percent", "flat"], { error: KIND_INVALID }),
    /** Percent (1-90) or rupees, as typed; checked against the kind below. */
    amount: numberOrEmpty(PERCENT_INVALID),
    freeShipping: checkbox.optional().default(false),
    /** Rupees; the output is paise. */
    minOrder: numberOrEmpty(MIN_ORDER_INVALID)
      .refine((n) => n === undefined || (n >= 0 && n <= 10_000_000), { error: MIN_ORDER_INVALID })
      .transform((n) => rupeesToPaise(n ?? 0)),
    startsAt: instant,
    endsAt: instant,
    maxUses: limit,
    maxUsesPerCustomer: limit,
  })
  .superRefine((c, ctx) => {
    const a = c.amount;
    if (c.kind === "percent" && (a === undefined || a < 1 || a > 90 || Math.round(a * 100) !== a * 100))
      ctx.addIssue({ code: "custom", path: ["amount"], message: PERCENT_INVALID });
    if (c.kind === "flat" && (a === undefined || a <= 0 || a > 100_000 || rupeesToPaise(a) < 1))
      ctx.addIssue({ code: "custom", path: ["amount"], message: FLAT_INVALID });
    if (c.startsAt && c.endsAt && c.endsAt.getTime() <= c.startsAt.getTime())
      ctx.addIssue({ code: "custom", path: ["endsAt"], message: END_BEFORE_START });
  })
  .transform(({ amount, ...c }) => ({
    ...c,
    // Hundredths of a percent (1000 = 10 %) or paise, as the coupons table keeps it.
    amount: c.kind === "percent" ? Math.round((amount ?? 0) * 100) : rupeesToPaise(amount ?? 0),
    startsAt: c.startsAt ?? null,
    endsAt: c.endsAt ?? null,
  }));

export type CouponInput = z.output<typeof couponSchema>;
