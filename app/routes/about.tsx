import { Link } from "react-router";
import { metaPageTexts, usePageTexts } from "~/lib/i18n/pages";
import { pageTitle, SHOP_NAME } from "~/lib/shop";
import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = ({ matches }) => {
  const pages = metaPageTexts(matches);
  return [{ title: pageTitle(pages.aboutTitle) }, { name: "description", content: pages.aboutDescription }];
};

export default function About() {
  const pages = usePageTexts();
  return (
    <article className="prose">
      <h1>{pages.aboutTitle}</h1>
      <p>{pages.aboutStudio(SHOP_NAME)}</p>
      <p>{pages.aboutHands}</p>
      <p>
        <Link to="/shop" className="button primary">
          {pages.shopCandles}
        </Link>
      </p>
    </article>
  );
}
