import { and, asc, desc, eq, exists, inArray, isNull, sql } from "drizzle-orm";
import { catalogueVersion, db, dialect, prepared } from "~/db/client.server";
import { productCollections, productImages, products, reviews } from "~/db/schema";
import { relevanceOrder, searchClause, type SearchParams } from "~/db/search.server";
import { type HindiTexts, inLanguage } from "~/lib/catalogue-text";
import type { Language } from "~/lib/i18n/languages";
import { ADMIN_MAX_LIMIT, clampInt, cleanSearch, DEFAULT_LIMIT, MAX_PAGE, type ShopQuery } from "~/lib/shop-query";
import { cardColumns, type ProductCard } from "~/models/catalogue/cards.server";
import { collectionBySlug } from "~/models/catalogue/collections.server";
import { searchPlan, suggestFor } from "~/models/catalogue/search.server";

const live = isNull(products.deletedAt);

const SORT_COLUMNS = { createdAt: products.createdAt, price: products.price, rating: products.rating } as const;

/** The Hindi texts beside the card's (issue #36): read by the pages' queries, turned into `name`/`description` by inLanguage. */
const textColumns = { ...cardColumns, nameHi: products.nameHi, descriptionHi: products.descriptionHi };

type ProductRow = ProductCard & HindiTexts;

export type ProductPage = {
  items: ProductCard[];
  page: number;
  totalPages: number;
  totalItems: number;
  /** "Did you mean …?": a query to offer when this one found nothing, or found only typo matches. */
  suggestion: string | null;
};

/**
 * Whether a listing searches: "words" when its query has words to match (app/db/search.server.ts),
 * "words_hi" on a Hindi page, which finds products by their Hindi texts too.
 */
type SearchKind = "none" | "words" | "words_hi";
const searchKind = (language: Language): SearchKind => (language === "en" ? "words" : "words_hi");
/**
 * How a listing keeps to a collection (issue #37), the placeholder `collection` being its id:
 * - "walk": along the sort index (or the search's matches), each product looked up in
 *   product_collections' primary key (EXISTS). A page near the start of a big collection costs
 *   what /shop's does: 12 products of a collection holding a sixth of the shop are found in ~72 steps.
 * - "set": the collection's rows first (IN), then sorted. What a small collection, or a page deep
 *   in one, costs least with: the walk would pass over most of the catalogue.
 * Both planners (SQLite's, PostgreSQL's) otherwise pick the set for a big collection too, and sort
 * a sixth of the catalogue for every page (100 ms at 100,000 products on SQLite).
 */
type CollectionFilter = "none" | "walk" | "set";
const collectionClause = (how: CollectionFilter) => {
  if (how === "none") return undefined;
  const rows = (where: ReturnType<typeof eq>) =>
    db.select({ id: productCollections.productId }).from(productCollections).where(where);
  const inThis = eq(productCollections.collectionId, sql.placeholder("collection"));
  return how === "set"
    ? inArray(products.id, rows(inThis))
    : exists(rows(and(inThis, eq(productCollections.productId, products.id))!));
};
const whereOf = (kind: SearchKind, collection: CollectionFilter) =>
  and(
    live,
    kind === "none" ? undefined : searchClause(kind === "words_hi" ? "hi" : "en"),
    collectionClause(collection),
  );

// Totals are cached until the catalogue changes (catalogueVersion, from any connection). Counting
// 100,000 rows per page view is what made deep catalogues slower than small ones.
let countVersion = -1;
const counts = new Map<string, number>();
// A search that finds this many products or more ranks them all to show one page (over 80 ms at
// 100,000 products on SQLite, where the query holds the worker): its pages are kept beside the
// counts, so a broad word many shoppers type ("candle") is ranked once per catalogue version.
const BROAD = 1_000;
const broadPages = new Map<string, ProductRow[]>();

/** Forgets counts and kept pages when the catalogue has changed since they were read. */
function sameCatalogue(): void {
  const version = catalogueVersion();
  if (version === countVersion) return;
  counts.clear();
  broadPages.clear();
  countVersion = version;
}

// The listing's queries come in a few shapes (kind of search × sort column × direction), each
// built and prepared once per process instead of on every page view.
type CountParams = { match?: string; size?: string; collection?: string };
const countStatements = new Map<string, (params: CountParams) => Promise<{ n: number | string }[]>>();
function countStatement(kind: SearchKind, collection: boolean) {
  const key = `${kind}${collection ? "_collection" : ""}`;
  // Counting reads every row of the collection anyway: the set, once per catalogue version.
  let statement = countStatements.get(key);
  if (!statement) {
    statement = prepared(
      `count_products_${key}`,
      db
        .select({ n: sql<number | string>`count(*)` })
        .from(products)
        .where(whereOf(kind, collection ? "set" : "none")),
    );
    countStatements.set(key, statement);
  }
  return statement;
}

/**
 * Live products matching `match` or whose size is `size` (all of them without a match), in the
 * collection with id `collection` when given, on a page in `language`, cached per catalogue version.
 */
