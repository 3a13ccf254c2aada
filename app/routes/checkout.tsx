import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useEffect } from "react";
import { Form, Link, redirect, type ShouldRevalidateFunction } from "react-router";
import { Field, FormAlert } from "~/components/Field";
import { Totals } from "~/components/Totals";
import { CART_EMPTY, CHECKOUT_INCOMPLETE, checkoutSchema, PHONE_HINT_CHECKOUT } from "~/lib/checkout-schema";
import { gstStateByName } from "~/lib/gst-states";
import { formatPaise } from "~/lib/money";
import { pageTitle } from "~/lib/shop";
import { requireUser } from "~/models/accounts/auth.server";
import { digitsOnly, fillCityState, resolvePin } from "~/models/addresses/city-state.server";
import { pinState } from "~/models/addresses/supply-state.server";
import { cartLines, cartSummary, commitCart, readCart } from "~/models/cart/cart.server";
import { submitOrder } from "~/models/flows/place-order.server";
import { isIdempotencyKey } from "~/models/orders/idempotency.server";
import { OrderError } from "~/models/orders/order-error.server";
import { formFields, readForm, refused } from "~/utils/http.server";
import { newId } from "~/utils/id.server";
import { requestLanguage } from "~/utils/language.server";
import { RateLimited } from "~/utils/rate-limit.server";
import { flashToast } from "~/utils/toast.server";
import { useHydrated } from "~/utils/use-hydrated";
import { usePinLookup } from "~/utils/use-pin-lookup";
import type { Route } from "./+types/checkout";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Checkout") },
  { name: "robots", content: "noindex" },
];

const UNAVAILABLE = "Some items in your cart are no longer available. Please review your cart.";
const FORM_OUT_OF_DATE = "This checkout form is out of date. Please reload the page and place your order again.";
const PIN_CHECK = "Please check the PIN.";
const PIN_LOOKING_UP = "Looking up your PIN…";
const statePutFromPin = (pin: string, state: string) =>
  `PIN ${pin} is in ${state}, so we have put ${state} as the state. Please check your address and place the order again.`;

/** The checkout fields' labels, in the form's order: the disabled Place Order names what is missing. */
const FIELD_LABELS: Record<string, string> = {
  name: "Name",
  email: "Email",
  phone: "Phone",
  address: "Address",
  pin: "PIN",
  city: "City",
  state: "State",
};

/** The fields the form still needs (empty or not valid), by their labels. */
function missingFields(value: unknown): string[] {
  const parsed = checkoutSchema.safeParse(value ?? {});
  if (parsed.success) return [];
  const names = new Set(parsed.error.issues.map((i) => String(i.path[0])));
  return Object.keys(FIELD_LABELS)
    .filter((n) => names.has(n))
    .map((n) => FIELD_LABELS[n]!);
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
const CHECKOUT_FIELDS = formFields(checkoutSchema, { intent: 1, [ORDER_TOKEN]: 1, [PIN_STATE_NOTED]: 1 });

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
  headers.append("Set-Cookie", await flashToast(request, { type: "success", title: "Order placed!" }));
  return redirect(`/thank-you?o=${orderId}`, { headers });
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const lines = await cartLines(await readCart(request), requestLanguage(request));
  return {
    lines,
    summary: cartSummary(lines),
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

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
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
  const submitted = await submitOrder(user.id, token ?? undefined, requestLanguage(request));
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
  if (token === null) return refused(submission.reply({ formErrors: [FORM_OUT_OF_DATE] }), 409);
  const lines = await cartLines(await readCart(request));
  if (lines.length === 0) return refused(submission.reply({ formErrors: [CART_EMPTY] }), 409);
  if (!cartSummary(lines).canCheckout) return refused(submission.reply({ formErrors: [UNAVAILABLE] }), 409);
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
        ...noted.reply({ formErrors: [statePutFromPin(submission.value.pin, fromPin.name)] }),
        stateFromPin: fromPin.name,
      },
      400,
    );
  }
  const { name, email, phone, address, city, state } = submission.value;
  let order;
  try {
    order = await submitted.place({
      contact: { name, email, phone },
      shippingAddress: { address, city, state, pin: submission.value.pin },
      items: lines.map((l) => ({ product: l.id, qty: l.qty })),
    });
  } catch (error) {
    if (error instanceof OrderError) return refused(submission.reply({ formErrors: [error.message] }), 409);
    if (error instanceof RateLimited) return refused(submission.reply({ formErrors: [error.message] }), 429);
    throw error;
  }
  return orderPlaced(request, order.id);
}

