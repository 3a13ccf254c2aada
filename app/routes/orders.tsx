import { useEffect, useState } from "react";
import { isRouteErrorResponse, Link, useLocation, useRevalidator, useSearchParams } from "react-router";
import { Shipment } from "~/components/Shipment";
import { formatDate } from "~/lib/dates";
import { formatPaise } from "~/lib/money";
import { orderNumber } from "~/lib/order-number";
import { pageTitle } from "~/lib/shop";
import { requireUser } from "~/models/accounts/auth.server";
import { listOrdersForUser } from "~/models/orders/read.server";
import { forgetLastOrder, LAST_ORDER_CLEAR_MS, readLastOrder } from "~/utils/last-order.client";
import { showToast } from "~/utils/toast.client";
import { useErrorToast } from "~/utils/use-error-toast";
import type { Route } from "./+types/orders";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("My Orders") },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return { orders: await listOrdersForUser(user.id) };
}

/** With JS: reload when the window regains focus or becomes visible again, so My Orders shows a status the owner just changed. */
function useRevalidateOnFocus() {
  const { revalidate, state } = useRevalidator();
  useEffect(() => {
    const onFocus = () => {
      if (document.visibilityState === "visible" && state === "idle") void revalidate();
    };
    window.addEventListener("focus", onFocus);
    document.addEventListener("visibilitychange", onFocus);
    return () => {
      window.removeEventListener("focus", onFocus);
      document.removeEventListener("visibilitychange", onFocus);
    };
  }, [revalidate, state]);
}

export default function Orders({ loaderData }: Route.ComponentProps) {
  const { orders } = loaderData;
  const [params] = useSearchParams();
  const [lastOrder, setLastOrder] = useState<string | null>(null);
  useRevalidateOnFocus();
  // The last order id from the thank-you page is highlighted, then forgotten after 5 s.
  useEffect(() => {
    const id = readLastOrder();
    if (!id) return;
    setLastOrder(id);
    const timer = window.setTimeout(forgetLastOrder, LAST_ORDER_CLEAR_MS);
    return () => window.clearTimeout(timer);
  }, []);
  const highlighted = params.get("o") ?? lastOrder;

  return (
    <section>
      <div className="page-head">
        <h1>My Orders</h1>
        <Link to={`/orders${params.get("o") ? `?o=${encodeURIComponent(params.get("o")!)}` : ""}`} className="button">
          Refresh
        </Link>
      </div>
      {orders.length === 0 ? (
        <p>
          You have no orders yet. <Link to="/shop">Go to Shop</Link>
        </p>
      ) : (
        <ol className="orders">
          {orders.map((o) => (
            <li
              key={o.id}
              id={`order-${o.id}`}
              className={o.id === highlighted ? "order highlighted" : "order"}
              aria-current={o.id === highlighted ? "true" : undefined}
            >
              <header className="order-head">
                <h2>Order {orderNumber(o.id)}</h2>
                <span className={`status status-${o.status.toLowerCase()}`}>{o.status}</span>{" "}
                <span className={o.isPaid ? "paid" : "unpaid"}>{o.isPaid ? "Paid" : "Not paid"}</span>
              </header>
              <p className="muted">
                Placed <time dateTime={o.createdAt.toISOString()}>{formatDate(o.createdAt)}</time> · Cash on delivery
              </p>
              <Shipment courier={o.courier} trackingNumber={o.trackingNumber} />
              <ul className="order-items">
                {o.items.map((i) => (
                  <li key={i.id}>
                    <span>
                      {i.name} × {i.qty}
                    </span>{" "}
                    <span>{formatPaise(i.price * i.qty)}</span>
                  </li>
                ))}
              </ul>
              <p className="order-totals">
                Subtotal {formatPaise(o.subtotal)} · Shipping {formatPaise(o.shipping)} ·{" "}
                <strong>Total {formatPaise(o.grandTotal)}</strong>
              </p>
              <a href={`/api/orders/${o.id}/invoice`} target="_blank" rel="noopener" className="button small">
                Download invoice
              </a>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

// My Orders' texts.
function errorMessage(error: unknown): string {
  if (isRouteErrorResponse(error)) {
    if (error.status === 401) return "Please login to view your orders";
    if (error.status >= 500) return "Server is waking up or temporary issue. Please try again.";
    const message = (error.data as { message?: unknown } | null)?.message;
    return typeof message === "string" && message ? message : "Failed to load orders";
  }
  if (error instanceof TypeError) return "Network issue or server waking up. Please retry.";
  return "Server is waking up or temporary issue. Please try again.";
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { revalidate, state } = useRevalidator();
  const location = useLocation();
  const [retried, setRetried] = useState(false);
  useErrorToast(error);
  const network = error instanceof TypeError;
  // A network error retries once, silently, after 3 s.
  useEffect(() => {
    if (!network || retried) return;
    const timer = window.setTimeout(() => {
      setRetried(true);
      void revalidate();
    }, 3000);
    return () => window.clearTimeout(timer);
  }, [network, retried, revalidate]);
  const unauthorized = isRouteErrorResponse(error) && error.status === 401;
  return (
    <section className="narrow">
      <h1>My Orders</h1>
      <p className="form-alert" role="alert">
        {errorMessage(error)}
      </p>
      {unauthorized ? (
        <Link to="/login?redirect=%2Forders" className="button primary">
          Login
        </Link>
      ) : (
        <p>
          {/* Without JS the link reloads the page; with JS it revalidates in place. */}
          <a
            href={location.pathname + location.search}
            className="button"
            onClick={(e) => {
              e.preventDefault();
              showToast({ type: "info", title: "Retrying…" });
              void revalidate();
            }}
            aria-disabled={state === "loading" || undefined}
          >
            Retry
          </a>
        </p>
      )}
    </section>
  );
}
