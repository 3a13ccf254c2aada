import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useEffect } from "react";
import { Form, Link, redirect, type ShouldRevalidateFunction } from "react-router";
import { CouponField } from "~/components/CouponField";
import { Field, FormAlert } from "~/components/Field";
import { ForMethod, PaymentChoice, type PaymentOptions } from "~/components/PaymentChoice";
import { Totals } from "~/components/Totals";
import { CART_EMPTY, CHECKOUT_INCOMPLETE, checkoutSchema, ONLY_COD } from "~/lib/checkout-schema";
import { gstStateByName } from "~/lib/gst-states";
import { messagesFor, metaMessages, useMessages, type Messages } from "~/lib/i18n/messages";
import { translateFeedback } from "~/lib/i18n/translate";
import { lineName } from "~/lib/line-name";
import { formatPaise } from "~/lib/money";
import {
  type CouponTerms,
  PAYMENT_METHODS,
  type PaymentMethod,
  type PriceBreakdown,
  priceBreakdown,
} from "~/lib/price-breakdown";
import { pageTitle } from "~/lib/shop";
import { SHOWN_TOTAL, shownTotalOf, shownTotalValue } from "~/lib/shown-total";
import { requireUser } from "~/models/accounts/auth.server";
import { digitsOnly, fillCityState, resolvePin } from "~/models/addresses/city-state.server";
import { pinState } from "~/models/addresses/supply-state.server";
import { cartSummary, commitCart, dropGoneSizes, readCart, readCartLines } from "~/models/cart/cart.server";
import { appliedCoupon, commitCouponCode, readCouponCode } from "~/models/coupons/applied.server";
import { submitOrder } from "~/models/flows/place-order.server";
import { isIdempotencyKey } from "~/models/orders/idempotency.server";
import { OrderError } from "~/models/orders/order-error.server";
import { paymentChoice } from "~/models/payments/pricing.server";
import { formFields, readForm, refused } from "~/utils/http.server";
import { newId } from "~/utils/id.server";
import { requestLanguage } from "~/utils/language.server";
import { RateLimited } from "~/utils/rate-limit.server";
import { ipOf } from "~/utils/request-context.server";
import { flashToast } from "~/utils/toast.server";
import { useHydrated } from "~/utils/use-hydrated";
import { usePinLookup } from "~/utils/use-pin-lookup";
import type { Route } from "./+types/checkout";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(metaMessages(matches).checkout.title) },
  { name: "robots", content: "noindex" },
];

/** The checkout's fields, in the form's order: the disabled Place Order names what is missing by their labels. */
const FIELDS = ["name", "email", "phone", "address", "pin", "city", "state"] as const;

/** The fields the form still needs (empty or not valid), by their labels. */
function missingFields(value: unknown, t: Messages["checkout"]): string[] {
  const parsed = checkoutSchema.safeParse(value ?? {});
  if (parsed.success) return [];
  const names = new Set(parsed.error.issues.map((i) => String(i.path[0])));
  return FIELDS.filter((n) => names.has(n)).map((n) => t[n]);
}

/**
 * The hidden field with the page's one-time token. Every post of one rendered form carries the
 * same token, and placeOrder keeps it with the order (unique per customer), so a double click, a
 * resend or Back-and-submit-again answers the order the first post placed.
 */
const ORDER_TOKEN = "orderToken";
/**
 * The hidden field with the PIN whose state the form already put in place of a typed one: the
 * shopper has seen the note, so the form comes back at most once per PIN (issue #34).
 */
const PIN_STATE_NOTED = "pinStateNoted";
const CHECKOUT_FIELDS = formFields(checkoutSchema, {
  intent: 1,
  [SHOWN_TOTAL]: 2,
  [ORDER_TOKEN]: 1,
  [PIN_STATE_NOTED]: 1,
  paymentMethod: 1,
});

/** The posted payment method: COD when none is posted (the shop without UPI has no choice); null when unknown. */
function paymentMethodOf(formData: FormData): PaymentMethod | null {
  const value = formData.get("paymentMethod");
  if (value === null) return "COD";
  return PAYMENT_METHODS.find((m) => m === value) ?? null;
}

