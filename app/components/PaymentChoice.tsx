import { useMessages } from "~/lib/i18n/messages";
import { usePaymentTexts } from "~/lib/i18n/payments";
import { formatPaise } from "~/lib/money";
import type { PaymentMethod, PriceBreakdown } from "~/lib/price-breakdown";

export type PaymentOptions = {
  /** Each method's breakdown of this cart. */
  prices: Record<PaymentMethod, PriceBreakdown>;
  /** Above this total cash on delivery is refused; null: no limit. */
  codMax: number | null;
  /** The method checked when the page opens. */
  initial: PaymentMethod;
};

/** Cash on delivery over the limit: only UPI can pay. */
export const codRefused = (o: Pick<PaymentOptions, "prices" | "codMax">) =>
  o.codMax !== null && o.prices.COD.total > o.codMax;

/**
 * How the shopper pays (issue #38), where the shop takes UPI: two radio buttons, each with what it
 * costs, so the choice is clear without JS. The page's totals follow the checked one by CSS
 * (`:has`, app/styles/checkout.css), with JS or without.
 */
export function PaymentChoice({ options, defaultMethod }: { options: PaymentOptions; defaultMethod?: string }) {
  const p = usePaymentTexts();
  const t = useMessages().cart;
  const { COD: cod, UPI: upi } = options.prices;
  const refused = codRefused(options);
  const checked = refused
    ? "UPI"
    : defaultMethod === "UPI" || defaultMethod === "COD"
      ? defaultMethod
      : options.initial;
  return (
    <fieldset className="payment-choice">
      <legend>{p.howToPay}</legend>
      <label className="payment-option">
        <input
          type="radio"
          name="paymentMethod"
          value="COD"
          id="pay-cod"
          defaultChecked={checked === "COD"}
          disabled={refused}
          aria-labelledby="pay-cod-name"
          aria-describedby="pay-cod-note"
        />
        <span>
          <strong id="pay-cod-name">{p.cod}</strong>
          <span id="pay-cod-note" className="muted">
            {refused && options.codMax !== null
              ? p.codUpTo(formatPaise(options.codMax))
              : p.codTotal(formatPaise(cod.total))}
            {!refused && cod.codFee > 0 ? ` · ${t.codFee} ${formatPaise(cod.codFee)}` : ""}
          </span>
        </span>
      </label>
      <label className="payment-option">
        <input
          type="radio"
          name="paymentMethod"
          value="UPI"
          id="pay-upi"
          defaultChecked={checked === "UPI"}
          aria-labelledby="pay-upi-name"
          aria-describedby="pay-upi-note"
        />
        <span>
          <strong id="pay-upi-name">{p.upi}</strong>
          {upi.prepaidDiscount > 0 ? (
            <span className="save-badge">{p.saveWithUpi(formatPaise(upi.prepaidDiscount))}</span>
          ) : null}
          <span id="pay-upi-note" className="muted">
            {p.upiTotal(formatPaise(upi.total))}
          </span>
        </span>
      </label>
    </fieldset>
  );
}

/** What one method costs, shown only while it is the checked one (by CSS; both when CSS is off). */
export function ForMethod({ method, children }: { method: PaymentMethod; children: React.ReactNode }) {
  const p = usePaymentTexts();
  return (
    <div className={`for-method for-${method.toLowerCase()}`}>
      {/* Shown only without CSS (a text browser), where both methods' figures are listed. */}
      <p className="for-caption">{method === "UPI" ? p.upi : p.cod}:</p>
      {children}
    </div>
  );
}
