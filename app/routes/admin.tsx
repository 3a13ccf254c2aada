import { Form, isRouteErrorResponse, Link, useSubmit } from "react-router";
import { AdminTabs } from "~/components/AdminTabs";
import { ConfirmButton } from "~/components/ConfirmButton";
import { LoadFailed } from "~/components/LoadFailed";
import { Pagination } from "~/components/Pagination";
import { ProductImage } from "~/components/ProductImage";
import { Shipment } from "~/components/Shipment";
import { formatDate } from "~/lib/dates";
import { formatPaise } from "~/lib/money";
import { ORDER_STATUSES } from "~/lib/product-schema";
import { ADMIN_MAX_LIMIT, MAX_PAGE, parseShopQuery, queryInt } from "~/lib/shop-query";
import { failedMailCount } from "~/models/mail-outbox.server";
import { markDelivered, OrderError, pageOfOrders, updateOrder } from "~/models/order.server";
import { listProducts } from "~/models/product.server";
import { requireAdmin } from "~/utils/auth.server";
import { type FormFields, readForm } from "~/utils/http.server";
import { redirectWithToast } from "~/utils/toast.server";
import { useErrorToast } from "~/utils/use-error-toast";
import type { Route } from "./+types/admin";

export const meta: Route.MetaFunction = () => [{ title: "Admin · RK Candles" }, { name: "robots", content: "noindex" }];

const pageParam = (value: FormDataEntryValue | null) =>
  queryInt(typeof value === "string" ? value : null, { fallback: 1, min: 1, max: MAX_PAGE });
/** The Orders tab at a page: where an order change sends the admin back to. */
const ordersHref = (page: number) => (page > 1 ? `/admin?tab=orders&page=${page}` : "/admin?tab=orders");
const tabOf = (request: Request): "products" | "orders" =>
  new URL(request.url).searchParams.get("tab") === "orders" ? "orders" : "products";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const tab = tabOf(request);
  const failedMails = await failedMailCount();
  if (tab === "orders")
    return {
      tab,
      failedMails,
      orders: await pageOfOrders(pageParam(new URL(request.url).searchParams.get("page"))),
      products: null,
    };
  const { items, totalItems } = await listProducts(
    parseShopQuery(new URLSearchParams({ limit: String(ADMIN_MAX_LIMIT) }), { maxLimit: ADMIN_MAX_LIMIT }),
  );
  return { tab, failedMails, products: { items, totalItems }, orders: null };
}

// Order changes from the Orders tab: status, paid flag, Mark Delivered.
const ORDER_FORM_FIELDS: FormFields = { intent: 1, orderId: 1, page: 1, status: 1, isPaid: 1 };

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const form = await readForm(request, ORDER_FORM_FIELDS);
  const id = String(form.get("orderId") ?? "");
  const back = ordersHref(pageParam(form.get("page")));
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

function ProductsTab({
  items,
  totalItems,
}: {
  items: NonNullable<Route.ComponentProps["loaderData"]["products"]>["items"];
  totalItems: number;
}) {
  return (
    <>
      <div className="page-head">
        <p className="muted">
          {totalItems} products{totalItems > items.length ? ` (showing ${items.length})` : ""}
        </p>
        <Link to="/admin/products/new" className="button primary">
          New Product
        </Link>
      </div>
      <div className="table-wrap">
        <table className="admin-table stack">
          <thead>
            <tr>
              <th scope="col">Image</th>
              <th scope="col">Name</th>
              <th scope="col">Price</th>
              <th scope="col">MRP</th>
              <th scope="col">Stock</th>
              <th scope="col">HSN</th>
              <th scope="col">Rating</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {items.map((p) => (
              <tr key={p.id}>
                <td data-label="Image">
                  <ProductImage src={p.image} alt="" width={48} height={48} />
                </td>
                <td data-label="Name">
                  <Link to={`/product/${p.id}`}>{p.name}</Link>
                </td>
                <td data-label="Price">{formatPaise(p.price)}</td>
                <td data-label="MRP">{p.mrp ? formatPaise(p.mrp) : "—"}</td>
                <td data-label="Stock">{p.stock}</td>
                <td data-label="HSN">{p.hsn}</td>
                <td data-label="Rating">
                  {p.rating.toFixed(1)} ({p.numReviews})
                </td>
                <td className="actions">
                  <Link to={`/admin/products/${p.id}`} className="button small" aria-label={`Edit ${p.name}`}>
                    Edit
                  </Link>
                  <ConfirmButton to={`/admin/products/${p.id}/delete`} message="Delete this product?">
                    <span aria-hidden="true">Delete</span>
                    <span className="visually-hidden">Delete {p.name}</span>
                  </ConfirmButton>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

function OrderRow({
  order,
  page,
}: {
  order: NonNullable<Route.ComponentProps["loaderData"]["orders"]>["orders"][number];
  page: number;
}) {
  const submit = useSubmit();
  const number = order.id.slice(-6);
  const more = order.items.length - 2;
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
            {i.name} × {i.qty}
          </div>
        ))}
        {more > 0 ? <div className="muted">+{more} more</div> : null}
      </td>
      <td data-label="Total">{formatPaise(order.grandTotal)}</td>
      <td data-label="Status">
        <Form method="post" className="inline-form">
          <input type="hidden" name="intent" value="status" />
          <input type="hidden" name="orderId" value={order.id} />
          <input type="hidden" name="page" value={page} />
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
      </td>
      <td data-label="Paid">
        <Form method="post" className="inline-form">
          <input type="hidden" name="intent" value="paid" />
          <input type="hidden" name="orderId" value={order.id} />
          <input type="hidden" name="page" value={page} />
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
      </td>
      <td className="actions">
        {order.status !== "Delivered" ? (
          <Form method="post">
            <input type="hidden" name="intent" value="deliver" />
            <input type="hidden" name="orderId" value={order.id} />
            <input type="hidden" name="page" value={page} />
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
        <ConfirmButton to={`/admin/orders/${order.id}/delete`} message="Delete this order?">
          Delete<span className="visually-hidden"> order #{number}</span>
        </ConfirmButton>
      </td>
    </tr>
  );
}

export default function Admin({ loaderData }: Route.ComponentProps) {
  const { tab, products, orders, failedMails } = loaderData;
  return (
    <section>
      <h1>Admin</h1>
      <AdminTabs current={tab} failedMails={failedMails} />
      {products ? <ProductsTab items={products.items} totalItems={products.totalItems} /> : null}
      {orders ? (
        orders.totalItems === 0 ? (
          <p>No orders yet.</p>
        ) : (
          <>
            <p className="muted">
              Orders {(orders.page - 1) * orders.perPage + 1}–
              {(orders.page - 1) * orders.perPage + orders.orders.length} of {orders.totalItems}, newest first
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
                    <OrderRow key={o.id} order={o} page={orders.page} />
                  ))}
                </tbody>
              </table>
            </div>
            <Pagination page={orders.page} totalPages={orders.totalPages} href={ordersHref} />
          </>
        )
      ) : null}
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message =
    isRouteErrorResponse(error) && typeof (error.data as { message?: unknown })?.message === "string"
      ? (error.data as { message: string }).message
      : "Failed to load admin data";
  useErrorToast(error, message);
  return <LoadFailed title="Admin" message={message} retryHref="/admin" />;
}