/**
 * What this cart costs paid each way, and the choice where the shop takes UPI (issue #38; null:
 * cash on delivery only, as specified).
 */
function pricing(lines: { price: number; qty: number; status: string }[], coupon: CouponTerms | null) {
  const choice = paymentChoice();
  const buyable = lines.filter((l) => l.status === "ok");
  const prices = {
    COD: priceBreakdown(buyable, "COD", choice.rules, coupon),
    UPI: priceBreakdown(buyable, "UPI", choice.rules, coupon),
  };
  const payment: PaymentOptions | null = choice.upi ? { prices, codMax: choice.codMax, initial: "COD" } : null;
  return { cod: prices.COD, payment };
}
/** The form's token: undefined when the post has none (then it is placed as before), null when unusable. */
function orderTokenOf(formData: FormData): string | undefined | null {
  const value = formData.get(ORDER_TOKEN);
  if (value === null) return undefined;
  return typeof value === "string" && isIdempotencyKey(value) ? value : null;
}

/** What Place Order answers, the first time and every repeat: cart emptied, toast, thank-you page. */
async function orderPlaced(request: Request, orderId: string) {
  const headers = new Headers();
  headers.append("Set-Cookie", await commitCart([]));
  headers.append("Set-Cookie", await commitCouponCode(null));
  const title = messagesFor(requestLanguage(request)).checkout.placed;
  headers.append("Set-Cookie", await flashToast(request, { type: "success", title }));
  return redirect(`/thank-you?o=${orderId}`, { headers });
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const cart = await readCart(request);
  const { lines, goneSizes } = await readCartLines(cart, requestLanguage(request));
  // A size removed since it was added: the cart says so (and drops it) before anything is ordered.
  if (goneSizes.length > 0) throw await dropGoneSizes(request, cart, lines, goneSizes);
  const summary = cartSummary(lines);
  // Issue #39: the applied code, judged again (one that stopped applying is dropped, with why).
  const goods = lines.reduce((sum, l) => (l.status === "ok" ? sum + l.price * l.qty : sum), 0);
  const { coupon, showField } = await appliedCoupon(request, goods, user.id, "/checkout");
  return {
    lines,
    summary,
    couponCode: coupon?.code ?? null,
    showCouponField: showField,
    ...pricing(lines, coupon),
    defaults: { name: user.name, email: user.email, phone: user.phone ?? "" },
    orderToken: newId() + newId(),
  };
}

