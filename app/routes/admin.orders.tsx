import { Form, Link, useSubmit } from "react-router";
import { ConfirmButton } from "~/components/ConfirmButton";
import { OrderFilters } from "~/components/OrderFilters";
import { Pagination } from "~/components/Pagination";
import { Shipment } from "~/components/Shipment";
import { env } from "~/env.server";
import { CONFIRM_LABEL, confirmState } from "~/lib/cod-confirm";
import { formatDate } from "~/lib/dates";
import { lineName } from "~/lib/line-name";
import { formatPaise } from "~/lib/money";
import { isFiltered, type OrderFilter, ordersTabHref, parseOrderFilter } from "~/lib/order-filter";
import { shortOrderId } from "~/lib/order-number";
import { ORDER_STATUSES } from "~/lib/order-schema";
import { paymentState } from "~/lib/payment-state";
import { MAX_PAGE, queryInt } from "~/lib/shop-query";
import { requireAdmin } from "~/models/accounts/auth.server";
import { markDelivered, updateOrder } from "~/models/flows/update-order.server";
import { OrderError } from "~/models/orders/order-error.server";
import { pageOfOrders } from "~/models/orders/read.server";
import { type FormFields, readForm } from "~/utils/http.server";
import { redirectWithToast } from "~/utils/toast.server";
import type { Route } from "./+types/admin.orders";

const pageParam = (value: FormDataEntryValue | null) =>
  queryInt(typeof value === "string" ? value : null, { fallback: 1, min: 1, max: MAX_PAGE });

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const { filter, errors } = parseOrderFilter(params);
  return {
    ...(await pageOfOrders(pageParam(params.get("page")), filter)),
    filter,
    errors,
    codConfirm: env.payments.codConfirm,
    upi: env.payments.upi !== null,
  };
}

/**
 * Where an order change goes back to: the list it was made on (its filters and page, carried in
 * `back`), rebuilt from what it parses to, so it can only ever be an Orders tab URL.
 */
function backTo(form: FormData): string {
  const back = form.get("back");
  if (typeof back === "string" && (back === "/admin/orders" || back.startsWith("/admin/orders?"))) {
    const params = new URL(back, "http://x").searchParams;
    return ordersTabHref(parseOrderFilter(params).filter, pageParam(params.get("page")));
  }
  return ordersTabHref({}, pageParam(form.get("page")));
}

// Order changes from the Orders tab: status, paid flag, Mark Delivered.
const ORDER_FORM_FIELDS: FormFields = { intent: 1, orderId: 1, page: 1, back: 1, status: 1, isPaid: 1 };

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const form = await readForm(request, ORDER_FORM_FIELDS);
  const id = String(form.get("orderId") ?? "");
  const back = backTo(form);
  try {
    let done;
    switch (form.get("intent")) {
      case "status": {
        const status = ORDER_STATUSES.find((s) => s === form.get("status"));
        if (!status) return await redirectWithToast(request, back, { type: "error", title: "Unknown status" });
        done = await updateOrder(id, { status });
        break;
      }
      case "paid":
        done = await updateOrder(id, { isPaid: form.get("isPaid") === "on" || form.get("isPaid") === "true" });
        break;
      case "deliver":
        done = await markDelivered(id);
        break;
      default:
        return await redirectWithToast(request, back, { type: "error", title: "Unknown action" });
    }
    if (!done) return await redirectWithToast(request, back, { type: "error", title: "Order not found" });
  } catch (error) {
    if (error instanceof OrderError) return redirectWithToast(request, back, { type: "error", title: error.message });
    throw error;
  }
  return redirectWithToast(request, back, { type: "success", title: "Order updated" });
}

/** A UPI order's payment at a glance (issue #38): waiting for a UTR, or the UTR to check. */
function UpiNote({ order }: { order: Route.ComponentProps["loaderData"]["orders"][number] }) {
  if (order.paymentMethod !== "UPI") return null;
  const state = paymentState(order);
  return (
    <div className={state === "checking" ? "upi-note to-check" : "upi-note muted"}>
      UPI
      {state === "checking" ? ` · UTR ${order.utr} to check` : state === "awaiting" ? " · no UTR yet" : ""}
    </div>
  );
}

