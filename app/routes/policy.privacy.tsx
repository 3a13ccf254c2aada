import { metaPageTexts, usePageTexts } from "~/lib/i18n/pages";
import { SUPPORT, pageTitle } from "~/lib/shop";
import type { Route } from "./+types/policy.privacy";

export const meta: Route.MetaFunction = ({ matches }) => {
  const pages = metaPageTexts(matches);
  return [{ title: pageTitle(pages.privacyTitle) }, { name: "description", content: pages.privacyDescription }];
};

export default function Privacy() {
  const pages = usePageTexts();
  return (
    <article className="prose">
      <h1>{pages.privacyTitle}</h1>
      <p>{pages.privacyCollect}</p>
      <p>{pages.privacyCookies}</p>
      <p>{pages.privacyShipping}</p>
      <p>
        {pages.privacyContact}
        <a href={`mailto:${SUPPORT.email}`}>{SUPPORT.email}</a>
        {pages.privacyContactAfter}
      </p>
    </article>
  );
}