/**
 * A refusal because the cart or the form went out of date (409) shows the cart as it is now; the
 * framework would skip the loaders after any 4xx.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus === 409 || defaultShouldRevalidate;

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request);
  const t = messagesFor(requestLanguage(request)).checkout;
  const formData = await readForm(request, CHECKOUT_FIELDS);
  // Non-digits are stripped (spaces, dashes); anything but 6 digits is then refused, never cut.
  const pin = digitsOnly(formData.get("pin"));
  formData.set("pin", pin);

  if (formData.get("intent") === "lookup") {
    // The no-JS PIN lookup: the form comes back with city and state filled (or cleared).
    const found = await resolvePin(pin);
    formData.set("city", "city" in found ? found.city : "");
    formData.set("state", "state" in found ? found.state : "");
    const submission = parseWithZod(formData, { schema: checkoutSchema.partial() });
    return submission.reply("error" in found ? { fieldErrors: { pin: [found.error] } } : undefined);
  }

  // A repeat of a Place Order that went through answers its order (its cart cookie may be empty by now).
  const token = orderTokenOf(formData);
  const submitted = await submitOrder(user.id, token ?? undefined, requestLanguage(request), ipOf(context));
  if (submitted.replayed) return orderPlaced(request, submitted.id);

  // Place Order fills an empty city/state from a valid PIN.
  const typed = { city: String(formData.get("city") ?? ""), state: String(formData.get("state") ?? "") };
  const filled = await fillCityState(pin, typed);
  if (filled.city !== typed.city) formData.set("city", filled.city);
  if (filled.state !== typed.state) formData.set("state", filled.state);
  const submission = parseWithZod(formData, { schema: checkoutSchema });
  if (submission.status !== "success") {
    return refused(
      submission.reply({
        formErrors: [CHECKOUT_INCOMPLETE],
        fieldErrors: filled.pinError ? { pin: [filled.pinError] } : {},
      }),
    );
  }
  if (token === null) return refused(submission.reply({ formErrors: [t.formOutOfDate] }), 409);
  const { lines, goneSizes } = await readCartLines(await readCart(request));
  if (goneSizes.length > 0) return refused(submission.reply({ formErrors: [t.unavailableItems] }), 409);
  if (lines.length === 0) return refused(submission.reply({ formErrors: [CART_EMPTY] }), 409);
  if (!cartSummary(lines).canCheckout) return refused(submission.reply({ formErrors: [t.unavailableItems] }), 409);
  // The PIN's state is the place of supply (placeOrder); a typed state that disagrees is more
  // likely a slip in one of the two than a parcel meant for another state. The form comes back
  // once, before anything is placed, with the PIN's state put in and a note, so the shopper can
  // correct whichever is wrong; a note on the order page would come when nothing can be changed.
  const fromPin = await pinState(submission.value.pin);
  if (
    fromPin &&
    gstStateByName(submission.value.state)?.code !== fromPin.code &&
    formData.get(PIN_STATE_NOTED) !== submission.value.pin
  ) {
    formData.set("state", fromPin.name);
    formData.set(PIN_STATE_NOTED, submission.value.pin);
    const noted = parseWithZod(formData, { schema: checkoutSchema });
    return refused(
      {
        ...noted.reply({ formErrors: [t.statePutFromPin(submission.value.pin, fromPin.name)] }),
        stateFromPin: fromPin.name,
      },
      400,
    );
  }
  const paymentMethod = paymentMethodOf(formData);
  if (paymentMethod === null) return refused(submission.reply({ formErrors: [ONLY_COD] }), 400);
  const { name, email, phone, address, city, state } = submission.value;
  let order;
  try {
    order = await submitted.place({
      contact: { name, email, phone },
      shippingAddress: { address, city, state, pin: submission.value.pin },
      items: lines.map((l) => ({ product: l.id, qty: l.qty, sizeId: l.sizeId ?? undefined })),
      paymentMethod,
      // placeOrder judges the code again and counts its use in the order's transaction.
      couponCode: (await readCouponCode(request)) ?? undefined,
      shownTotal: shownTotalOf(formData.getAll(SHOWN_TOTAL), paymentMethod),
    });
  } catch (error) {
    if (error instanceof OrderError) return refused(submission.reply({ formErrors: [error.message] }), 409);
    if (error instanceof RateLimited) return refused(submission.reply({ formErrors: [error.message] }), 429);
    throw error;
  }
  return orderPlaced(request, order.id);
}

/** Why Place Order is disabled (with JS), said under it in the page's language; null when the order can go. */
function placeOrderBlocked(
  m: Messages,
  state: {
    empty: boolean;
    canCheckout: boolean;
    pinPending: boolean;
    pinError: boolean;
    missing: string[];
  },
): string | null {
  const t = m.checkout;
  if (state.empty) return translateFeedback(m, CART_EMPTY);
  if (!state.canCheckout) return t.unavailableItems;
  if (state.pinPending) return t.pinLookingUp;
  if (state.pinError) return t.pinCheck;
  if (state.missing.length > 0) return t.missing(translateFeedback(m, CHECKOUT_INCOMPLETE), state.missing.join(", "));
  return null;
}

/** The total right above Place Order (issue #21), for one way of paying. */
function CheckoutTotal({ prices, count }: { prices: PriceBreakdown; count: number }) {
  const t = useMessages().checkout;
  return (
    <p className="checkout-total">
      <span>
        {t.total} <strong>{formatPaise(prices.total)}</strong>
      </span>{" "}
      <span className="muted">
        {t.inclShipping(formatPaise(prices.shipping))} · {t.items(count)}
      </span>
    </p>
  );
}

