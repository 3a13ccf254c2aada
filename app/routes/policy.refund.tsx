import { DELIVERY_DAYS, DISPATCH_DAYS } from "~/lib/dates";
import { SUPPORT, pageTitle } from "~/lib/shop";
import type { Route } from "./+types/policy.refund";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Refund & Returns") },
  { name: "description", content: "Claims for broken or defective candles, returns and refunds." },
];

export default function Refund() {
  return (
    <article className="prose">
      <h1>Refund &amp; Returns</h1>
      <ul>
        <li>
          Orders are dispatched within {DISPATCH_DAYS} business days and delivered within {DELIVERY_DAYS} business days.
        </li>
        <li>We ship only in India.</li>
        <li>
          Claims for broken or defective items must be made within 7 days of delivery, with an unboxing video showing
          the damage.
        </li>
        <li>Used candles are not returnable.</li>
        <li>Approved refunds are made within 5-7 business days.</li>
      </ul>
      <p>
        To make a claim, write to <a href={`mailto:${SUPPORT.email}`}>{SUPPORT.email}</a> with your order number.
      </p>
    </article>
  );
}