/** Why Place Order is disabled (with JS), said under it; null when the order can go. */
function placeOrderBlocked(state: {
  empty: boolean;
  canCheckout: boolean;
  pinPending: boolean;
  pinError: boolean;
  missing: string[];
}): string | null {
  if (state.empty) return CART_EMPTY;
  if (!state.canCheckout) return UNAVAILABLE;
  if (state.pinPending) return PIN_LOOKING_UP;
  if (state.pinError) return PIN_CHECK;
  if (state.missing.length > 0) return `${CHECKOUT_INCOMPLETE}: ${state.missing.join(", ")}.`;
  return null;
}

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const { lines, summary, defaults, orderToken } = loaderData;
  const [form, fields] = useForm({
    lastResult: actionData,
    defaultValue: { ...defaults, address: "", city: "", state: "", pin: "" },
    constraint: getZodConstraint(checkoutSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: checkoutSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const hydrated = useHydrated();

  // With JS, the PIN is looked up as soon as it has 6 digits.
  const pin = usePinLookup((place) => {
    form.update({ name: fields.city.name, value: place?.city ?? "" });
    form.update({ name: fields.state.name, value: place?.state ?? "" });
  });

  const empty = lines.length === 0;
  // Without JS the button must stay usable: the server answers with the messages of what is missing. With JS it
  // is disabled until the order can go, and the reason is said under it (issue #21).
  const placeBlocked = hydrated
    ? placeOrderBlocked({
        empty,
        canCheckout: summary.canCheckout,
        pinPending: pin.pending !== null,
        pinError: pin.error !== null,
        missing: missingFields(form.value),
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

  return (
    <section>
      <h1>Checkout</h1>
      {empty ? (
        <p className="form-alert" role="alert">
          {CART_EMPTY}. <Link to="/shop">Go to Shop</Link>
        </p>
      ) : null}
      <div className="cart">
        <Form method="post" {...getFormProps(form)} className="checkout-form">
          <FormAlert message={form.errors?.[0]} />
          <input type="hidden" name={ORDER_TOKEN} value={orderToken} />
          {typeof notedPin === "string" ? <input type="hidden" name={PIN_STATE_NOTED} value={notedPin} /> : null}
          <fieldset>
            <legend>Contact</legend>
            <Field label="Name" id={fields.name.id} errorId={fields.name.errorId} errors={fields.name.errors}>
              <input {...getInputProps(fields.name, { type: "text" })} autoComplete="name" />
            </Field>
            <Field label="Email" id={fields.email.id} errorId={fields.email.errorId} errors={fields.email.errors}>
              <input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" />
            </Field>
            <Field
              label="Phone"
              id={fields.phone.id}
              errorId={fields.phone.errorId}
              descriptionId={fields.phone.descriptionId}
              errors={fields.phone.errors}
              hint={PHONE_HINT_CHECKOUT}
            >
              <input
                {...getInputProps(fields.phone, { type: "tel", ariaDescribedBy: fields.phone.descriptionId })}
                autoComplete="tel"
                inputMode="tel"
              />
            </Field>
          </fieldset>
          <fieldset>
            <legend>Shipping address</legend>
            <Field
              label="Address"
              id={fields.address.id}
              errorId={fields.address.errorId}
              errors={fields.address.errors}
            >
              <textarea {...getTextareaProps(fields.address)} rows={3} autoComplete="street-address" />
            </Field>
            <Field label="PIN" id={fields.pin.id} errorId={fields.pin.errorId} errors={pinErrors}>
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
                    <span className="muted">Looking up…</span>
                  ) : null
                ) : (
                  <button type="submit" name="intent" value="lookup" formNoValidate className="button small">
                    Look up
                  </button>
                )}
              </div>
            </Field>
            <Field label="City" id={fields.city.id} errorId={fields.city.errorId} errors={fields.city.errors}>
              <input {...getInputProps(fields.city, { type: "text" })} autoComplete="address-level2" />
            </Field>
            <Field label="State" id={fields.state.id} errorId={fields.state.errorId} errors={fields.state.errors}>
              <input {...getInputProps(fields.state, { type: "text" })} autoComplete="address-level1" />
            </Field>
          </fieldset>
          <div className="checkout-actions">
            {/* Issue #21: on a phone the summary is below the form; the total is said above the button. */}
            {empty ? null : (
              <p className="checkout-total">
                <span>
                  Total <strong>{formatPaise(summary.total)}</strong>
                </span>{" "}
                <span className="muted">
                  (incl. shipping {formatPaise(summary.shipping)}) ·{" "}
                  {summary.count === 1 ? "1 item" : `${summary.count} items`}
                </span>
              </p>
            )}
            <button
              type="submit"
              name="intent"
              value="place"
              className="button primary"
              disabled={placeBlocked !== null}
              aria-describedby={placeBlocked ? "place-order-reason" : undefined}
            >
              Place Order (Cash on Delivery)
            </button>{" "}
            {placeBlocked ? (
              <p id="place-order-reason" className="place-reason">
                {placeBlocked}
              </p>
            ) : null}
            <Link to="/coming-soon" className="button">
              Pay Online (Coming Soon)
            </Link>
          </div>
        </Form>
        <aside className="summary" aria-labelledby="summary-title">
          <h2 id="summary-title">Order summary</h2>
          <ul className="summary-lines">
            {lines.map((l) => (
              <li key={l.id}>
                <span>
                  {l.name} × {l.qty}
                  {l.status !== "ok" ? <span className="line-warning"> (unavailable)</span> : null}
                </span>{" "}
                <span>{formatPaise(l.price * l.qty)}</span>
              </li>
            ))}
          </ul>
          <Totals subtotal={summary.subtotal} shipping={summary.shipping} total={summary.total} />
          <Link to="/cart">Edit cart</Link>
        </aside>
      </div>
    </section>
  );
}
