import { Form } from "react-router";
import { type ConfirmFields, confirmState } from "~/lib/cod-confirm";
import { formatDateTime } from "~/lib/dates";
import { useLanguage } from "~/lib/i18n/messages";
import { usePaymentTexts } from "~/lib/i18n/payments";

/**
 * My Orders' line about a COD order the customer is asked to confirm (issue #38): waiting, with
 * the deadline and a Confirm button (a plain POST to the order's confirm page, whose action checks
 * that this session's customer owns it), or "Confirmed". Nothing for any other order.
 */
export function OrderConfirmation({ order }: { order: ConfirmFields & { id: string; expiresAt: Date | null } }) {
  const p = usePaymentTexts();
  const language = useLanguage();
  const state = confirmState(order);
  if (state === "confirmed")
    return (
      <p className="order-confirm confirmed">
        <span className="paid">{p.confirmedLabel}</span>
      </p>
    );
  if (state !== "unconfirmed") return null;
  return (
    <div className="order-confirm">
      <p>{order.expiresAt ? p.waitingConfirmBy(formatDateTime(order.expiresAt, language)) : p.waitingConfirm}</p>
      <Form method="post" action={`/orders/${order.id}/confirm`}>
        <button type="submit" className="button small primary">
          {p.confirmButton}
        </button>
      </Form>
    </div>
  );
}
