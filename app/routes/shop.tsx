import { data, Form, isRouteErrorResponse, Link, redirect, useSubmit } from "react-router";
import { CollectionPills } from "~/components/CollectionLinks";
import { LoadFailed } from "~/components/LoadFailed";
import { Pagination } from "~/components/Pagination";
import { ProductGrid } from "~/components/ProductCard";
import { SearchIcon } from "~/components/SearchIcon";
import { localizedPath } from "~/lib/i18n/languages";
import { metaLanguage, metaMessages, useMessages } from "~/lib/i18n/messages";
import { translateFeedback } from "~/lib/i18n/translate";
import { breadcrumbJsonLd, originOf, socialMeta } from "~/lib/seo";
import { pageTitle } from "~/lib/shop";
import { PAGE_SIZES, parseShopQuery, shopHref, sortOptions, sortSelectValue } from "~/lib/shop-query";
import { cardView } from "~/models/catalogue/cards.server";
import { collectionLinks } from "~/models/catalogue/collections.server";
import { listProducts } from "~/models/catalogue/products.server";
import { cardsWithSizes } from "~/models/catalogue/sizes.server";
import { requestLanguage } from "~/utils/language.server";
import { hit, RateLimited, tooManyPage } from "~/utils/rate-limit.server";
import { ipOf } from "~/utils/request-context.server";
import { useErrorToast } from "~/utils/use-error-toast";
import type { Route } from "./+types/shop";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const origin = originOf(matches);
  const t = metaMessages(matches);
  const language = metaLanguage(matches);
  const q = loaderData?.query.q;
  // A collection's page (issue #37) is a page of its own: its name, description, picture and URL.
  const collection = loaderData?.collection;
  const shopTitle = collection ? pageTitle(collection.name, t.shop.title) : pageTitle(t.shop.title);
  const description = collection
    ? collection.description || t.shop.collectionDescription(collection.name)
    : t.shop.description;
  const shopPath = localizedPath(language, "/shop");
  const path = collection ? `${shopPath}?collection=${encodeURIComponent(collection.slug)}` : shopPath;
  return [
    { title: q ? pageTitle(t.shop.searchTitle(q), ...(collection ? [collection.name] : []), t.shop.title) : shopTitle },
    { name: "description", content: description },
    // Search results are for the shopper who asked, not for an index (issue #25); so is a
    // collection that does not exist.
    ...(q || loaderData?.unknownCollection ? [{ name: "robots", content: "noindex, follow" }] : []),
    ...socialMeta({
      origin,
      path,
      title: shopTitle,
      description,
      image: collection?.image || loaderData?.items.find((p) => p.image)?.image,
    }),
    breadcrumbJsonLd(origin, [
      { name: t.nav.home, path: localizedPath(language, "/") },
      { name: t.nav.shop, path: shopPath },
      ...(collection ? [{ name: collection.name, path }] : []),
    ]),
  ];
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = parseShopQuery(new URL(request.url).searchParams);
  if (query.q) {
    await hit("search", ipOf(context)).catch((error: unknown) => {
      throw error instanceof RateLimited ? tooManyPage(error) : error;
    });
  }
  const language = requestLanguage(request);
  const [result, collections] = await Promise.all([listProducts(query, language), collectionLinks(language)]);
  // Past the last page (a stale link): go to the last one rather than show nothing.
  if (result.totalPages > 0 && query.page > result.totalPages) {
    throw redirect(shopHref(query, { page: result.totalPages }));
  }
  const collection = query.collection ? (collections.find((c) => c.slug === query.collection) ?? null) : undefined;
  // The cards show a few fields of each product: only those go into the page's loader data. The
  // collections' fields only when there are some: without, the page is byte for byte as before.
  const page = {
    query,
    ...result,
    items: await cardsWithSizes(result.items.map(cardView)),
    ...(collections.length ? { collections: collections.map(({ slug, name, image }) => ({ slug, name, image })) } : {}),
    ...(collection ? { collection, canonicalSearch: `?collection=${encodeURIComponent(collection.slug)}` } : {}),
    ...(collection === null ? { unknownCollection: true } : {}),
  };
  // A collection no one has: the page says so, under 404 (a stale link, a typo), never a 500.
  return collection === null ? data(page, { status: 404 }) : page;
}

