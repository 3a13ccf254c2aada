import { requireApiUser } from "~/models/accounts/auth.server";
import { toApiOrder } from "~/models/orders/api.server";
import { listOrdersForUser } from "~/models/orders/read.server";
import { json } from "~/utils/http.server";
import type { Route } from "./+types/api.orders.my";

// GET /api/orders/my: the customer's own orders, never cached.
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireApiUser(request);
  return json((await listOrdersForUser(user.id)).map(toApiOrder), 200, {
    "Cache-Control": "no-store, no-cache, must-revalidate, private",
    Pragma: "no-cache",
    Expires: "0",
  });
}
