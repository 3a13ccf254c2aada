import { data, Form, Link, redirect } from "react-router";
import { FormAlert } from "~/components/Field";
import { Totals } from "~/components/Totals";
import { confirmState } from "~/lib/cod-confirm";
import { formatDateTime } from "~/lib/dates";
import { useMessages } from "~/lib/i18n/messages";
import { metaPaymentTexts, PAYMENT_TEXTS, usePaymentTexts } from "~/lib/i18n/payments";
import { translateFeedback } from "~/lib/i18n/translate";
import { summaryLines } from "~/lib/line-name";
import { formatPaise } from "~/lib/money";
import { orderNumber } from "~/lib/order-number";
import { pageTitle } from "~/lib/shop";
import { getUser, requireUser } from "~/models/accounts/auth.server";
import { expireDueOrders } from "~/models/payments/clock.server";
import { type Confirmer, confirmOrder, orderToConfirm } from "~/models/payments/confirm-order.server";
import { readForm, refused } from "~/utils/http.server";
import { requestLanguage } from "~/utils/language.server";
import { check, hit, RateLimited } from "~/utils/rate-limit.server";
import { ipOf } from "~/utils/request-context.server";
import { redirectWithToast } from "~/utils/toast.server";
import type { Route } from "./+types/orders.$id.confirm";

// The confirm page of a COD order (issue #38, COD_CONFIRM), opened from the link in its mail or
// the owner's WhatsApp message, logged out and with JS off alike. Opening it changes nothing (mail
// scanners and chat previews open links); its button posts the token back. The link works without
// a login, so the page shows only what confirming needs: the number, the items, the total; never
// the address. My Orders' Confirm button posts here too, without a token: its session's customer
// must own the order.

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(metaPaymentTexts(matches).confirmTitle) },
  // The token is in the address: no search engine.
  { name: "robots", content: "noindex" },
];

const tokenOf = (value: unknown) => (typeof value === "string" ? value : "");

/** Who is asking: the link's token, else the signed-in customer, else nobody (the link is not valid). */
async function confirmerOf(request: Request, token: string): Promise<Confirmer | null> {
  if (token) return { token };
  const user = await getUser(request);
  return user ? { userId: user.id } : null;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const token = tokenOf(url.searchParams.get("t"));
  const by = await confirmerOf(request, token);
  // A deadline just passed shows as the cancellation it is, not as an order still to confirm.
  await expireDueOrders();
  const order = by ? await orderToConfirm(params.id, by) : null;
  if (!order) return data({ order: null, token: "", justConfirmed: false }, { status: 404 });
  const language = requestLanguage(request);
  return {
    token,
    // Set by the redirect after this page's own Confirm: "is confirmed. Thank you!", not "already".
    justConfirmed: url.searchParams.get("done") === "1",
    // Only what the page shows goes into it.
    order: {
      id: order.id,
      state: confirmState(order)!,
      items: summaryLines(order.items),
      subtotal: order.subtotal,
      shipping: order.shipping,
      codFee: order.codFee,
      total: order.grandTotal,
      deadline: order.expiresAt && !order.confirmedAt ? formatDateTime(order.expiresAt, language) : null,
    },
  };
}

/** A link that opens no order of the asker's: the page says it is not valid. */
const notValid = () => data({ error: null }, { status: 404 });

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await readForm(request, { t: 1 });
  const token = tokenOf(form.get("t"));
  const texts = PAYMENT_TEXTS[requestLanguage(request)];
  // My Orders' button: no token, the signed-in owner (a guest logs in first).
  if (!token) {
    const user = await requireUser(request);
    const result = await confirmOrder(params.id, { userId: user.id });
    if (result === "confirmed")
      return redirectWithToast(request, `/orders?o=${params.id}`, {
        type: "success",
        title: texts.confirmed(orderNumber(params.id)),
      });
    // Another customer's order answers as one that does not exist; the page says where it stands.
    return result === null ? notValid() : refused({ error: null }, 409);
  }
  const ip = ipOf(context);
  try {
    await check("confirmFailIp", ip);
    const result = await confirmOrder(params.id, { token });
    if (result === null) {
      await hit("confirmFailIp", ip);
      return notValid();
    }
    if (result === "confirmed") return redirect(`/orders/${params.id}/confirm?t=${encodeURIComponent(token)}&done=1`);
    return refused({ error: null }, 409);
  } catch (error) {
    if (error instanceof RateLimited) return refused({ error: error.message }, 429);
    throw error;
  }
}

export default function ConfirmOrder({ loaderData, actionData }: Route.ComponentProps) {
  const p = usePaymentTexts();
  const t = useMessages();
  const { order, token, justConfirmed } = loaderData;
  const alert = actionData?.error ? translateFeedback(t, actionData.error) : undefined;
  if (!order)
    return (
      <section className="narrow confirm-order">
        <h1>{p.linkInvalid}</h1>
        <FormAlert message={alert} />
        <p>{p.linkInvalidHelp}</p>
        <p className="confirm-links">
          <Link to="/orders" className="button">
            {t.nav.myOrders}
          </Link>{" "}
          <Link to="/shop" className="button">
            {t.orders.goToShop}
          </Link>
        </p>
      </section>
    );
  const number = orderNumber(order.id);
  const heading =
    order.state === "confirmed"
      ? justConfirmed
        ? p.confirmed(number)
        : p.alreadyConfirmed(number)
      : order.state === "cancelled"
        ? p.confirmCancelled(number)
        : p.confirmHeading(number);
  return (
    <section className="narrow confirm-order">
      <h1 data-state={order.state}>{heading}</h1>
      <FormAlert message={alert} />
      {order.state === "unconfirmed" ? <p>{p.confirmLead}</p> : null}
      {order.state === "confirmed" && justConfirmed ? <p>{p.confirmedNext}</p> : null}
      <div className="summary">
        <ul className="summary-lines">
          {order.items.map((i) => (
            <li key={i.id}>
              <span>
                {i.name} × {i.qty}
              </span>
              <span>{formatPaise(i.total)}</span>
            </li>
          ))}
        </ul>
        <Totals subtotal={order.subtotal} shipping={order.shipping} codFee={order.codFee} total={order.total} />
      </div>
      {order.state === "unconfirmed" ? (
        <>
          <p>{p.confirmCod(formatPaise(order.total))}</p>
          {order.deadline ? <p className="muted">{p.confirmBy(order.deadline)}</p> : null}
          <Form method="post" replace>
            {token ? <input type="hidden" name="t" value={token} /> : null}
            <button type="submit" className="button primary">
              {p.confirmButton}
            </button>
          </Form>
        </>
      ) : (
        <p className="confirm-links">
          <Link to="/shop" className="button">
            {t.orders.goToShop}
          </Link>
        </p>
      )}
    </section>
  );
}
