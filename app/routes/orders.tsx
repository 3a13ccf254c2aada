import { useEffect, useState } from "react";
import { isRouteErrorResponse, Link, useHref, useLocation, useRevalidator, useSearchParams } from "react-router";
import { OrderConfirmation } from "~/components/OrderConfirmation";
import { Shipment } from "~/components/Shipment";
import { formatDate } from "~/lib/dates";
import { type Messages, metaMessages, useLanguage, useMessages } from "~/lib/i18n/messages";
import { usePaymentTexts } from "~/lib/i18n/payments";
import { translateFeedback } from "~/lib/i18n/translate";
import { lineName } from "~/lib/line-name";
import { formatPaise } from "~/lib/money";
import { orderNumber } from "~/lib/order-number";
import { paymentState } from "~/lib/payment-state";
import { pageTitle } from "~/lib/shop";
import { requireUser } from "~/models/accounts/auth.server";
import { listOrdersForUser } from "~/models/orders/read.server";
import { expireDueOrders } from "~/models/payments/clock.server";
import { forgetLastOrder, LAST_ORDER_CLEAR_MS, readLastOrder } from "~/utils/last-order.client";
import { showToast } from "~/utils/toast.client";
import { useErrorToast } from "~/utils/use-error-toast";
import type { Route } from "./+types/orders";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(metaMessages(matches).orders.title) },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  // Orders whose time to pay or confirm is up show as cancelled, not as still waiting (issue #38).
  await expireDueOrders();
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
  const t = useMessages();
  const p = usePaymentTexts();
  const language = useLanguage();
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
        <h1>{t.orders.title}</h1>
        <Link to={`/orders${params.get("o") ? `?o=${encodeURIComponent(params.get("o")!)}` : ""}`} className="button">
          {t.orders.refresh}
        </Link>
      </div>
      {orders.length === 0 ? (
        <p>
          {t.orders.none}
          <Link to="/shop">{t.orders.goToShop}</Link>
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
                <h2>
                  {t.orders.order}
                  {orderNumber(o.id)}
                </h2>
                <span className={`status status-${o.status.toLowerCase()}`}>{t.orders.status[o.status]}</span>{" "}
                <span className={o.isPaid ? "paid" : "unpaid"}>{o.isPaid ? t.orders.paid : t.orders.notPaid}</span>
              </header>
              <p className="muted">
                {t.orders.placedBefore}
                <time dateTime={o.createdAt.toISOString()}>{formatDate(o.createdAt, language)}</time>
                {o.paymentMethod === "UPI" ? ` · ${p.upi}` : t.orders.placedAfter}
              </p>
              <Shipment courier={o.courier} trackingNumber={o.trackingNumber} />
              <OrderConfirmation order={o} />
              {o.paymentMethod === "UPI" && o.status !== "Cancelled" ? <UpiState order={o} p={p} /> : null}
              <ul className="order-items">
                {o.items.map((i) => (
                  <li key={i.id}>
                    <span>
                      {lineName(i.name, i.sizeLabel)} × {i.qty}
                    </span>{" "}
                    <span>{formatPaise(i.price * i.qty)}</span>
                  </li>
                ))}
              </ul>
              <p className="order-totals">
                {t.orders.subtotal}
                {formatPaise(o.subtotal)}
                {o.couponCode ? ` · ${t.cart.couponLine(o.couponCode)} −${formatPaise(o.couponDiscount)}` : null}
                {o.prepaidDiscount > 0 ? ` · ${t.cart.upiDiscount} −${formatPaise(o.prepaidDiscount)}` : null}
                {t.orders.shipping}
                {formatPaise(o.shipping)}
                {o.codFee > 0 ? ` · ${t.cart.codFee} ${formatPaise(o.codFee)}` : null} ·{" "}
                <strong>
                  {t.orders.total}
                  {formatPaise(o.grandTotal)}
                </strong>
              </p>
              <a href={`/api/orders/${o.id}/invoice`} target="_blank" rel="noopener" className="button small">
                {t.orders.invoice}
              </a>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** Where a UPI order's payment stands (issue #38), with the way to pay while it waits. */
function UpiState({
  order,
  p,
}: {
  order: Route.ComponentProps["loaderData"]["orders"][number];
  p: ReturnType<typeof usePaymentTexts>;
}) {
  const state = paymentState(order);
  if (state === "paid") return <p className="upi-state paid">{p.paid}</p>;
  if (state === "checking") return <p className="upi-state">{p.checking(order.utr ?? "")}</p>;
  return (
    <p className="upi-state unpaid">
      {p.awaiting}{" "}
      <Link to={`/orders/${order.id}/pay`} className="button small primary">
        {p.payNow}
        <span className="visually-hidden"> ({orderNumber(order.id)})</span>
      </Link>
    </p>
  );
}

// My Orders' texts.
function errorMessage(t: Messages, error: unknown): string {
  if (isRouteErrorResponse(error)) {
    if (error.status === 401) return t.orders.loginToView;
    if (error.status >= 500) return t.orders.serverWaking;
    const message = (error.data as { message?: unknown } | null)?.message;
    return typeof message === "string" && message ? translateFeedback(t, message) : t.orders.loadFailed;
  }
  if (error instanceof TypeError) return t.orders.networkRetry;
  return t.orders.serverWaking;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const t = useMessages();
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
  // The page's own address, under the language's prefix (useLocation's path is past it).
  const retryHref = useHref({ pathname: location.pathname, search: location.search });
  return (
    <section className="narrow">
      <h1>{t.orders.title}</h1>
      <p className="form-alert" role="alert">
        {errorMessage(t, error)}
      </p>
      {unauthorized ? (
        <Link to="/login?redirect=%2Forders" className="button primary">
          {t.orders.login}
        </Link>
      ) : (
        <p>
          {/* Without JS the link reloads the page; with JS it revalidates in place. */}
          <a
            href={retryHref}
            className="button"
            onClick={(e) => {
              e.preventDefault();
              showToast({ type: "info", title: t.orders.retrying });
              void revalidate();
            }}
            aria-disabled={state === "loading" || undefined}
          >
            {t.orders.retry}
          </a>
        </p>
      )}
    </section>
  );
}
