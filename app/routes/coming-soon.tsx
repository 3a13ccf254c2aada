import { Link } from "react-router";
import { metaMessages, useMessages } from "~/lib/i18n/messages";
import { pageTitle } from "~/lib/shop";
import type { Route } from "./+types/coming-soon";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(metaMessages(matches).checkout.comingSoonTitle) },
];

// Served at /pay/online and /coming-soon (both say online payment is not offered yet).
export default function ComingSoon() {
  const t = useMessages().checkout;
  return (
    <section className="narrow">
      <h1>{t.comingSoon}</h1>
      <p>{t.comingSoonText}</p>
      <p>
        <Link to="/checkout" className="button primary">
          {t.backToCheckout}
        </Link>{" "}
        <Link to="/shop" className="button">
          {t.continueShopping}
        </Link>
      </p>
    </section>
  );
}
