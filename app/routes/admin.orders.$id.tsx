import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link } from "react-router";
import { Field, FormAlert } from "~/components/Field";
import { Shipment } from "~/components/Shipment";
import { Totals } from "~/components/Totals";
import { CONFIRM_LABEL, confirmState } from "~/lib/cod-confirm";
import { formatDate, formatDateTime } from "~/lib/dates";
import { lineName } from "~/lib/line-name";
import { formatPaise } from "~/lib/money";
import { orderNumber } from "~/lib/order-number";
import { COURIER_MAX, shipFormSchema, TRACKING_MAX } from "~/lib/order-schema";
import { pageTitle } from "~/lib/shop";
import { whatsappCustomerHref } from "~/lib/whatsapp";
import { requireAdmin } from "~/models/accounts/auth.server";
import { customerLanguage } from "~/models/accounts/customer-language.server";
import { updateOrder } from "~/models/flows/update-order.server";
import { OrderError } from "~/models/orders/order-error.server";
import { getOrderFor } from "~/models/orders/read.server";
import { expireDueOrders } from "~/models/payments/clock.server";
import { confirmToken, confirmUrl } from "~/models/payments/confirmation.server";
import { settleUpiCheck } from "~/models/payments/verify.server";
import { formFields, readForm } from "~/utils/http.server";
import { redirectWithToast } from "~/utils/toast.server";
import type { Route } from "./+types/admin.orders.$id";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: pageTitle(`Order ${data ? orderNumber(data.order.id) : "#"}`, "Admin") },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  // An order whose time to pay or confirm is up shows as cancelled, not as still waiting (issue #38).
  await expireDueOrders();
  const order = await getOrderFor(admin, params.id);
  if (!order) throw data({ message: "Order not found" }, { status: 404 });
  const confirm = confirmState(order);
  // A COD order still to confirm: its link (the same signed one as the mail's, in the customer's
  // language) goes into the owner's WhatsApp message.
  const link =
    confirm === "unconfirmed"
      ? confirmUrl(order.id, confirmToken(order.id).token, await customerLanguage(order.userId))
      : null;
  return { order, confirm, whatsapp: whatsappCustomerHref(order, link) };
}

/** An order still being prepared is marked Shipped by the form; a later one only gets its details. */
const shipsNow = (status: string) => status === "Placed" || status === "Processing";

// Issue #23: "Mark Shipped" with the courier and tracking number the customer is mailed.
export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await readForm(request, formFields(shipFormSchema, { intent: 1 }));
  const intent = form.get("intent");
  if (intent === "upi-received" || intent === "upi-not-received") {
    const found = intent === "upi-received";
    const done = await settleUpiCheck(params.id, found);
    return redirectWithToast(request, `/admin/orders/${params.id}`, {
      type: done ? "success" : "error",
      title: done
        ? found
          ? "Payment received: the order is paid, the customer is mailed"
          : "UTR cleared: the customer is mailed to send the right one"
        : "This order has no UPI payment to check",
    });
  }
  const submission = parseWithZod(form, { schema: shipFormSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const order = await getOrderFor(admin, params.id);
  if (!order) throw data({ message: "Order not found" }, { status: 404 });
  const ship = shipsNow(order.status);
  try {
    const done = await updateOrder(params.id, {
      ...(ship ? { status: "Shipped" as const } : {}),
      courier: submission.value.courier ?? null,
      trackingNumber: submission.value.trackingNumber ?? null,
    });
    if (!done) throw data({ message: "Order not found" }, { status: 404 });
  } catch (error) {
    if (error instanceof OrderError) return data(submission.reply({ formErrors: [error.message] }), { status: 409 });
    throw error;
  }
  return redirectWithToast(request, `/admin/orders/${params.id}`, {
    type: "success",
    title: ship ? "Order marked Shipped" : "Shipping details saved",
  });
}

function ShipForm({
  order,
  lastResult,
}: {
  order: Route.ComponentProps["loaderData"]["order"];
  lastResult: Route.ComponentProps["actionData"];
}) {
  const [form, fields] = useForm({
    lastResult,
    constraint: getZodConstraint(shipFormSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: shipFormSchema }),
    // As on /login: checked on submit, then again as the admin types, so a fixed field clears its
    // error before the button is pressed (a check on blur would move the button under the click).
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    defaultValue: { courier: order.courier ?? "", trackingNumber: order.trackingNumber ?? "" },
  });
  const ship = shipsNow(order.status);
  return (
    <Form method="post" {...getFormProps(form)} className="ship-form">
      <h2>Shipping</h2>
      <FormAlert message={form.errors?.[0]} />
      <Field
        label="Courier (optional)"
        id={fields.courier.id}
        errorId={fields.courier.errorId}
        errors={fields.courier.errors}
      >
        <input {...getInputProps(fields.courier, { type: "text" })} maxLength={COURIER_MAX} autoComplete="off" />
      </Field>
      <Field
        label="Tracking number (optional)"
        id={fields.trackingNumber.id}
        errorId={fields.trackingNumber.errorId}
        errors={fields.trackingNumber.errors}
      >
        <input
          {...getInputProps(fields.trackingNumber, { type: "text" })}
          maxLength={TRACKING_MAX}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
        />
      </Field>
      <p className="muted">
        {ship
          ? "The customer is mailed that the order is on its way, with these details."
          : order.status === "Shipped"
            ? "New details are mailed to the customer."
            : "Saved on the order; no mail is sent."}
      </p>
      <button type="submit" className="button primary">
        {ship ? "Mark Shipped" : "Save shipping details"}
      </button>
    </Form>
  );
}

