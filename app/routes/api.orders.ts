import { orderRequestMessage, orderRequestSchema } from "~/lib/checkout-schema";
import { rupeesToPaise } from "~/lib/money";
import { parseOrderFilter } from "~/lib/order-filter";
import { ADMIN_MAX_LIMIT, MAX_PAGE, queryInt } from "~/lib/shop-query";
import { requireApiAdmin, requireApiUser } from "~/models/accounts/auth.server";
import { countCouponTry } from "~/models/coupons/tries.server";
import { submitOrder } from "~/models/flows/place-order.server";
import { toApiOrder } from "~/models/orders/api.server";
import { IDEMPOTENCY_KEY_INVALID, isIdempotencyKey } from "~/models/orders/idempotency.server";
import { OrderError, TotalChanged } from "~/models/orders/order-error.server";
import { ADMIN_ORDERS_PER_PAGE, getOrderFor, listAllOrders, pageOfOrders } from "~/models/orders/read.server";
import { apiError, json, methodNotAllowed, readBody } from "~/utils/http.server";
import { RateLimited, tooMany } from "~/utils/rate-limit.server";
import { ipOf } from "~/utils/request-context.server";
import type { Route } from "./+types/api.orders";

// GET /api/orders (admin): every order, newest first; ?status=&from=&to=&q= filter as the Orders
// tab does (issue #26), and a bad filter is a 400 with its message. With ?page= or ?limit= (issue
// #34), one page as the product list answers: { items, page, totalPages, totalItems }, 50 a page
// unless asked (at most 200); without them the bare array, as the spec has it.
export async function loader({ request }: Route.LoaderArgs) {
  await requireApiAdmin(request);
  const params = new URL(request.url).searchParams;
  const { filter, errors } = parseOrderFilter(params);
  if (errors.length) return apiError(400, errors[0]!);
  const headers = { "Cache-Control": "private, no-store" };
  if (!params.has("page") && !params.has("limit"))
    return json((await listAllOrders(filter)).map(toApiOrder), 200, headers);
  const page = queryInt(params.get("page"), { fallback: 1, min: 1, max: MAX_PAGE });
  const limit = queryInt(params.get("limit"), { fallback: ADMIN_ORDERS_PER_PAGE, min: 1, max: ADMIN_MAX_LIMIT });
  const found = await pageOfOrders(page, filter, limit, { clamp: false });
  const totalPages = Math.ceil(found.totalItems / limit);
  return json({ items: found.orders.map(toApiOrder), page, totalPages, totalItems: found.totalItems }, 200, headers);
}

// POST /api/orders: the client's names and prices are ignored; the database decides.
// An Idempotency-Key header makes a repeat of the request (a retry after a lost answer, a double
// tap) answer the first order, 201 as the first time, never a second order.
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const user = await requireApiUser(request);
  const key = request.headers.get("Idempotency-Key") ?? undefined;
  if (key !== undefined && !isIdempotencyKey(key)) return apiError(400, IDEMPOTENCY_KEY_INVALID);
  const parsed = orderRequestSchema.safeParse(await readBody(request));
  if (!parsed.success) return apiError(400, orderRequestMessage(parsed.error));
  try {
    // A code sent with an order is a try like the cart's Apply (issue #50).
    if (parsed.data.couponCode) await countCouponTry({ ip: ipOf(context), shopper: user.id });
    const submitted = await submitOrder(user.id, key, undefined, ipOf(context));
    const { total, ...order } = parsed.data;
    const shownTotal = total === undefined ? undefined : rupeesToPaise(total);
    const { id, replayed } = submitted.replayed ? submitted : await submitted.place({ ...order, shownTotal });
    const headers: Record<string, string> = { Location: `/api/orders/${id}` };
    if (replayed) headers["Idempotent-Replayed"] = "true";
    return json(toApiOrder((await getOrderFor(user, id))!), 201, headers);
  } catch (error) {
    if (error instanceof OrderError) return apiError(error instanceof TotalChanged ? 409 : 400, error.message);
    if (error instanceof RateLimited) return tooMany(error);
    throw error;
  }
}
