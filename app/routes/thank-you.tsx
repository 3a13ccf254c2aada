import { useEffect } from "react";
import { data, isRouteErrorResponse, Link, redirect } from "react-router";
import { Totals } from "~/components/Totals";
import { DELIVERY_DAYS, DISPATCH_DAYS, expectedDelivery, formatDay, isoDay } from "~/lib/dates";
import { metaMessages, useMessages } from "~/lib/i18n/messages";
import { usePaymentTexts } from "~/lib/i18n/payments";
import { summaryLines } from "~/lib/line-name";
import { formatPaise } from "~/lib/money";
import { orderNumber } from "~/lib/order-number";
import { pageTitle } from "~/lib/shop";
import { requireUser } from "~/models/accounts/auth.server";
import { getOrderFor } from "~/models/orders/read.server";
import { requestLanguage } from "~/utils/language.server";
import { rememberLastOrder } from "~/utils/last-order.client";
import { useErrorToast } from "~/utils/use-error-toast";
import type { Route } from "./+types/thank-you";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(metaMessages(matches).thankYou.title) },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const id = new URL(request.url).searchParams.get("o") ?? "";
  // Only an id of our own shape is echoed back into the page.
  if (!/^[0-9a-f]{24}$/.test(id)) throw redirect("/");
  // The page shows the order's address and amounts: only to its owner (or an admin). A guest logs
  // in first, whether or not the order exists; anyone else gets what an unknown order gets.
  const user = await requireUser(request);
  const order = await getOrderFor(user, id);
  if (!order) throw data("Order not found", { status: 404 });
  const delivery = expectedDelivery(order.createdAt);
  const language = requestLanguage(request);
  // Only what the page shows goes into it.
  return {
    id: order.id,
    isPaid: order.isPaid,
    // A UPI order still to pay links to its payment page instead of the cash-on-delivery facts.
    isUpi: order.paymentMethod === "UPI",
    payByUpi: order.paymentMethod === "UPI" && !order.isPaid && order.status !== "Cancelled",
    items: summaryLines(order.items),
    subtotal: order.subtotal,
    shipping: order.shipping,
    prepaidDiscount: order.prepaidDiscount,
    couponCode: order.couponCode,
    couponDiscount: order.couponDiscount,
    codFee: order.codFee,
    total: order.grandTotal,
    shipTo: {
      name: order.contactName,
      phone: order.contactPhone,
      address: order.address,
      city: order.city,
      state: order.state,
      pin: order.pin,
    },
    delivery: [delivery.from, delivery.to].map((d) => ({ iso: isoDay(d), text: formatDay(d, language) })) as [
      { iso: string; text: string },
      { iso: string; text: string },
    ],
  };
}

export default function ThankYou({ loaderData }: Route.ComponentProps) {
  const {
    id,
    isPaid,
    isUpi,
    payByUpi,
    items,
    subtotal,
    shipping,
    prepaidDiscount,
    codFee,
    total,
    shipTo,
    delivery,
    couponCode,
    couponDiscount,
  } = loaderData;
  const [from, to] = delivery;
  useEffect(() => rememberLastOrder(id), [id]);
  const m = useMessages();
  const t = m.thankYou;
  const p = usePaymentTexts();
  return (
    <section className="narrow thank-you">
      <h1>{t.heading}</h1>
      <p>
        {t.orderBefore}
        <strong>{orderNumber(id)}</strong>
        {isUpi ? p.placedUpi : t.orderAfter}
      </p>
      <dl className="thank-you-facts">
        {payByUpi ? (
          <div className="cash-due">
            <dt>{p.payAmountByUpi(formatPaise(total))}</dt>
            <dd>
              <Link to={`/orders/${id}/pay`} className="button primary">
                {p.payNow}
              </Link>
            </dd>
          </div>
        ) : (
          <div className="cash-due">
            <dt>{isPaid ? t.paid : t.toPay}</dt>
            <dd>
              <strong>{formatPaise(total)}</strong>{" "}
              <span className="muted">
                {t.inclShipping(formatPaise(shipping))}
                {codFee > 0 ? ` · ${m.cart.codFee} ${formatPaise(codFee)}` : ""}
              </span>
            </dd>
          </div>
        )}
        <div>
          <dt>{t.expectedDelivery}</dt>
          <dd className="delivery-range">
            <time dateTime={from.iso}>{from.text}</time> – <time dateTime={to.iso}>{to.text}</time>
          </dd>
        </div>
      </dl>
      <p className="muted">{t.dispatchNote(DISPATCH_DAYS, DELIVERY_DAYS)}</p>
      <section className="summary" aria-labelledby="order-items-title">
        <h2 id="order-items-title">{t.yourOrder}</h2>
        <ul className="summary-lines">
          {items.map((i) => (
            <li key={i.id}>
              <span>
                {i.name} × {i.qty}
              </span>{" "}
              <span>{formatPaise(i.total)}</span>
            </li>
          ))}
        </ul>
        <Totals
          subtotal={subtotal}
          shipping={shipping}
          prepaidDiscount={prepaidDiscount}
          couponCode={couponCode}
          couponDiscount={couponDiscount}
          codFee={codFee}
          total={total}
        />
      </section>
      <section aria-labelledby="ship-to-title">
        <h2 id="ship-to-title">{t.deliveryAddress}</h2>
        <address className="ship-to">
          {shipTo.name}
          <br />
          <span className="ship-to-lines">{shipTo.address}</span>
          <br />
          {shipTo.city}, {shipTo.state} {shipTo.pin}
          <br />
          {t.phone(shipTo.phone)}
        </address>
      </section>
      <p className="thank-you-links">
        <Link to={`/orders?o=${id}`} className="button primary">
          {t.viewOrders}
        </Link>{" "}
        <Link to="/shop" className="button">
          {t.continueShopping}
        </Link>
      </p>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const m = useMessages();
  const t = m.thankYou;
  useErrorToast(error);
  return (
    <section className="narrow">
      <h1>{notFound ? t.notFound : m.product.somethingWrong}</h1>
      <p>{notFound ? t.notFoundText : m.product.tryAgain}</p>
      <p>
        <Link to="/orders" className="button primary">
          {t.viewOrders}
        </Link>{" "}
        <Link to="/shop" className="button">
          {t.continueShopping}
        </Link>
      </p>
    </section>
  );
}
