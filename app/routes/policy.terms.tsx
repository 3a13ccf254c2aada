import { Link } from "react-router";
import { DELIVERY_DAYS, DISPATCH_DAYS } from "~/lib/dates";
import { metaMessages, useMessages } from "~/lib/i18n/messages";
import { SUPPORT, pageTitle } from "~/lib/shop";
import type { Route } from "./+types/policy.terms";

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaMessages(matches);
  return [{ title: pageTitle(t.pages.termsTitle) }, { name: "description", content: t.pages.termsDescription }];
};

export default function Terms() {
  const t = useMessages();
  return (
    <article className="prose">
      <h1>{t.pages.termsTitle}</h1>
      <h2>{t.pages.termsOrders}</h2>
      <p>{t.pages.termsPayment}</p>
      <h2>{t.pages.termsShipping}</h2>
      <p>{t.pages.termsShippingText(DISPATCH_DAYS, DELIVERY_DAYS)}</p>
      <h2>{t.pages.termsReturns}</h2>
      <p>
        {t.pages.termsReturnsBefore}
        <Link to="/policy/refund">{t.pages.termsReturnsLink}</Link>
        {t.pages.termsReturnsAfter}
      </p>
      <h2>{t.pages.termsSafety}</h2>
      <p>{t.pages.termsSafetyText}</p>
      <p>
        {t.pages.termsContact}
        <a href={`mailto:${SUPPORT.email}`}>{SUPPORT.email}</a>
      </p>
    </article>
  );
}
