import { metaMessages, useMessages } from "~/lib/i18n/messages";
import { SUPPORT, pageTitle } from "~/lib/shop";
import type { Route } from "./+types/policy.privacy";

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaMessages(matches);
  return [{ title: pageTitle(t.pages.privacyTitle) }, { name: "description", content: t.pages.privacyDescription }];
};

export default function Privacy() {
  const t = useMessages();
  return (
    <article className="prose">
      <h1>{t.pages.privacyTitle}</h1>
      <p>{t.pages.privacyCollect}</p>
      <p>{t.pages.privacyCookies}</p>
      <p>{t.pages.privacyShipping}</p>
      <p>
        {t.pages.privacyContact}
        <a href={`mailto:${SUPPORT.email}`}>{SUPPORT.email}</a>
        {t.pages.privacyContactAfter}
      </p>
    </article>
  );
}
