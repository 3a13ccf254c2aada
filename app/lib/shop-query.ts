// Parsing and clamping of the shop's query (spec §2 /shop, §5 Shop page, §7 GET /api/products).

export const PAGE_SIZES = [8, 12, 16, 24, 32] as const;
export const DEFAULT_LIMIT = 12;
export const MAX_LIMIT = 60;
export const ADMIN_MAX_LIMIT = 200;
export const PAGE_WINDOW = 5;
export const BEST_SELLERS = 8;

export type SortKey = "createdAt" | "price" | "rating";
export type SortOrder = "asc" | "desc";
export type ShopQuery = { page: number; limit: number; q: string; sort: SortKey; order: SortOrder };

/** The sort select of /shop: one value carries both `sort` and `order`. */
export const SORT_OPTIONS = [
  { value: "createdAt-desc", label: "Newest" },
  { value: "price-asc", label: "Price low to high" },
  { value: "price-desc", label: "Price high to low" },
  { value: "rating-desc", label: "Top rated" },
] as const;

const SORT_KEYS: SortKey[] = ["createdAt", "price", "rating"];
const DEFAULT_ORDER: Record<SortKey, SortOrder> = { createdAt: "desc", price: "asc", rating: "desc" };

function int(value: string | null, fallback: number): number {
  if (value === null || value.trim() === "") return fallback;
  const n = Number(value);
  return Number.isFinite(n) ? Math.trunc(n) : fallback;
}

const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));

/**
 * `sort` is createdAt|price|rating (or "newest"), optionally with "-asc"/"-desc" as the shop's
 * select sends it; `order` asc|desc wins when given. Anything unknown falls back to the default.
 */
export function parseShopQuery(params: URLSearchParams, opts: { maxLimit?: number; searchParam?: string } = {}): ShopQuery {
  const maxLimit = opts.maxLimit ?? MAX_LIMIT;
  const rawSort = (params.get("sort") ?? "").trim();
  const [head, suffix] = rawSort.split("-");
  const sort: SortKey = head === "newest" ? "createdAt" : SORT_KEYS.includes(head as SortKey) ? (head as SortKey) : "createdAt";
  const orderParam = params.get("order");
  const order: SortOrder =
    orderParam === "asc" || orderParam === "desc"
      ? orderParam
      : suffix === "asc" || suffix === "desc"
        ? suffix
        : DEFAULT_ORDER[sort];
  const q = (params.get(opts.searchParam ?? "q") ?? "").trim().slice(0, 100);
  return {
    page: Math.max(1, int(params.get("page"), 1)),
    limit: clamp(int(params.get("limit"), DEFAULT_LIMIT), 1, maxLimit),
    q,
    sort,
    order,
  };
}

/** The select value for a query, e.g. "price-asc". */
export const sortValue = (q: Pick<ShopQuery, "sort" | "order">) => `${q.sort}-${q.order}`;

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
  if (next.q) params.set("q", next.q);
  if (next.sort !== "createdAt" || next.order !== "desc") params.set("sort", sortValue(next));
  if (next.limit !== DEFAULT_LIMIT) params.set("limit", String(next.limit));
  if (next.page > 1) params.set("page", String(next.page));
  const s = params.toString();
  return s ? `/shop?${s}` : "/shop";
}
