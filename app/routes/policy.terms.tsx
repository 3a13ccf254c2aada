import { Link } from "react-router";
import { DELIVERY_DAYS, DISPATCH_DAYS } from "~/lib/dates";
import { SUPPORT, pageTitle } from "~/lib/shop";
import type { Route } from "./+types/policy.terms";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Terms") },
  { name: "description", content: "Terms of sale: orders, cash on delivery, shipping within India." },
];

export default function Terms() {
  return (
    <article className="prose">
      <h1>Terms</h1>
      <h2>Orders and payment</h2>
      <p>
        Prices are in Indian rupees and include taxes. Orders are paid by cash on delivery; online payment is coming
        soon. A flat shipping charge of ₹49 applies to every order.
      </p>
      <h2>Shipping</h2>
      <p>
        We ship only within India. Orders are dispatched within {DISPATCH_DAYS} business days and delivered within{" "}
        {DELIVERY_DAYS} business days of dispatch.
      </p>
      <h2>Returns</h2>
      <p>
        Broken or defective items are covered by our <Link to="/policy/refund">Refund &amp; Returns policy</Link>.
      </p>
      <h2>Candle safety</h2>
      <p>Never leave a burning candle unattended; keep it away from children, pets and anything that can catch fire.</p>
      <p>
        Contact: <a href={`mailto:${SUPPORT.email}`}>{SUPPORT.email}</a>
      </p>
    </article>
  );
}