/** Whether the customer confirmed this COD order (issue #38), and when. */
function Confirmation({
  order: o,
  state,
}: {
  order: Route.ComponentProps["loaderData"]["order"];
  state: ReturnType<typeof confirmState>;
}) {
  if (!state) return null;
  return (
    <p className={`confirm-state confirm-${state}`} data-testid="confirm-state">
      <strong>{CONFIRM_LABEL[state]}</strong>
      {o.confirmedAt
        ? ` by the customer on ${formatDateTime(o.confirmedAt)}`
        : o.expiresAt
          ? ` · cancelled at ${formatDateTime(o.expiresAt)} unless the customer confirms`
          : state === "unconfirmed"
            ? " · waiting for the customer"
            : ""}
    </p>
  );
}

/**
 * A UPI order's payment (issue #38): the amount and the UTR the customer sent, to find in the bank
 * app, and the owner's verdict. Plain forms: they work without JS.
 */
function UpiCheck({ order: o }: { order: Route.ComponentProps["loaderData"]["order"] }) {
  return (
    <section className="upi-check" aria-labelledby="upi-check-title">
      <h2 id="upi-check-title">UPI payment</h2>
      <dl className="upi-facts">
        <div>
          <dt>Amount</dt>
          <dd>{formatPaise(o.grandTotal)}</dd>
        </div>
        <div>
          <dt>UTR</dt>
          <dd>{o.utr ? <strong className="upi-id">{o.utr}</strong> : "Not sent yet"}</dd>
        </div>
        {o.utrAt ? (
          <div>
            <dt>Sent</dt>
            <dd>{formatDateTime(o.utrAt)}</dd>
          </div>
        ) : null}
        {o.paidAt ? (
          <div>
            <dt>Paid</dt>
            <dd>{formatDateTime(o.paidAt)}</dd>
          </div>
        ) : !o.utr && o.expiresAt && o.status !== "Cancelled" ? (
          <div>
            <dt>Cancelled if no UTR by</dt>
            <dd>{formatDateTime(o.expiresAt)}</dd>
          </div>
        ) : null}
      </dl>
      {o.utr && !o.isPaid && o.status !== "Cancelled" ? (
        <>
          <p className="muted">Find a payment of {formatPaise(o.grandTotal)} with this UTR in your bank or UPI app.</p>
          <div className="upi-verdict">
            <Form method="post">
              <input type="hidden" name="intent" value="upi-received" />
              <button type="submit" className="button primary">
                Payment received
              </button>
            </Form>
            <Form method="post">
              <input type="hidden" name="intent" value="upi-not-received" />
              <button type="submit" className="button">
                Not received
              </button>
            </Form>
          </div>
        </>
      ) : null}
    </section>
  );
}

export default function AdminOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { order: o, confirm, whatsapp } = loaderData;
  return (
    <section>
      <p>
        <Link to="/admin/orders" className="back-link">
          ← All orders
        </Link>
      </p>
      <h1>Order {orderNumber(o.id)}</h1>
      <p>
        {formatDate(o.createdAt)} · <strong>{o.status}</strong> · {o.isPaid ? "Paid" : "Not paid"} ·{" "}
        {o.paymentMethod === "UPI" ? "UPI" : "Cash on delivery"}
      </p>
      <Confirmation order={o} state={confirm} />
      {o.paymentMethod === "UPI" ? <UpiCheck order={o} /> : null}
      <Shipment courier={o.courier} trackingNumber={o.trackingNumber} />
      <div className="cart">
        <div>
          <h2>Contact</h2>
          <p>
            {o.contactName}
            <br />
            <a href={`mailto:${o.contactEmail}`}>{o.contactEmail}</a>
            <br />
            <a href={`tel:${o.contactPhone}`}>{o.contactPhone}</a>
            {whatsapp ? (
              <>
                <br />
                <a href={whatsapp} rel="noopener noreferrer" target="_blank" className="button small">
                  WhatsApp the customer
                </a>
              </>
            ) : null}
          </p>
          <h2>Shipping address</h2>
          <p>
            <span className="ship-to-lines">{o.address}</span>
            <br />
            {o.city}, {o.state} {o.pin}
          </p>
          <ShipForm key={`${o.status}|${o.courier}|${o.trackingNumber}`} order={o} lastResult={actionData} />
        </div>
        <aside className="summary">
          <h2>Items</h2>
          <ul className="summary-lines">
            {o.items.map((i) => (
              <li key={i.id}>
                <span>
                  {lineName(i.name, i.sizeLabel)} × {i.qty} @ {formatPaise(i.price)}
                </span>
                <span>{formatPaise(i.price * i.qty)}</span>
              </li>
            ))}
          </ul>
          <Totals
            subtotal={o.subtotal}
            shipping={o.shipping}
            prepaidDiscount={o.prepaidDiscount}
            couponCode={o.couponCode}
            couponDiscount={o.couponDiscount}
            codFee={o.codFee}
            total={o.grandTotal}
          />
          <a href={`/api/orders/${o.id}/invoice`} target="_blank" rel="noopener" className="button small">
            Invoice
          </a>
        </aside>
      </div>
    </section>
  );
}
