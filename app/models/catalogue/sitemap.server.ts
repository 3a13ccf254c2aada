// What /sitemap.xml lists (issue #25): every live product with the time its row last changed, and
// the public pages. A sitemap file holds at most 50,000 URLs, so a bigger catalogue is split into
// parts listed by a sitemap index.
import { and, asc, count, desc, gt, isNull, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { collections, products } from "~/db/schema";

/** URLs per sitemap file: the protocol's limit is 50,000; room is left for the pages. */
export const SITEMAP_PART = 45_000;

/**
 * The pages a search engine may index besides products, with when their text last changed: the
 * home and shop pages change with the catalogue (null here), the others with the code. Update the
 * date when their text changes.
 */
export const SITEMAP_PAGES: { path: string; lastmod: string | null }[] = [
  { path: "/", lastmod: null },
  { path: "/shop", lastmod: null },
  { path: "/about", lastmod: "2026-11-25" },
  { path: "/policy/terms", lastmod: "2026-11-25" },
  { path: "/policy/privacy", lastmod: "2026-11-25" },
  { path: "/policy/refund", lastmod: "2026-11-25" },
];

const live = isNull(products.deletedAt);
const changed = sql<Date>`coalesce(${products.updatedAt}, ${products.createdAt})`.mapWith(products.createdAt);

/** Each collection's page (issue #37), `/shop?collection=<slug>`, in the owner's order, with when it last changed. */
export async function sitemapCollections(): Promise<{ path: string; lastmod: Date }[]> {
  const rows = await db
    .select({ slug: collections.slug, createdAt: collections.createdAt, updatedAt: collections.updatedAt })
    .from(collections)
    .orderBy(asc(collections.position), asc(collections.id));
  return rows.map((c) => ({
    path: `/shop?collection=${encodeURIComponent(c.slug)}`,
    lastmod: c.updatedAt ?? c.createdAt,
  }));
}

/** How many live products there are, and when the catalogue last changed (any product, deleted too). */
export async function catalogueSummary(): Promise<{ live: number; lastmod: Date | null }> {
  const [[n], [last]] = await Promise.all([
    db.select({ n: count() }).from(products).where(live),
    db.select({ at: changed }).from(products).orderBy(desc(changed)).limit(1),
  ]);
  return { live: Number(n?.n ?? 0), lastmod: last?.at ?? null };
}

/** Live products in id order, after `afterId`: a part of the sitemap, read by keyset. */
export function sitemapProducts(afterId: string, limit: number): Promise<{ id: string; lastmod: Date }[]> {
  return db
    .select({ id: products.id, lastmod: changed })
    .from(products)
    .where(and(live, gt(products.id, afterId)))
    .orderBy(asc(products.id))
    .limit(limit);
}

/** The id after which part `part` (1-based) of `perPart` products starts: the last id of the part before. */
export async function partStart(part: number, perPart = SITEMAP_PART): Promise<string | null> {
  if (part <= 1) return "";
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(live)
    .orderBy(asc(products.id))
    .limit(1)
    .offset((part - 1) * perPart - 1);
  return row?.id ?? null;
}
