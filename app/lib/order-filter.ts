import { z } from "zod";
import { parseIsoDayNumber } from "~/lib/dates";
import { ORDER_STATUSES, STATUS_INVALID, type OrderStatus } from "~/lib/order-schema";
import { cleanSearch } from "~/lib/shop-query";

/**
 * The admin's order filters (issue #26), read from a URL by the Orders tab, its CSV export and
 * GET /api/orders alike: status, a range of India days (from and to, both included, YYYY-MM-DD
 * as <input type="date"> sends them) and a search of the order number (its last 6), the
 * customer's name, phone or email. An empty field is no filter.
 */
export type OrderFilter = {
  status?: OrderStatus;
  from?: string;
  to?: string;
  q?: string;
  /** Issue #38: "check", the UPI orders whose UTR the owner has to check. */
  payment?: "check";
  /** COD orders asked to be confirmed (issue #38): still unconfirmed, or confirmed. */
  confirm?: ConfirmFilter;
};

export const PAYMENT_FILTER_INVALID = 'payment must be "check"';

export const CONFIRM_FILTERS = ["unconfirmed", "confirmed"] as const;
export type ConfirmFilter = (typeof CONFIRM_FILTERS)[number];
export const CONFIRM_FILTER_INVALID = "Confirmation must be unconfirmed or confirmed.";

export const DATE_INVALID = "Dates must be real dates written YYYY-MM-DD.";
export const RANGE_INVALID = "The start date is after the end date.";

const empty = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const day = z.preprocess(
  empty,
  z
    .string({ error: DATE_INVALID })
    .trim()
    .refine((v) => parseIsoDayNumber(v) !== null, { error: DATE_INVALID })
    .optional(),
);

export const orderFilterSchema = z
  .object({
    status: z.preprocess(empty, z.enum(ORDER_STATUSES, { error: STATUS_INVALID }).optional()),
    from: day,
    to: day,
    q: z.preprocess(empty, z.string().transform(cleanSearch).optional()),
    payment: z.preprocess(empty, z.enum(["check"], { error: PAYMENT_FILTER_INVALID }).optional()),
    confirm: z.preprocess(empty, z.enum(CONFIRM_FILTERS, { error: CONFIRM_FILTER_INVALID }).optional()),
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, { error: RANGE_INVALID, path: ["to"] });

const FIELDS = ["status", "from", "to", "q", "payment", "confirm"] as const;

/**
 * The filter a URL asks for. A field that is wrong is left out and its message returned, so the
 * page still lists orders (the API answers 400 with the first message instead).
 */
export function parseOrderFilter(params: URLSearchParams): { filter: OrderFilter; errors: string[] } {
  const raw = Object.fromEntries(FIELDS.map((k) => [k, params.get(k) ?? undefined]));
  const parsed = orderFilterSchema.safeParse(raw);
  if (parsed.success) return { filter: withoutEmpty(parsed.data), errors: [] };
  const errors = [...new Set(parsed.error.issues.map((i) => i.message))];
  const bad = new Set(parsed.error.issues.map((i) => String(i.path[0])));
  const kept = Object.fromEntries(Object.entries(raw).filter(([k]) => !bad.has(k)));
  const again = orderFilterSchema.safeParse(kept);
  return { filter: again.success ? withoutEmpty(again.data) : {}, errors };
}

function withoutEmpty(f: z.output<typeof orderFilterSchema>): OrderFilter {
  const out: OrderFilter = {};
  if (f.status) out.status = f.status;
  if (f.from) out.from = f.from;
  if (f.to) out.to = f.to;
  if (f.q) out.q = f.q;
  if (f.confirm) out.confirm = f.confirm;
  if (f.payment) out.payment = f.payment;
  return out;
}

/** The filter as query parameters, in a fixed order (links, paging, the CSV export). */
export function orderFilterQuery(filter: OrderFilter): URLSearchParams {
  const params = new URLSearchParams();
  for (const k of FIELDS) if (filter[k]) params.set(k, filter[k]!);
  return params;
}

export const isFiltered = (filter: OrderFilter) => FIELDS.some((k) => filter[k]);

/** The Orders tab at `page` with `filter`: where paging and an order change lead back to. */
export function ordersTabHref(filter: OrderFilter, page = 1): string {
  const params = new URLSearchParams();
  for (const [k, v] of orderFilterQuery(filter)) params.set(k, v);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `/admin/orders?${query}` : "/admin/orders";
}