export default function Shop({ loaderData }: Route.ComponentProps) {
  const { query, items, page, totalPages, totalItems, suggestion, collections, collection, unknownCollection } =
    loaderData;
  const submit = useSubmit();
  const t = useMessages().shop;
  const sizes: number[] = PAGE_SIZES.includes(query.limit as never)
    ? [...PAGE_SIZES]
    : [...PAGE_SIZES, query.limit].sort((a, b) => a - b);
  return (
    <section className="shop">
      <div className="shop-head">
        <h1>{collection ? collection.name : t.title}</h1>
        <p className="muted" aria-live="polite">
          {totalItems} {t.products(totalItems)}
          {query.q ? t.forQuery(query.q) : ""}
          {totalPages > 1 ? t.pageOf(page, totalPages) : ""}
        </p>
      </div>
      {collection?.description ? <p className="collection-intro">{collection.description}</p> : null}
      {collections ? (
        <CollectionPills
          collections={collections}
          current={query.collection ?? ""}
          href={(slug) => shopHref(query, { collection: slug, page: 1 })}
        />
      ) : null}
      {/* Issue #21: one compact bar, so products show on a phone's first screen. A GET form without
          a page field: any change starts again at page 1. With JS a select submits on change;
          without JS, Apply (or Search) sends all three. */}
      <Form method="get" action="/shop" className="shop-bar" role="search">
        {/* The collection stays when the search, sort or page size changes (issue #37). */}
        {query.collection ? <input type="hidden" name="collection" value={query.collection} /> : null}
        <div className="shop-search">
          <label htmlFor="shop-q" className="visually-hidden">
            {t.search}
          </label>
          {/* Keyed by the query, so a link to another search (Did you mean, Clear search) shows its text. */}
          <input
            key={query.q}
            id="shop-q"
            type="search"
            name="q"
            defaultValue={query.q}
            placeholder={t.searchPlaceholder}
            maxLength={100}
          />
          <button type="submit" className="button icon-button">
            <SearchIcon />
            <span className="visually-hidden">{t.search}</span>
          </button>
        </div>
        <div className="shop-controls">
          <label className="inline-field">
            <span>{t.sort}</span>
            {/* Keyed by the query: its options and default change with the search (a client navigation
                would otherwise keep the old choice). */}
            <select
              key={`${query.q}\u0000${sortSelectValue(query)}`}
              id="shop-sort"
              name="sort"
              defaultValue={sortSelectValue(query)}
              onChange={(e) => submit(e.currentTarget.form)}
            >
              {sortOptions(query.q, t.sortLabels).map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </label>
          <label className="inline-field">
            <span>{t.perPage}</span>
            <select
              id="shop-limit"
              name="limit"
              defaultValue={String(query.limit)}
              onChange={(e) => submit(e.currentTarget.form)}
            >
              {sizes.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </label>
          {/* In <noscript>, not hidden once hydrated: the row it takes would vanish under the cards (layout shift). */}
          <noscript>
            <button type="submit" className="button">
              {t.apply}
            </button>
          </noscript>
        </div>
      </Form>
      {suggestion ? (
        <p className="did-you-mean">
          {t.didYouMean}
          <Link to={shopHref(query, { q: suggestion, page: 1 })}>{suggestion}</Link>
          {t.didYouMeanEnd}
        </p>
      ) : null}
      {unknownCollection || (items.length === 0 && query.collection && !query.q) ? (
        <div className="empty">
          <p>{unknownCollection ? t.noSuchCollection : t.emptyCollection}</p>
          <Link to={shopHref(query, { collection: "", q: "", page: 1 })} className="button">
            {t.showAll}
          </Link>
        </div>
      ) : items.length === 0 ? (
        <div className="empty">
          <p>{t.noMatch}</p>
          <Link to={shopHref(query, { q: "", page: 1 })} className="button">
            {t.clearSearch}
          </Link>
        </div>
      ) : (
        <>
          <h2 className="visually-hidden">{t.productsHeading}</h2>
          <ProductGrid products={items} eagerCount={4} />
        </>
      )}
      <Pagination page={page} totalPages={totalPages} href={(n) => shopHref(query, { page: n })} />
    </section>
  );
}

/** A failed product list says the server's message, or 'Failed to load products'. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const said = isRouteErrorResponse(error) ? (error.data as { message?: unknown } | string | null) : null;
  const t = useMessages();
  const message =
    typeof said === "string" ? said : typeof said?.message === "string" ? said.message : t.shop.loadFailed;
  useErrorToast(error);
  return <LoadFailed title={t.shop.title} message={translateFeedback(t, message)} retryHref="/shop" />;
}
