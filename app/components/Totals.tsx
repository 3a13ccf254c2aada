import { useMessages } from "~/lib/i18n/messages";
import { formatPaise } from "~/lib/money";

/**
 * Subtotal, what comes off it, shipping, what is added and the total, in paise (cart, checkout,
 * order detail). A coupon code (issue #39), the UPI discount and the cash-on-delivery fee (issue #38)
 * show only when there is one.
 */
export function Totals({
  subtotal,
  shipping,
  total,
  prepaidDiscount = 0,
  codFee = 0,
  couponCode = null,
  couponDiscount = 0,
}: {
  subtotal: number;
  shipping: number;
  total: number;
  prepaidDiscount?: number;
  codFee?: number;
  /** Issue #39: the applied code and what it takes off the goods. */
  couponCode?: string | null;
  couponDiscount?: number;
}) {
  const t = useMessages().cart;
  return (
    <dl>
      <dt>{t.subtotal}</dt>
      <dd>{formatPaise(subtotal)}</dd>
      {couponCode ? (
        <>
          <dt>{t.couponLine(couponCode)}</dt>
          <dd>−{formatPaise(couponDiscount)}</dd>
        </>
      ) : null}
      {prepaidDiscount > 0 ? (
        <>
          <dt>{t.upiDiscount}</dt>
          <dd>−{formatPaise(prepaidDiscount)}</dd>
        </>
      ) : null}
      <dt>{t.shipping}</dt>
      {/* A free-shipping code (issue #39) is the only way goods ship for nothing. */}
      <dd>{shipping === 0 && subtotal > 0 ? t.freeShipping : formatPaise(shipping)}</dd>
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
