import { useMessages } from "~/lib/i18n/messages";
import { formatPaise } from "~/lib/money";

/** Subtotal, shipping and total, in paise (cart, checkout, order detail). */
export function Totals({ subtotal, shipping, total }: { subtotal: number; shipping: number; total: number }) {
  const t = useMessages().cart;
  return (
    <dl>
      <dt>{t.subtotal}</dt>
      <dd>{formatPaise(subtotal)}</dd>
      <dt>{t.shipping}</dt>
      <dd>{formatPaise(shipping)}</dd>
      <dt>{t.total}</dt>
      <dd>
        <strong>{formatPaise(total)}</strong>
      </dd>
    </dl>
  );
}