async function countProducts(
  match: string | undefined,
  language: Language,
  size = "",
  collection?: string,
): Promise<number> {
  sameCatalogue();
  const kind = match === undefined ? "none" : searchKind(language);
  const key = JSON.stringify([kind, match ?? "", size, collection ?? ""]);
  let n = counts.get(key);
  if (n === undefined) {
    // PostgreSQL's count(*) is a bigint, which node-postgres gives as text.
    const params = {
      ...(match === undefined ? {} : { match, size }),
      ...(collection === undefined ? {} : { collection }),
    };
    n = Number((await countStatement(kind, collection !== undefined)(params))[0]?.n ?? 0);
    if (counts.size > 1000) counts.clear();
    counts.set(key, n);
  }
  return n;
}

type PageParams = Partial<SearchParams> & { limit: number; offset: number; collection?: string };
const pageStatements = new Map<string, (params: PageParams) => Promise<ProductRow[]>>();
function pageStatement(kind: SearchKind, sort: ShopQuery["sort"], ascending: boolean, collection: CollectionFilter) {
  // Best match needs a query; without one the listing is the newest first.
  const relevance = sort === "relevance" && kind !== "none";
  const column = sort === "relevance" ? products.createdAt : SORT_COLUMNS[sort];
  const name =
    (relevance ? `product_page_${kind}_relevance` : `product_page_${kind}_${sort}_${ascending ? "asc" : "desc"}`) +
    (collection === "none" ? "" : `_collection_${collection}`);
  let statement = pageStatements.get(name);
  if (!statement) {
    const direction = ascending ? asc : desc;
    statement = prepared(
      name,
      db
        .select(textColumns)
        .from(products)
        .where(whereOf(kind, collection))
        .orderBy(
          ...(relevance
            ? relevanceOrder(kind === "words_hi" ? "hi" : "en")
            : [direction(column), direction(products.id)]),
        )
        .limit(sql.placeholder("limit"))
        .offset(sql.placeholder("offset")),
    );
    pageStatements.set(name, statement);
  }
  return statement;
}

/** The suggestion for a search, when it found nothing exactly: only one that finds something. */
async function suggest(
  plan: NonNullable<Awaited<ReturnType<typeof searchPlan>>>,
  totalItems: number,
  collection: string | undefined,
) {
  const { language } = plan;
  if (
    totalItems > 0 &&
    (!plan.typos || (await countProducts(plan.params.exact, language, plan.params.size, collection)) > 0)
  )
    return null;
  const offer = await suggestFor(plan);
  const offered = offer ? await searchPlan(offer, plan.work, language) : null;
  return offered && (await countProducts(offered.params.match, language, offered.params.size, collection)) > 0
    ? offer
    : null;
}

/**
 * A broad search's page, ranked once per catalogue version (at most 200 pages kept). An order's
 * stock does not move that version (issue #52), so a kept page's stock is read again: one lookup
 * of its few products by id.
 */
async function broadPage(
  order: string,
  params: PageParams,
  read: () => Promise<ProductRow[]>,
): Promise<readonly ProductRow[]> {
  sameCatalogue();
  const key = JSON.stringify([order, params]);
  const kept = broadPages.get(key);
  if (kept) {
    const rows = await db
      .select({ id: products.id, stock: products.stock })
      .from(products)
      .where(
        inArray(
          products.id,
          kept.map((p) => p.id),
        ),
      );
    const stock = new Map(rows.map((r) => [r.id, r.stock]));
    return kept.map((p) => ({ ...p, stock: stock.get(p.id) ?? p.stock }));
  }
  const version = countVersion;
  const items = await read();
  if (broadPages.size >= 200) broadPages.clear();
  // Not kept when the catalogue moved while it was read.
  if (catalogueVersion() === version) broadPages.set(key, items);
  return items;
}

