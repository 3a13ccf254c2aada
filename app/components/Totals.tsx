import { formatPaise } from "~/lib/money";

/** Subtotal, shipping and total, in paise (cart, checkout, order detail). */
export function Totals({ subtotal, shipping, total }: { subtotal: number; shipping: number; total: number }) {
  return (
    <dl>
      <dt>Subtotal</dt>
      <dd>{formatPaise(subtotal)}</dd>
      <dt>Shipping</dt>
      <dd>{formatPaise(shipping)}</dd>
      <dt>Total</dt>
      <dd>
        <strong>{formatPaise(total)}</strong>
      </dd>
    </dl>
  );
}