const BreakdownTotals = ({ prices, couponCode }: { prices: PriceBreakdown; couponCode: string | null }) => (
  <Totals
    subtotal={prices.goods}
    couponCode={couponCode}
    couponDiscount={prices.couponDiscount}
    prepaidDiscount={prices.prepaidDiscount}
    shipping={prices.shipping}
    codFee={prices.codFee}
    total={prices.total}
  />
);

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const { lines, summary, defaults, orderToken, cod, payment, couponCode, showCouponField } = loaderData;
  const [form, fields] = useForm({
    lastResult: actionData,
    defaultValue: { ...defaults, address: "", city: "", state: "", pin: "" },
    constraint: getZodConstraint(checkoutSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: checkoutSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const hydrated = useHydrated();
  const m = useMessages();
  const t = m.checkout;

  // With JS, the PIN is looked up as soon as it has 6 digits.
  const pin = usePinLookup((place) => {
    form.update({ name: fields.city.name, value: place?.city ?? "" });
    form.update({ name: fields.state.name, value: place?.state ?? "" });
  });

  const empty = lines.length === 0;
  // Without JS the button must stay usable: the server answers with the messages of what is missing. With JS it
  // is disabled until the order can go, and the reason is said under it (issue #21).
  const placeBlocked = hydrated
    ? placeOrderBlocked(m, {
        empty,
        canCheckout: summary.canCheckout,
        pinPending: pin.pending !== null,
        pinError: pin.error !== null,
        missing: missingFields(form.value, t),
      })
    : null;
  const pinErrors = pin.error ? [pin.error] : fields.pin.errors;

  // With JS the inputs are not drawn again from the server's answer: the PIN's state is put in
  // here, into the input alone (conform's value has it already); form.update would validate the
  // form again and clear the note.
  const stateFromPin =
    actionData && "stateFromPin" in actionData && typeof actionData.stateFromPin === "string"
      ? actionData.stateFromPin
      : null;
  useEffect(() => {
    const input = document.getElementById(fields.state.id);
    if (stateFromPin && input instanceof HTMLInputElement) input.value = stateFromPin;
  }, [actionData]); // eslint-disable-line react-hooks/exhaustive-deps -- once per answer
  const notedPin = actionData?.initialValue?.[PIN_STATE_NOTED];
  const posted = actionData?.initialValue?.paymentMethod;
  const postedMethod = typeof posted === "string" ? posted : undefined;

  return (
    <section>
      <h1>{t.title}</h1>
      {empty ? (
        <p className="form-alert" role="alert">
          {translateFeedback(m, CART_EMPTY)}. <Link to="/shop">{t.goToShop}</Link>
        </p>
      ) : null}
      <div className="cart">
        <Form method="post" {...getFormProps(form)} className="checkout-form">
          <FormAlert message={form.errors?.[0]} />
          <input type="hidden" name={ORDER_TOKEN} value={orderToken} />
          {empty
            ? null
            : (payment ? PAYMENT_METHODS : (["COD"] as const)).map((method) => (
                <input
                  key={method}
                  type="hidden"
                  name={SHOWN_TOTAL}
                  value={shownTotalValue(method, (payment ? payment.prices[method] : cod).total)}
                />
              ))}
          {typeof notedPin === "string" ? <input type="hidden" name={PIN_STATE_NOTED} value={notedPin} /> : null}
          <fieldset>
            <legend>{t.contact}</legend>
            <Field label={t.name} id={fields.name.id} errorId={fields.name.errorId} errors={fields.name.errors}>
              <input {...getInputProps(fields.name, { type: "text" })} autoComplete="name" />
            </Field>
            <Field label={t.email} id={fields.email.id} errorId={fields.email.errorId} errors={fields.email.errors}>
              <input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" />
            </Field>
            <Field
              label={t.phone}
              id={fields.phone.id}
              errorId={fields.phone.errorId}
              descriptionId={fields.phone.descriptionId}
              errors={fields.phone.errors}
              hint={t.phoneHint}
            >
              <input
                {...getInputProps(fields.phone, { type: "tel", ariaDescribedBy: fields.phone.descriptionId })}
                autoComplete="tel"
                inputMode="tel"
              />
            </Field>
          </fieldset>
          <fieldset>
            <legend>{t.shippingAddress}</legend>
            <Field
              label={t.address}
              id={fields.address.id}
              errorId={fields.address.errorId}
              errors={fields.address.errors}
            >
              <textarea {...getTextareaProps(fields.address)} rows={3} autoComplete="street-address" />
            </Field>
            <Field label={t.pin} id={fields.pin.id} errorId={fields.pin.errorId} errors={pinErrors}>
              <div className="pin-row">
                <input
                  {...getInputProps(fields.pin, { type: "text" })}
                  inputMode="numeric"
                  autoComplete="postal-code"
                  aria-invalid={pinErrors?.length ? true : undefined}
                  onInput={pin.onPinInput}
                />
                {hydrated ? (
                  pin.pending ? (
                    <span className="muted">{t.lookingUp}</span>
                  ) : null
                ) : (
                  <button type="submit" name="intent" value="lookup" formNoValidate className="button small">
                    {t.lookUp}
                  </button>
                )}
              </div>
            </Field>
            <Field label={t.city} id={fields.city.id} errorId={fields.city.errorId} errors={fields.city.errors}>
              <input {...getInputProps(fields.city, { type: "text" })} autoComplete="address-level2" />
            </Field>
            <Field label={t.state} id={fields.state.id} errorId={fields.state.errorId} errors={fields.state.errors}>
              <input {...getInputProps(fields.state, { type: "text" })} autoComplete="address-level1" />
            </Field>
          </fieldset>
          {payment && !empty ? <PaymentChoice options={payment} defaultMethod={postedMethod} /> : null}
          <div className="checkout-actions">
            {/* Issue #21: on a phone the summary is below the form; the total is said above the button. */}
            {empty ? null : payment ? (
              PAYMENT_METHODS.map((method) => (
                <ForMethod key={method} method={method}>
                  <CheckoutTotal prices={payment.prices[method]} count={summary.count} />
                </ForMethod>
              ))
            ) : (
              <CheckoutTotal prices={cod} count={summary.count} />
            )}
            <button
              type="submit"
              name="intent"
              value="place"
              className="button primary"
              disabled={placeBlocked !== null}
              aria-describedby={placeBlocked ? "place-order-reason" : undefined}
            >
              {payment ? t.placeOrderChoice : t.placeOrder}
            </button>{" "}
            {placeBlocked ? (
              <p id="place-order-reason" className="place-reason">
                {placeBlocked}
              </p>
            ) : null}
            {payment ? null : (
              <Link to="/coming-soon" className="button">
                {t.payOnline}
              </Link>
            )}
          </div>
        </Form>
        <aside className="summary" aria-labelledby="summary-title">
          <h2 id="summary-title">{t.orderSummary}</h2>
          <ul className="summary-lines">
            {lines.map((l) => (
              <li key={`${l.id}-${l.size}`}>
                <span>
                  {lineName(l.name, l.sizeLabel)} × {l.qty}
                  {l.status !== "ok" ? <span className="line-warning">{t.unavailable}</span> : null}
                </span>{" "}
                <span>{formatPaise(l.price * l.qty)}</span>
              </li>
            ))}
          </ul>
          {payment ? (
            PAYMENT_METHODS.map((method) => (
              <ForMethod key={method} method={method}>
                <BreakdownTotals prices={payment.prices[method]} couponCode={couponCode} />
              </ForMethod>
            ))
          ) : (
            <BreakdownTotals prices={cod} couponCode={couponCode} />
          )}
          {showCouponField && !empty ? <CouponField code={couponCode} back="/checkout" /> : null}
          <Link to="/cart">{t.editCart}</Link>
        </aside>
      </div>
    </section>
  );
}
