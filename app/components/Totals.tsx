import { useMessages } from "~/lib/i18n/messages";
import { formatPaise } from "~/lib/money";

/**
 * Subtotal, what comes off it, shipping, what is added and the total, in paise (cart, checkout,
 * order detail). The UPI discount and the cash-on-delivery fee (issue #38) show only when there is one.
 */
export function Totals({
  subtotal,
  shipping,
  total,
  prepaidDiscount = 0,
  codFee = 0,
}: {
  subtotal: number;
  shipping: number;
  total: number;
  prepaidDiscount?: number;
  codFee?: number;
}) {
  const t = useMessages().cart;
  return (
    <dl>
      <dt>{t.subtotal}</dt>
      <dd>{formatPaise(subtotal)}</dd>
      {prepaidDiscount > 0 ? (
        <>
          <dt>{t.upiDiscount}</dt>
          <dd>−{formatPaise(prepaidDiscount)}</dd>
        </>
      ) : null}
      <dt>{t.shipping}</dt>
      <dd>{formatPaise(shipping)}</dd>
      {codFee > 0 ? (
        <>
          <dt>{t.codFee}</dt>
          <dd>{formatPaise(codFee)}</dd>
        </>
      ) : null}
      <dt>{t.total}</dt>
      <dd>
        <strong>{formatPaise(total)}</strong>
      </dd>
    </dl>
  );
}
