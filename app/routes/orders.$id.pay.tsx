import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, isRouteErrorResponse, Link } from "react-router";
import { Field, FormAlert } from "~/components/Field";
import { env } from "~/env.server";
import { formatDateTime } from "~/lib/dates";
import type { Language } from "~/lib/i18n/languages";
import { useLanguage, useMessages } from "~/lib/i18n/messages";
import { metaPaymentTexts, PAYMENT_TEXTS, usePaymentTexts } from "~/lib/i18n/payments";
import { formatPaise } from "~/lib/money";
import { orderNumber } from "~/lib/order-number";
import { pageTitle } from "~/lib/shop";
import { holdHours } from "~/lib/upi";
import { utrSchema } from "~/lib/utr-schema";
import { requireUser } from "~/models/accounts/auth.server";
import { OrderError } from "~/models/orders/order-error.server";
import { getOrderFor } from "~/models/orders/read.server";
import { expireDueOrders } from "~/models/payments/clock.server";
import { payPage, qrSvg } from "~/models/payments/pay-page.server";
import { sendUtr } from "~/models/payments/upi.server";
import { formFields, readForm, refused } from "~/utils/http.server";
import { requestLanguage } from "~/utils/language.server";
import { redirectWithToast } from "~/utils/toast.server";
import { useErrorToast } from "~/utils/use-error-toast";
import type { Route } from "./+types/orders.$id.pay";

// The UPI payment page of an order (issue #38): the amount, a QR code and a upi://pay link with
// the same URI, the shop's UPI ID, the hold's deadline, and the form for the UTR. Its owner's (or
// an admin's) only; anyone else, and any order not paid by UPI, gets a 404.

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(metaPaymentTexts(matches).payTitle) },
  { name: "robots", content: "noindex" },
];

const notFound = () => data({ message: "Order not found" }, { status: 404 });

async function load(request: Request, id: string) {
  const user = await requireUser(request);
  // A held order past its time is cancelled now, not at the next sweep: the page shows it so.
  await expireDueOrders();
  const order = await getOrderFor(user, id);
  const page = order ? payPage(order) : null;
  if (!page) throw notFound();
  return { user, page };
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const { page } = await load(request, params.id);
  const language: Language = requestLanguage(request);
  const label = PAYMENT_TEXTS[language].qrLabel(formatPaise(page.total));
  return {
    ...page,
    qr: page.uri ? qrSvg(page.uri, label) : null,
    holdHours: holdHours(env.payments.upiHoldMs),
  };
}

const UTR_FIELDS = formFields(utrSchema);

export async function action({ request, params }: Route.ActionArgs) {
  const { user, page } = await load(request, params.id);
  const form = await readForm(request, UTR_FIELDS);
  const submission = parseWithZod(form, { schema: utrSchema });
  if (submission.status !== "success") return refused(submission.reply());
  try {
    await sendUtr(user.id, page.id, submission.value.utr);
  } catch (error) {
    if (error instanceof OrderError) return refused(submission.reply({ fieldErrors: { utr: [error.message] } }), 409);
    throw error;
  }
  const t = PAYMENT_TEXTS[requestLanguage(request)];
  return redirectWithToast(request, `/orders/${page.id}/pay`, { type: "success", title: t.utrSent });
}

function UtrForm({ lastResult }: { lastResult: Route.ComponentProps["actionData"] }) {
  const p = usePaymentTexts();
  const [form, fields] = useForm({
    lastResult,
    constraint: getZodConstraint(utrSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: utrSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" {...getFormProps(form)} className="utr-form">
      <h2>{p.afterPaying}</h2>
      <FormAlert message={form.errors?.[0]} />
      <Field
        label={p.utrLabel}
        id={fields.utr.id}
        errorId={fields.utr.errorId}
        descriptionId={fields.utr.descriptionId}
        errors={fields.utr.errors}
        hint={p.utrHint}
      >
        <input
          {...getInputProps(fields.utr, { type: "text", ariaDescribedBy: fields.utr.descriptionId })}
          inputMode="numeric"
          autoComplete="off"
          maxLength={20}
        />
      </Field>
      <button type="submit" className="button primary">
        {p.sendUtr}
      </button>
    </Form>
  );
}

export default function PayPage({ loaderData, actionData }: Route.ComponentProps) {
  const p = usePaymentTexts();
  const language = useLanguage();
  const o = loaderData;
  const amount = formatPaise(o.total);
  return (
    <section className="narrow pay-page">
      <h1>{p.payHeading(orderNumber(o.id))}</h1>
      {o.state === "paid" ? (
        <div className="pay-state" role="status">
          <h2>{p.paidHeading}</h2>
          <p>{o.paidAt ? p.paidText(formatDateTime(o.paidAt, language)) : null}</p>
        </div>
      ) : o.state === "cancelled" ? (
        <div className="pay-state" role="status">
          <h2>{p.cancelledHeading}</h2>
          <p>{p.cancelledText}</p>
        </div>
      ) : o.state === "checking" ? (
        <div className="pay-state" role="status">
          <h2>{p.checkingHeading}</h2>
          <p>{p.checkingText}</p>
          {o.utr && o.utrAt ? <p className="muted">{p.yourUtr(o.utr, formatDateTime(o.utrAt, language))}</p> : null}
        </div>
      ) : null}
      <dl className="thank-you-facts">
        <div className="cash-due">
          <dt>{p.amountToPay}</dt>
          <dd>
            <strong>{amount}</strong>
          </dd>
        </div>
      </dl>
      {o.state === "awaiting" && o.uri && o.qr ? (
        <>
          {o.expiresAt ? (
            <p className="pay-hold">{p.hold(o.holdHours, formatDateTime(o.expiresAt, language))}</p>
          ) : null}
          {/* On a phone the link opens its UPI app; the QR code is for paying from another phone. */}
          <p>
            <a href={o.uri} className="button primary upi-app-link">
              {p.payWithApp}
            </a>
          </p>
          <p>{p.scanQr}</p>
          {/* The QR code is drawn on the server from our own data (no user text in it). */}
          <div className="upi-qr-box" dangerouslySetInnerHTML={{ __html: o.qr }} />
          <p>
            {p.upiId} <strong className="upi-id">{o.upiId}</strong>
          </p>
          <UtrForm lastResult={actionData} />
        </>
      ) : null}
      <p>
        <Link to={`/orders?o=${o.id}`} className="button">
          {p.viewOrders}
        </Link>
      </p>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const m = useMessages();
  useErrorToast(error);
  const notFoundError = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="narrow">
      <h1>{notFoundError ? m.thankYou.notFound : m.product.somethingWrong}</h1>
      <p>{notFoundError ? m.thankYou.notFoundText : m.product.tryAgain}</p>
      <p>
        <Link to="/orders" className="button primary">
          {m.thankYou.viewOrders}
        </Link>
      </p>
    </section>
  );
}
