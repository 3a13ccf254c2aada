import { Link } from "react-router";
import { CollectionCards } from "~/components/CollectionLinks";
import { HeroCarousel } from "~/components/HeroCarousel";
import { ProductGrid } from "~/components/ProductCard";
import { localizedPath } from "~/lib/i18n/languages";
import { metaLanguage, metaMessages, useMessages } from "~/lib/i18n/messages";
import { organizationJsonLd, originOf, socialMeta } from "~/lib/seo";
import { SHOP_NAME } from "~/lib/shop";
import { BEST_SELLERS } from "~/lib/shop-query";
import { cardView } from "~/models/catalogue/cards.server";
import { collectionLinks } from "~/models/catalogue/collections.server";
import { topRated } from "~/models/catalogue/products.server";
import { cardsWithSizes } from "~/models/catalogue/sizes.server";
import { requestLanguage } from "~/utils/language.server";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const origin = originOf(matches);
  const t = metaMessages(matches).home;
  const title = `${SHOP_NAME} · ${t.tagline}`;
  return [
    { title },
    { name: "description", content: t.description },
    ...socialMeta({
      origin,
      path: localizedPath(metaLanguage(matches), "/"),
      title,
      description: t.description,
      image: loaderData?.bestSellers.find((p) => p.image)?.image,
    }),
    organizationJsonLd(origin),
  ];
};

export async function loader({ request }: Route.LoaderArgs) {
  const language = requestLanguage(request);
  const [bestSellers, collections] = await Promise.all([topRated(BEST_SELLERS, language), collectionLinks(language)]);
  return {
    bestSellers: await cardsWithSizes(bestSellers.map(cardView)),
    // Only when there are some (issue #37): without, the page is byte for byte as before.
    ...(collections.length ? { collections: collections.map(({ slug, name, image }) => ({ slug, name, image })) } : {}),
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const t = useMessages().home;
  return (
    <>
      <HeroCarousel />
      <section className="why" aria-labelledby="why-title">
        <h2 id="why-title">{t.whyTitle}</h2>
        <ul>
          <li>{t.whyNatural}</li>
          <li>{t.whyWicks}</li>
          <li>{t.whyHandPoured}</li>
          <li>{t.whyCod}</li>
        </ul>
        <p className="actions">
          <Link to="/shop" className="button primary">
            {t.shopNow}
          </Link>{" "}
          <a href="#best-sellers" className="button">
            {t.bestSellers}
          </a>
        </p>
      </section>
      {loaderData.collections ? <CollectionCards collections={loaderData.collections} eagerCount={2} /> : null}
      <section id="best-sellers" aria-labelledby="best-title">
        <h2 id="best-title">{t.bestSellers}</h2>
        <ProductGrid products={loaderData.bestSellers} />
      </section>
    </>
  );
}
