import { DELIVERY_DAYS, DISPATCH_DAYS } from "~/lib/dates";
import { metaMessages, useMessages } from "~/lib/i18n/messages";
import { SUPPORT, pageTitle } from "~/lib/shop";
import type { Route } from "./+types/policy.refund";

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaMessages(matches);
  return [{ title: pageTitle(t.pages.refundTitle) }, { name: "description", content: t.pages.refundDescription }];
};

export default function Refund() {
  const t = useMessages();
  return (
    <article className="prose">
      <h1>{t.pages.refundTitle}</h1>
      <ul>
        <li>{t.pages.refundDispatch(DISPATCH_DAYS, DELIVERY_DAYS)}</li>
        <li>{t.pages.refundIndia}</li>
        <li>{t.pages.refundClaims}</li>
        <li>{t.pages.refundUsed}</li>
        <li>{t.pages.refundTime}</li>
      </ul>
      <p>
        {t.pages.refundContact}
        <a href={`mailto:${SUPPORT.email}`}>{SUPPORT.email}</a>
        {t.pages.refundContactAfter}
      </p>
    </article>
  );
}
