import { Form, isRouteErrorResponse, Link, useSubmit } from "react-router";
import { AdminOverview } from "~/components/AdminOverview";
import { AdminTabs } from "~/components/AdminTabs";
import { ConfirmButton } from "~/components/ConfirmButton";
import { LoadFailed } from "~/components/LoadFailed";
import { OrderFilters } from "~/components/OrderFilters";
import { Pagination } from "~/components/Pagination";
import { ProductImage } from "~/components/ProductImage";
import { Shipment } from "~/components/Shipment";
import { env } from "~/env.server";
import { formatDate } from "~/lib/dates";
import { formatPaise } from "~/lib/money";
import { isFiltered, type OrderFilter, ordersTabHref, parseOrderFilter } from "~/lib/order-filter";
import { shortOrderId } from "~/lib/order-number";
import { ORDER_STATUSES } from "~/lib/order-schema";
import { pageTitle } from "~/lib/shop";
import { ADMIN_MAX_LIMIT, MAX_PAGE, parseShopQuery, queryInt } from "~/lib/shop-query";
import { requireAdmin } from "~/models/accounts/auth.server";
import { productsByStock } from "~/models/catalogue/product-admin.server";
import { listProducts } from "~/models/catalogue/products.server";
import { markDelivered, updateOrder } from "~/models/flows/update-order.server";
import { failedMailCount } from "~/models/mail/outbox.server";
import { OrderError } from "~/models/orders/order-error.server";
import { pageOfOrders } from "~/models/orders/read.server";
import { ownerOverview } from "~/models/overview/overview.server";
import { type FormFields, readForm } from "~/utils/http.server";
import { redirectWithToast } from "~/utils/toast.server";
import { useErrorToast } from "~/utils/use-error-toast";
import type { Route } from "./+types/admin";

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Admin") }, { name: "robots", content: "noindex" }];

const pageParam = (value: FormDataEntryValue | null) =>
  queryInt(typeof value === "string" ? value : null, { fallback: 1, min: 1, max: MAX_PAGE });
type Tab = "overview" | "products" | "orders";
const tabOf = (params: URLSearchParams): Tab => {
  const tab = params.get("tab");
  return tab === "orders" || tab === "products" ? tab : "overview";
};
/** The Products tab's order: as added (newest first), or by stock (`stock`: fewest first). */
type ProductSort = "newest" | "stock-asc" | "stock-desc";
const productSortOf = (params: URLSearchParams): ProductSort =>
  params.get("sort") !== "stock" ? "newest" : params.get("order") === "desc" ? "stock-desc" : "stock-asc";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const tab = tabOf(params);
  const failedMails = await failedMailCount();
  const none = { overview: null, products: null, orders: null };
  if (tab === "overview") return { ...none, tab, failedMails, overview: await ownerOverview() };
  if (tab === "orders") {
    const { filter, errors } = parseOrderFilter(params);
    return {
      ...none,
      tab,
      failedMails,
      orders: { ...(await pageOfOrders(pageParam(params.get("page")), filter)), filter, errors },
    };
  }
  const sort = productSortOf(params);
  const { items, totalItems } =
    sort === "newest"
      ? await listProducts(
          parseShopQuery(new URLSearchParams({ limit: String(ADMIN_MAX_LIMIT) }), { maxLimit: ADMIN_MAX_LIMIT }),
        )
      : await productsByStock(sort === "stock-asc" ? "asc" : "desc", ADMIN_MAX_LIMIT);
  return {
    ...none,
    tab,
    failedMails,
    products: { items, totalItems, sort, lowStockThreshold: env.lowStockThreshold },
  };
}

/**
 * Where an order change goes back to: the list it was made on (its filters and page, carried in
 * `back`), rebuilt from what it parses to, so it can only ever be an Orders tab URL.
 */
function backTo(form: FormData): string {
  const back = form.get("back");
  if (typeof back === "string" && back.startsWith("/admin?")) {
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

type ProductsData = NonNullable<Route.ComponentProps["loaderData"]["products"]>;

/** The Stock column's heading: a link that sorts by stock, fewest first, then most first. */
function StockHeading({ sort }: { sort: ProductSort }) {
  const next = sort === "stock-asc" ? "desc" : "asc";
  const label = sort === "stock-asc" ? "fewest first" : sort === "stock-desc" ? "most first" : null;
  return (
    <th scope="col" aria-sort={sort === "stock-asc" ? "ascending" : sort === "stock-desc" ? "descending" : undefined}>
      <Link to={`/admin?tab=products&sort=stock${next === "desc" ? "&order=desc" : ""}`} className="sort-link">
        Stock
        <span aria-hidden="true">{sort === "stock-asc" ? " ↑" : sort === "stock-desc" ? " ↓" : " ↕"}</span>
        <span className="visually-hidden">
          {label ? ` (sorted ${label}; sort ${next === "desc" ? "most" : "fewest"} first)` : " (sort by stock)"}
        </span>
      </Link>
    </th>
  );
}

function StockBadge({ stock, threshold }: { stock: number; threshold: number }) {
  if (stock <= 0) return <span className="badge stock-badge sold-out">Sold out</span>;
  if (stock <= threshold) return <span className="badge stock-badge low">Low stock</span>;
  return null;
}

function ProductsTab({ items, totalItems, sort, lowStockThreshold }: ProductsData) {
  return (
    <>
      <div className="page-head">
        <p className="muted">
          {totalItems} products{totalItems > items.length ? ` (showing ${items.length})` : ""}
          {sort !== "newest" ? (
            <>
              {" "}
              · by stock · <Link to="/admin?tab=products">newest first</Link>
            </>
          ) : null}
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
              <StockHeading sort={sort} />
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
                <td data-label="Stock" className="stock-cell">
                  {p.stock} <StockBadge stock={p.stock} threshold={lowStockThreshold} />
                </td>
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
  back,
}: {
  order: NonNullable<Route.ComponentProps["loaderData"]["orders"]>["orders"][number];
  back: string;
}) {
  const submit = useSubmit();
  const number = shortOrderId(order.id);
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

type OrdersData = NonNullable<Route.ComponentProps["loaderData"]["orders"]>;

function OrdersTab({ orders }: { orders: OrdersData }) {
  const filter: OrderFilter = orders.filter;
  const first = (orders.page - 1) * orders.perPage + 1;
  return (
    <>
      <OrderFilters filter={filter} errors={orders.errors} />
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

export default function Admin({ loaderData }: Route.ComponentProps) {
  const { tab, overview, products, orders, failedMails } = loaderData;
  return (
    <section>
      <h1>Admin</h1>
      <AdminTabs current={tab} failedMails={failedMails} />
      {overview ? <AdminOverview overview={overview} /> : null}
      {products ? <ProductsTab {...products} /> : null}
      {orders ? <OrdersTab orders={orders} /> : null}
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
