import type { Route } from "./+types/api.orders";
import { orderRequestMessage, orderRequestSchema } from "~/lib/checkout-schema";
import { requireApiAdmin, requireApiUser } from "~/models/auth.server";
import { apiError, json, methodNotAllowed, readBody } from "~/models/http.server";
import { hit, RateLimited, tooMany } from "~/models/rate-limit.server";
import { getOrderFor, listAllOrders, OrderError, placeOrder, toApiOrder } from "~/models/order.server";

// GET /api/orders (admin): every order, newest first.
export async function loader({ request }: Route.LoaderArgs) {
  await requireApiAdmin(request);
  return json(listAllOrders().map(toApiOrder), 200, { "Cache-Control": "private, no-store" });
}

// POST /api/orders (spec §7): the client's names and prices are ignored; the database decides.
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const user = await requireApiUser(request);
  const parsed = orderRequestSchema.safeParse(await readBody(request));
  if (!parsed.success) return apiError(400, orderRequestMessage(parsed.error));
  try {
    await hit("order", user.id);
    const { id } = placeOrder(user.id, parsed.data);
    return json(toApiOrder(getOrderFor(user, id)!), 201, { Location: `/api/orders/${id}` });
  } catch (error) {
    if (error instanceof OrderError) return apiError(400, error.message);
    if (error instanceof RateLimited) return tooMany(error);
    throw error;
  }
}
