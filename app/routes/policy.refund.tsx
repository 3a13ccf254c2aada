import { DELIVERY_DAYS, DISPATCH_DAYS } from "~/lib/dates";
import { metaPageTexts, usePageTexts } from "~/lib/i18n/pages";
import { SUPPORT, pageTitle } from "~/lib/shop";
import type { Route } from "./+types/policy.refund";

export const meta: Route.MetaFunction = ({ matches }) => {
  const pages = metaPageTexts(matches);
  return [{ title: pageTitle(pages.refundTitle) }, { name: "description", content: pages.refundDescription }];
};

export default function Refund() {
  const pages = usePageTexts();
  return (
    <article className="prose">
      <h1>{pages.refundTitle}</h1>
      <ul>
        <li>{pages.refundDispatch(DISPATCH_DAYS, DELIVERY_DAYS)}</li>
        <li>{pages.refundIndia}</li>
        <li>{pages.refundClaims}</li>
        <li>{pages.refundUsed}</li>
        <li>{pages.refundTime}</li>
      </ul>
      <p>
        {pages.refundContact}
        <a href={`mailto:${SUPPORT.email}`}>{SUPPORT.email}</a>
        {pages.refundContactAfter}
      </p>
    </article>
  );
}
