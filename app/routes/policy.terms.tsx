import { Link } from "react-router";
import { DELIVERY_DAYS, DISPATCH_DAYS } from "~/lib/dates";
import { metaPageTexts, usePageTexts } from "~/lib/i18n/pages";
import { SUPPORT, pageTitle } from "~/lib/shop";
import type { Route } from "./+types/policy.terms";

export const meta: Route.MetaFunction = ({ matches }) => {
  const pages = metaPageTexts(matches);
  return [{ title: pageTitle(pages.termsTitle) }, { name: "description", content: pages.termsDescription }];
};

export default function Terms() {
  const pages = usePageTexts();
  return (
    <article className="prose">
      <h1>{pages.termsTitle}</h1>
      <h2>{pages.termsOrders}</h2>
      <p>{pages.termsPayment}</p>
      <h2>{pages.termsShipping}</h2>
      <p>{pages.termsShippingText(DISPATCH_DAYS, DELIVERY_DAYS)}</p>
      <h2>{pages.termsReturns}</h2>
      <p>
        {pages.termsReturnsBefore}
        <Link to="/policy/refund">{pages.termsReturnsLink}</Link>
        {pages.termsReturnsAfter}
      </p>
      <h2>{pages.termsSafety}</h2>
      <p>{pages.termsSafetyText}</p>
      <p>
        {pages.termsContact}
        <a href={`mailto:${SUPPORT.email}`}>{SUPPORT.email}</a>
      </p>
    </article>
  );
}
