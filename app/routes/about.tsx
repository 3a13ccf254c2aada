import { Link } from "react-router";
import { metaMessages, useMessages } from "~/lib/i18n/messages";
import { pageTitle, SHOP_NAME } from "~/lib/shop";
import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaMessages(matches);
  return [{ title: pageTitle(t.pages.aboutTitle) }, { name: "description", content: t.pages.aboutDescription }];
};

export default function About() {
  const t = useMessages();
  return (
    <article className="prose">
      <h1>{t.pages.aboutTitle}</h1>
      <p>{t.pages.aboutStudio(SHOP_NAME)}</p>
      <p>{t.pages.aboutHands}</p>
      <p>
        <Link to="/shop" className="button primary">
          {t.pages.shopCandles}
        </Link>
      </p>
    </article>
  );
}
