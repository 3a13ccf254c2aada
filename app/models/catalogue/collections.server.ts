// Collections to browse by (issue #37): the owner creates, edits, orders and deletes them, and puts
// a product in any number of them (the product editor, in the product's own transaction).
import { and, asc, count, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import { catalogueVersion, db, isUniqueViolation, type Tx, writeTransaction } from "~/db/client.server";
import { collections, productCollections, products } from "~/db/schema";
import { textIn } from "~/lib/catalogue-text";
import { type CollectionInput, slugify } from "~/lib/collection-schema";
import type { Language } from "~/lib/i18n/languages";
import { newId } from "~/utils/id.server";

export type CollectionRow = typeof collections.$inferSelect;
/** What a page shows of a collection, its texts in the page's language. */
export type CollectionView = { id: string; slug: string; name: string; description: string; image: string };

const SLUG_INDEX = { name: "collections_slug_unique", columns: ["collections.slug"] };

// Every /shop and home page view reads the list: kept until the catalogue changes (its triggers
// move the catalogue version on any write to collections), as the listing's counts are.
let keptVersion = -1;
let kept: Promise<CollectionRow[]> | null = null;

/** All collections in the owner's order. */
export function allCollections(): Promise<CollectionRow[]> {
  const version = catalogueVersion();
  if (!kept || version !== keptVersion) {
    keptVersion = version;
    kept = db.select().from(collections).orderBy(asc(collections.position), asc(collections.id));
    kept.catch(() => (kept = null));
  }
  return kept;
}

/** A collection's texts in `language`: the Hindi ones when the owner gave them. */
export function collectionView(c: CollectionRow, language: Language): CollectionView {
  return {
    id: c.id,
    slug: c.slug,
    name: textIn(language, c.name, c.nameHi),
    description: textIn(language, c.description, c.descriptionHi),
    image: c.image,
  };
}

/** The collections as a page in `language` links them. */
export async function collectionLinks(language: Language): Promise<CollectionView[]> {
  return (await allCollections()).map((c) => collectionView(c, language));
}

/** The collection a query's slug names, or null. */
export async function collectionBySlug(slug: string): Promise<CollectionRow | null> {
  return (await allCollections()).find((c) => c.slug === slug) ?? null;
}

export async function getCollection(id: string): Promise<CollectionRow | null> {
  const [row] = await db.select().from(collections).where(eq(collections.id, id)).limit(1);
  return row ?? null;
}

/** The admin's list: each collection with how many live products it holds. */
export async function collectionsWithCounts(): Promise<(CollectionRow & { products: number })[]> {
  const rows = await db
    .select({ id: productCollections.collectionId, n: count() })
    .from(productCollections)
    .innerJoin(products, and(eq(products.id, productCollections.productId), isNull(products.deletedAt)))
    .groupBy(productCollections.collectionId);
  const counts = new Map(rows.map((r) => [r.id, Number(r.n)]));
  const list = await db.select().from(collections).orderBy(asc(collections.position), asc(collections.id));
  return list.map((c) => ({ ...c, products: counts.get(c.id) ?? 0 }));
}

export type SaveResult = { id: string } | { slugTaken: true } | { missing: true };

/**
 * A free slug: the one asked for (taken: refused), or, when none is given, one made from the name
 * with "-2", "-3"… added until free.
 */
async function chooseSlug(tx: Tx, input: CollectionInput, self: string | null): Promise<string | null> {
  const others = (slug: string) =>
    tx
      .select({ id: collections.id })
      .from(collections)
      .where(self ? and(eq(collections.slug, slug), ne(collections.id, self)) : eq(collections.slug, slug))
      .limit(1);
  if (input.slug) return (await others(input.slug)).length ? null : input.slug;
  const base = slugify(input.name) || "collection";
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? "" : `-${n}`;
    const slug = base.slice(0, 60 - suffix.length).replace(/-+$/, "") + suffix;
    if ((await others(slug)).length === 0) return slug;
  }
}

const fields = (input: CollectionInput) => ({
  name: input.name,
  nameHi: input.nameHi,
  description: input.description,
  descriptionHi: input.descriptionHi,
  image: input.image,
});

/** A new collection, last in the order. */
export async function createCollection(input: CollectionInput): Promise<SaveResult> {
  const id = newId();
  try {
    return await writeTransaction(async (tx) => {
      const slug = await chooseSlug(tx, input, null);
      if (!slug) return { slugTaken: true as const };
      const [last] = await tx.select({ p: sql<number | null>`max(${collections.position})` }).from(collections);
      await tx.insert(collections).values({ id, slug, position: Number(last?.p ?? -1) + 1, ...fields(input) });
      return { id };
    });
  } catch (error) {
    // Taken by another admin's save between the check and the insert.
    if (isUniqueViolation(error, SLUG_INDEX)) return { slugTaken: true };
    throw error;
  }
}

export async function updateCollection(id: string, input: CollectionInput): Promise<SaveResult> {
  try {
    return await writeTransaction(async (tx) => {
      const slug = await chooseSlug(tx, input, id);
      if (!slug) return { slugTaken: true as const };
      const done = await tx
        .update(collections)
        .set({ slug, ...fields(input), updatedAt: new Date() })
        .where(eq(collections.id, id))
        .returning({ id: collections.id });
      return done.length ? { id } : { missing: true as const };
    });
  } catch (error) {
    if (isUniqueViolation(error, SLUG_INDEX)) return { slugTaken: true };
    throw error;
  }
}

/** Its products stay; only their membership goes (product_collections cascades). False when already gone. */
export async function deleteCollection(id: string): Promise<boolean> {
  const done = await writeTransaction((tx) =>
    tx.delete(collections).where(eq(collections.id, id)).returning({ id: collections.id }),
  );
  return done.length > 0;
}

/**
 * Moves a collection one place up or down: the positions are numbered again 0, 1, … in the
 * current order and the two neighbours swapped, so ties and gaps left by deletions do no harm.
 * False when there is no such collection; at either end nothing changes.
 */
export function moveCollection(id: string, direction: "up" | "down"): Promise<boolean> {
  return writeTransaction(async (tx) => {
    const order = (
      await tx.select({ id: collections.id }).from(collections).orderBy(asc(collections.position), asc(collections.id))
    ).map((r) => r.id);
    const at = order.indexOf(id);
    if (at < 0) return false;
    const to = direction === "up" ? at - 1 : at + 1;
    if (to < 0 || to >= order.length) return true;
    [order[at], order[to]] = [order[to]!, order[at]!];
    for (const [position, cid] of order.entries())
      await tx.update(collections).set({ position }).where(eq(collections.id, cid));
    return true;
  });
}

/** The collections a product is in (the editor's ticked boxes). */
export async function collectionIdsOf(productId: string): Promise<string[]> {
  const rows = await db
    .select({ id: productCollections.collectionId })
    .from(productCollections)
    .where(eq(productCollections.productId, productId));
  return rows.map((r) => r.id);
}

/**
 * Puts a product in exactly these collections, inside the product's own transaction. Ids of no
 * (longer existing) collection are left out: a collection deleted while the editor was open.
 */
export async function setProductCollections(tx: Tx, productId: string, ids: readonly string[]): Promise<void> {
  await tx.delete(productCollections).where(eq(productCollections.productId, productId));
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return;
  const existing = await tx.select({ id: collections.id }).from(collections).where(inArray(collections.id, wanted));
  if (existing.length === 0) return;
  await tx.insert(productCollections).values(existing.map((c) => ({ collectionId: c.id, productId })));
}
