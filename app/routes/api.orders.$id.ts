import { orderUpdateSchema } from "~/lib/order-schema";
import { requireApiAdmin } from "~/models/accounts/auth.server";
import { updateOrder } from "~/models/flows/update-order.server";
import { toApiOrder } from "~/models/orders/api.server";
import { deleteOrder } from "~/models/orders/changes.server";
import { OrderError } from "~/models/orders/order-error.server";
import { getOrderFor } from "~/models/orders/read.server";
import { apiError, json, methodNotAllowed, readBody } from "~/utils/http.server";
import type { Route } from "./+types/api.orders.$id";

// GET /api/orders/{id} (admin): the order detail.
export async function loader({ request, params }: Route.LoaderArgs) {
  const admin = await requireApiAdmin(request);
  const order = await getOrderFor(admin, params.id);
  return order ? json(toApiOrder(order)) : apiError(404, "Order not found");
}

// PUT { status?, isPaid? } and DELETE, admins only.
export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireApiAdmin(request);
  if (request.method === "DELETE") {
    return (await deleteOrder(params.id)) ? json({ message: "Order deleted" }) : apiError(404, "Order not found");
  }
  if (request.method !== "PUT" && request.method !== "PATCH") return methodNotAllowed();
  const parsed = orderUpdateSchema.safeParse(await readBody(request));
  if (!parsed.success) return apiError(400, parsed.error.issues[0]?.message ?? "Invalid update");
  try {
    if (!(await updateOrder(params.id, parsed.data))) return apiError(404, "Order not found");
  } catch (error) {
    if (error instanceof OrderError) return apiError(409, error.message);
    throw error;
  }
  return json(toApiOrder((await getOrderFor(admin, params.id))!));
}
