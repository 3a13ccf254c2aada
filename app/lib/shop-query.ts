// Parsing and clamping of the shop's query (/shop's search, sort, page size and page; GET /api/products).
import { en, type Messages } from "./i18n/en";

export const PAGE_SIZES = [8, 12, 16, 24, 32] as const;
export const DEFAULT_LIMIT = 12;
export const MAX_LIMIT = 60;
export const ADMIN_MAX_LIMIT = 200;
export const PAGE_WINDOW = 5;
export const BEST_SELLERS = 8;

/** "relevance" (Best match) only with a search; it is then the default. */
export type SortKey = "relevance" | "createdAt" | "price" | "rating";
export type SortOrder = "asc" | "desc";
export type ShopQuery = {
  page: number;
  limit: number;
  q: string;
  sort: SortKey;
  order: SortOrder;
  /** A collection's slug (issue #37); "" or absent: the whole catalogue. */
  collection?: string;
};

/**
 * The sort select of /shop: one value carries both `sort` and `order`. Best match only with a search.
 * Its words are the catalogue's `shop.sortLabels`, by value.
 */
export const SORT_VALUES = ["relevance", "createdAt-desc", "price-asc", "price-desc", "rating-desc"] as const;
type SortLabels = Messages["shop"]["sortLabels"];

const SORT_KEYS: SortKey[] = ["relevance", "createdAt", "price", "rating"];
const DEFAULT_ORDER: Record<SortKey, SortOrder> = {
  relevance: "desc",
  createdAt: "desc",
  price: "asc",
  rating: "desc",
};

/** The order a listing takes when none is asked for: best match for a search, newest otherwise. */
export const defaultSort = (q: string): SortKey => (q ? "relevance" : "createdAt");

/**
 * The highest page a query may ask for. Past the last page a list is empty (or /shop redirects to
 * its last page); this bound only keeps (page - 1) × limit a safe integer for SQL's OFFSET.
 */
export const MAX_PAGE = 1_000_000_000;

const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/**
 * A whole number from a query string (or form field), always a safe integer in [min, max]:
 * decimal notation only ("0x10", "Infinity", "NaN", "" → fallback), fractions truncated,
 * anything out of range (1e20, 2^63, -1) clamped. Every number a URL carries goes through here
 * before it reaches SQL.
 */
export function queryInt(value: string | null | undefined, bounds: IntBounds): number {
  const text = (value ?? "").trim();
  return clampInt(DECIMAL.test(text) ? Number(text) : NaN, bounds);
}

type IntBounds = { fallback: number; min: number; max: number };

/** A number as a safe integer in [min, max]: truncated, clamped, NaN → fallback, -0 → 0. */
export function clampInt(n: number, { fallback, min, max }: IntBounds): number {
  return clamp(Number.isNaN(n) ? fallback : Math.trunc(n), min, max) + 0;
}

const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));

/** C0 controls (NUL included), DEL and C1 controls. */
// eslint-disable-next-line no-control-regex -- control characters are what this strips
const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f]/g;

/**
 * User text for a search: control characters removed (a NUL must never reach FTS), trimmed, at
 * most 100 UTF-16 units (the search box's maxLength) without keeping half of a surrogate pair.
 */
export function cleanSearch(value: string | null | undefined): string {
  const cut = (value ?? "").replace(CONTROL_CHARS, "").trim().slice(0, 100);
  return cut.replace(/[\ud800-\udbff]$/, "").trim();
}

/**
 * `sort` is createdAt|price|rating (or "newest"), optionally with "-asc"/"-desc" as the shop's
 * select sends it; `order` asc|desc wins when given. Anything unknown falls back to the default.
 */
export function parseShopQuery(
  params: URLSearchParams,
  opts: { maxLimit?: number; searchParam?: string } = {},
): ShopQuery {
  const maxLimit = opts.maxLimit ?? MAX_LIMIT;
  const q = cleanSearch(params.get(opts.searchParam ?? "q"));
  const rawSort = (params.get("sort") ?? "").trim();
  const [head, suffix] = rawSort.split("-");
  const named: SortKey | undefined =
    head === "newest" ? "createdAt" : SORT_KEYS.includes(head as SortKey) ? (head as SortKey) : undefined;
  // Best match without a search means nothing: the default listing instead.
  const sort: SortKey = named === undefined || (named === "relevance" && !q) ? defaultSort(q) : named;
  const orderParam = params.get("order");
  const order: SortOrder =
    sort === "relevance"
      ? "desc"
      : orderParam === "asc" || orderParam === "desc"
        ? orderParam
        : suffix === "asc" || suffix === "desc"
          ? suffix
          : DEFAULT_ORDER[sort];
  const collection = cleanCollection(params.get("collection"));
  return {
    page: queryInt(params.get("page"), { fallback: 1, min: 1, max: MAX_PAGE }),
    limit: queryInt(params.get("limit"), { fallback: DEFAULT_LIMIT, min: 1, max: maxLimit }),
    q,
    sort,
    order,
    // Only when asked for: a query without one has the shape it always had.
    ...(collection ? { collection } : {}),
  };
}

/** A `collection` from a URL: trimmed, lowercase, at most 100 characters (an unknown one finds nothing). */
export const cleanCollection = (value: string | null | undefined): string =>
  (value ?? "").replace(CONTROL_CHARS, "").trim().toLowerCase().slice(0, 100);

/**
 * The sort select's options for a query. With a search, Best match leads. Without one, Newest (the
 * default) sends an empty value, so that a search typed next is ordered by Best match, its own
 * default, rather than by a Newest the shopper never chose.
 */
export function sortOptions(q: string, labels: SortLabels = en.shop.sortLabels): { value: string; label: string }[] {
  const options = SORT_VALUES.map((value) => ({ value, label: labels[value] }));
  if (q) return options;
  return options
    .filter((o) => o.value !== "relevance")
    .map((o) => (o.value === "createdAt-desc" ? { ...o, value: "" } : o));
}

/** The select's value for a query among sortOptions(q). */
export const sortSelectValue = (query: Pick<ShopQuery, "q" | "sort" | "order">) => {
  const value = sortValue(query);
  return !query.q && value === "createdAt-desc" ? "" : value;
};

/** The select value for a query, e.g. "price-asc" or "relevance". */
export const sortValue = (q: Pick<ShopQuery, "sort" | "order">) =>
  q.sort === "relevance" ? "relevance" : `${q.sort}-${q.order}`;

/** At most PAGE_WINDOW page numbers around the current page. */
export function pageWindow(page: number, totalPages: number, size = PAGE_WINDOW): number[] {
  if (totalPages < 1) return [];
  const start = clamp(page - Math.floor(size / 2), 1, Math.max(1, totalPages - size + 1));
  const end = Math.min(totalPages, start + size - 1);
  return Array.from({ length: end - start + 1 }, (_, i) => start + i);
}

/** The /shop URL for a query, leaving defaults out so links stay short. */
export function shopHref(q: ShopQuery, changes: Partial<ShopQuery> = {}): string {
  const next = { ...q, ...changes };
  const params = new URLSearchParams();
  if (next.collection) params.set("collection", next.collection);
  if (next.q) params.set("q", next.q);
  // Best match is the default with a search and means nothing without one; newest is the default without.
  const usual = next.sort === "relevance" || (!next.q && next.sort === "createdAt" && next.order === "desc");
  if (!usual) params.set("sort", sortValue(next));
  if (next.limit !== DEFAULT_LIMIT) params.set("limit", String(next.limit));
  if (next.page > 1) params.set("page", String(next.page));
  const s = params.toString();
  return s ? `/shop?${s}` : "/shop";
}