/** A page of the catalogue, its names and descriptions in `language` (the JSON door's: English). */
export async function listProducts(query: ShopQuery, language: Language = "en"): Promise<ProductPage> {
  // parseShopQuery cleans these already; checked again here, where they meet SQL.
  const q = cleanSearch(query.q);
  const limit = clampInt(query.limit, { fallback: DEFAULT_LIMIT, min: 1, max: ADMIN_MAX_LIMIT });
  const page = clampInt(query.page, { fallback: 1, min: 1, max: MAX_PAGE });
  const plan = q ? await searchPlan(q, undefined, language) : null;
  // A query without a word to search (punctuation only) finds nothing.
  if (q && !plan) return { items: [], page, totalPages: 0, totalItems: 0, suggestion: null };
  // A collection no one has (a stale link, a typo) finds nothing; the page says so.
  const collection = query.collection ? ((await collectionBySlug(query.collection))?.id ?? null) : undefined;
  if (collection === null) return { items: [], page, totalPages: 0, totalItems: 0, suggestion: null };
  const kind: SearchKind = plan ? searchKind(language) : "none";
  const totalItems = await countProducts(plan?.params.match, language, plan?.params.size, collection);
  const totalPages = Math.ceil(totalItems / limit);
  const offset = (page - 1) * limit;
  const suggestion = plan ? await suggest(plan, totalItems, collection) : null;
  // Past the last page there is nothing to read.
  if (offset >= totalItems) return { items: [], page, totalPages, totalItems, suggestion };
  // OFFSET walks the sort index from its start, so a page past the middle is read from the other
  // end and turned round: the last page costs what the first does, the middle one the most.
  // (Best match sorts what the search found, never the whole catalogue: read from the start.)
  const sort = query.sort === "relevance" && !plan ? "createdAt" : query.sort;
  const fromEnd = sort !== "relevance" && offset > totalItems / 2 && offset < totalItems;
  const ascending = (sort === "relevance" ? false : query.order === "asc") !== fromEnd;
  const take = fromEnd ? Math.min(limit, totalItems - offset) : limit;
  const params = {
    ...plan?.params,
    ...(collection === undefined ? {} : { collection }),
    limit: take,
    offset: fromEnd ? Math.max(0, totalItems - offset - limit) : offset,
  };
  const how =
    collection === undefined ? "none" : await collectionFilter(plan !== null, params.offset + take, totalItems);
  const read = () => pageStatement(kind, sort, ascending, how)(params);
  const items =
    plan && totalItems >= BROAD ? [...(await broadPage(`${kind} ${sort} ${ascending}`, params, read))] : await read();
  if (fromEnd) items.reverse();
  return { items: items.map((p) => inLanguage(p, language)), page, totalPages, totalItems, suggestion };
}

/**
 * What reading a collection's row first and sorting it costs against one step of the walk,
 * measured at 100,000 products with a collection of 16,639: SQLite ~6 µs a row against ~1.1 µs a
 * step, PostgreSQL ~7.3 µs against ~5.8 µs (its nested loop costs more per step).
 */
const SET_ROW_COST = dialect === "pg" ? 1.25 : 5;

/**
 * Walk or set (see CollectionFilter) for a page ending `upTo` products into a collection of `size`:
 * the walk passes about upTo × (catalogue ÷ size) products, the set reads and sorts the
 * collection's `size` rows. A search always walks its matches: they are few, one lookup each.
 */
async function collectionFilter(searching: boolean, upTo: number, size: number): Promise<CollectionFilter> {
  if (searching) return "walk";
  const everything = await countProducts(undefined, "en");
  return upTo * (everything / Math.max(1, size)) <= SET_ROW_COST * size ? "walk" : "set";
}

export async function topRated(limit: number, language: Language = "en"): Promise<ProductCard[]> {
  const rows = await db
    .select(textColumns)
    .from(products)
    .where(live)
    .orderBy(desc(products.rating), desc(products.numReviews), desc(products.id))
    .limit(limit);
  return rows.map((p) => inLanguage(p, language));
}

export async function imagesFor(productIds: string[]): Promise<Map<string, string[]>> {
  const map = new Map<string, string[]>();
  if (productIds.length === 0) return map;
  const rows = await db
    .select({ productId: productImages.productId, url: productImages.url })
    .from(productImages)
    .where(inArray(productImages.productId, productIds))
    .orderBy(asc(productImages.productId), asc(productImages.position));
  for (const r of rows) map.set(r.productId, [...(map.get(r.productId) ?? []), r.url]);
  return map;
}

export type ProductReview = { id: string; name: string; rating: number; comment: string; createdAt: Date };

// The product page's three queries never change shape: built and prepared once, not per view.
const productById = prepared(
  "product_by_id",
  db
    .select(textColumns)
    .from(products)
    .where(and(eq(products.id, sql.placeholder("id")), live)),
);
const imagesOfProduct = prepared(
  "images_of_product",
  db
    .select({ url: productImages.url })
    .from(productImages)
    .where(eq(productImages.productId, sql.placeholder("id")))
    .orderBy(asc(productImages.position)),
);
const reviewsOfProduct = prepared(
  "reviews_of_product",
  db
    .select({
      id: reviews.id,
      name: reviews.name,
      rating: reviews.rating,
      comment: reviews.comment,
      createdAt: reviews.createdAt,
    })
    .from(reviews)
    .where(eq(reviews.productId, sql.placeholder("id")))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(100),
);

/** A product with its gallery and reviews, its name and description in `language`. */
export async function getProduct(id: string, language: Language = "en") {
  const [row] = await productById({ id });
  if (!row) return null;
  const product = inLanguage(row, language);
  const [images, productReviews] = await Promise.all([
    imagesOfProduct({ id }),
    reviewsOfProduct({ id }) as Promise<ProductReview[]>,
  ]);
  return {
    ...product,
    images: galleryOf(
      product.image,
      images.map((r) => r.url),
    ),
    reviews: productReviews,
  };
}
export type ProductDetail = NonNullable<Awaited<ReturnType<typeof getProduct>>>;

/** The gallery: the primary image first, then the others without repeats. */
export function galleryOf(primary: string, images: string[]): string[] {
  return [...new Set([primary, ...images].filter(Boolean))];
}