function OrderRow({ order, back }: { order: Route.ComponentProps["loaderData"]["orders"][number]; back: string }) {
  const submit = useSubmit();
  const number = shortOrderId(order.id);
  const more = order.items.length - 2;
  const confirm = confirmState(order);
  return (
    <tr id={`order-${order.id}`}>
      <td data-label="Order">#{number}</td>
      <td data-label="Date">{formatDate(order.createdAt)}</td>
      <td data-label="Customer">
        {order.contactName}
        <br />
        <span className="muted">{order.contactPhone}</span>
      </td>
      <td data-label="Items">
        {order.items.slice(0, 2).map((i) => (
          <div key={i.id}>
            {lineName(i.name, i.sizeLabel)} × {i.qty}
          </div>
        ))}
        {more > 0 ? <div className="muted">+{more} more</div> : null}
      </td>
      <td data-label="Total">{formatPaise(order.grandTotal)}</td>
      <td data-label="Status">
        <Form method="post" className="inline-form">
          <input type="hidden" name="intent" value="status" />
          <input type="hidden" name="orderId" value={order.id} />
          <input type="hidden" name="back" value={back} />
          <label className="visually-hidden" htmlFor={`status-${order.id}`}>
            Status of order #{number}
          </label>
          <select
            id={`status-${order.id}`}
            name="status"
            defaultValue={order.status}
            key={order.status}
            onChange={(e) => submit(e.currentTarget.form)}
          >
            {ORDER_STATUSES.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
          <button type="submit" className="button small js-hide">
            Save
          </button>
        </Form>
        <Shipment courier={order.courier} trackingNumber={order.trackingNumber} />
        {confirm ? <div className={`confirm-state confirm-${confirm}`}>{CONFIRM_LABEL[confirm]}</div> : null}
      </td>
      <td data-label="Paid">
        <Form method="post" className="inline-form">
          <input type="hidden" name="intent" value="paid" />
          <input type="hidden" name="orderId" value={order.id} />
          <input type="hidden" name="back" value={back} />
          <label>
            <input
              type="checkbox"
              name="isPaid"
              defaultChecked={order.isPaid}
              key={String(order.isPaid)}
              onChange={(e) => submit(e.currentTarget.form)}
            />{" "}
            Paid
            <span className="visually-hidden"> (order #{number})</span>
          </label>
          <button type="submit" className="button small js-hide">
            Save
          </button>
        </Form>
        <UpiNote order={order} />
      </td>
      <td className="actions">
        {order.status !== "Delivered" ? (
          <Form method="post">
            <input type="hidden" name="intent" value="deliver" />
            <input type="hidden" name="orderId" value={order.id} />
            <input type="hidden" name="back" value={back} />
            <button type="submit" className="button small">
              Mark Delivered<span className="visually-hidden"> (order #{number})</span>
            </button>
          </Form>
        ) : null}
        <Link to={`/admin/orders/${order.id}`} className="button small">
          View<span className="visually-hidden"> order #{number}</span>
        </Link>
        <a href={`/api/orders/${order.id}/invoice`} target="_blank" rel="noopener" className="button small">
          Invoice<span className="visually-hidden"> of order #{number}</span>
        </a>
        <a href={`/admin/orders/${order.id}/packing-slip`} className="button small">
          Packing slip<span className="visually-hidden"> of order #{number}</span>
        </a>
        <ConfirmButton to={`/admin/orders/${order.id}/delete`} message="Delete this order?">
          Delete<span className="visually-hidden"> order #{number}</span>
        </ConfirmButton>
      </td>
    </tr>
  );
}

export default function OrdersTab({ loaderData: orders }: Route.ComponentProps) {
  const filter: OrderFilter = orders.filter;
  const first = (orders.page - 1) * orders.perPage + 1;
  return (
    <>
      <OrderFilters filter={filter} errors={orders.errors} confirm={orders.codConfirm} upi={orders.upi} />
      {orders.totalItems === 0 ? (
        <p>{isFiltered(filter) ? "No orders match." : "No orders yet."}</p>
      ) : (
        <>
          <p className="muted" data-testid="orders-count">
            Orders {first}–{first - 1 + orders.orders.length} of {orders.totalItems}
            {isFiltered(filter) ? " found" : ""}, newest first
          </p>
          <div className="table-wrap">
            <table className="admin-table stack">
              <thead>
                <tr>
                  <th scope="col">Order</th>
                  <th scope="col">Date</th>
                  <th scope="col">Customer</th>
                  <th scope="col">Items</th>
                  <th scope="col">Total</th>
                  <th scope="col">Status</th>
                  <th scope="col">Paid</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {orders.orders.map((o) => (
                  <OrderRow key={o.id} order={o} back={ordersTabHref(filter, orders.page)} />
                ))}
              </tbody>
            </table>
          </div>
          <Pagination page={orders.page} totalPages={orders.totalPages} href={(page) => ordersTabHref(filter, page)} />
        </>
      )}
    </>
  );
}
