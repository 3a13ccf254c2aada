import { Form } from "react-router";
import { useMessages } from "~/lib/i18n/messages";
import { translateFeedback } from "~/lib/i18n/translate";

/**
 * The coupon code field (issue #39) of the cart and the checkout: a plain form posted to the cart's
 * action (JS off as on), Apply while no code is applied, Remove once one is. `back`: where the
 * cart sends the shopper after (the checkout comes back to itself).
 */
export function CouponField({ code, error, back }: { code: string | null; error?: string | null; back?: string }) {
  const m = useMessages();
  const t = m.cart;
  return (
    <Form method="post" action="/cart" className="coupon-form">
      {back ? <input type="hidden" name="redirectTo" value={back} /> : null}
      {code ? (
        <p className="coupon-applied">
          <span>{t.couponApplied(code)}</span>{" "}
          <button type="submit" name="intent" value="uncoupon" className="button small">
            {t.couponRemove}
          </button>
        </p>
      ) : (
        <>
          <label htmlFor="coupon-code">{t.couponLabel}</label>
          <span className="coupon-row">
            <input
              id="coupon-code"
              name="couponCode"
              type="text"
              autoCapitalize="characters"
              autoComplete="off"
              spellCheck={false}
              maxLength={40}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "coupon-error" : undefined}
            />
            <button type="submit" name="intent" value="coupon" className="button small">
              {t.couponApply}
            </button>
          </span>
          {error ? (
            <span id="coupon-error" className="field-error" role="alert">
              {translateFeedback(m, error)}
            </span>
          ) : null}
        </>
      )}
    </Form>
  );
}
