import { data, Form, Link } from "react-router";
import { formatPaise } from "~/lib/money";
import { orderNumber } from "~/lib/order-number";
import { pageTitle } from "~/lib/shop";
import { requireAdmin } from "~/models/accounts/auth.server";
import { deleteOrder } from "~/models/orders/changes.server";
import { getOrderFor } from "~/models/orders/read.server";
import { redirectWithToast } from "~/utils/toast.server";
import type { Route } from "./+types/admin.orders.$id.delete";

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Delete order", "Admin") }];

// The no-JS confirmation step for 'Delete this order?'; with JS the list posts here directly.
export async function loader({ request, params }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const order = await getOrderFor(admin, params.id);
  if (!order) throw data({ message: "Order not found" }, { status: 404 });
  return { id: order.id, name: order.contactName, total: order.grandTotal, status: order.status };
}

export async function action({ request, params }: Route.ActionArgs) {
  await requireAdmin(request);
  const back = "/admin/orders";
  if (!(await deleteOrder(params.id)))
    return redirectWithToast(request, back, { type: "error", title: "Order not found" });
  return redirectWithToast(request, back, { type: "success", title: "Order deleted" });
}

export default function ConfirmDeleteOrder({ loaderData: o }: Route.ComponentProps) {
  return (
    <section className="narrow">
      <h1>Delete this order?</h1>
      <p>
        Order <strong>{orderNumber(o.id)}</strong> of {o.name}, {formatPaise(o.total)}, {o.status}.
        {o.status !== "Delivered" && o.status !== "Cancelled" ? " Its candles go back into stock." : ""}
      </p>
      <Form method="post" className="checkout-actions">
        <button type="submit" name="intent" value="delete" className="button primary danger-fill">
          Delete
        </button>
        <Link to="/admin/orders" className="button">
          Cancel
        </Link>
      </Form>
    </section>
  );
}
