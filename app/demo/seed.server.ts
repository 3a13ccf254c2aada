import { sql } from "drizzle-orm";
import { db, writeTransaction } from "~/db/client.server";
import { collections, productCollections, productImages, productSizes, products, reviews } from "~/db/schema";
import { mulberry32 } from "~/demo/prng.server";
import { rupeesToPaise } from "~/lib/money";
import { averageRating } from "~/models/catalogue/rating.server";
import { newId } from "~/utils/id.server";
import { slugify } from "~/utils/slug.server";
import { commentFits, demoDescription, demoProducts, reviewComments, reviewerNames, scentComments } from "./catalogue";
import { demoHindiTexts } from "./catalogue-hi";
import { demoCollections } from "./collections";
import { demoSizes } from "./sizes";

export const demoImageUrl = (name: string, n: number) => `/images/demo/${slugify(name)}-${n}.svg`;

const DAY = 86_400;
/** Days between two demo candles' launches: the 28 of them span about ten months. */
const LAUNCH_EVERY = 11;
/** A review comes this long after launch at the earliest: the first orders have to arrive. */
const FIRST_REVIEW_AFTER = 4 * DAY;

/**
 * One of `options` not yet used on this product (`taken`), among those used least often so far
 * in the whole seed (`uses`), picked by `r` (one draw of the seed's PRNG).
 */
function pickFresh(options: readonly string[], r: number, taken: (o: string) => boolean, uses: Map<string, number>) {
  const fresh = options.filter((o) => !taken(o));
  const least = Math.min(...fresh.map((o) => uses.get(o) ?? 0));
  const pool = fresh.filter((o) => (uses.get(o) ?? 0) === least);
  const chosen = pool[Math.floor(r * pool.length)]!;
  uses.set(chosen, least + 1);
  return chosen;
}

const firstName = (name: string) => name.split(" ")[0]!;

/** Fills an empty catalogue with the demo candles; does nothing when products exist. */
export async function seedDemoCatalogue(): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)` }).from(products);
  if (Number(row?.n ?? 0) > 0) return false;
  // One stream of draws, in the same order as ever (the count, the ratings, then three per
  // review), so every install gets the same ratings and counts.
  const rand = mulberry32(42);
  const now = Math.floor(Date.now() / 1000);
  const nameUses = new Map<string, number>();
  const commentUses = new Map<string, number>();
  const idOf = new Map<string, string>();
  await writeTransaction(async (tx) => {
    for (const [i, p] of demoProducts.entries()) {
      const id = newId();
      idOf.set(p.name, id);
      // Launched one after the other, LAUNCH_EVERY days apart (a few hours either way), so
      // "Newest" has a meaningful order and the older candles have had months of reviews.
      const launched = now - (demoProducts.length - i) * LAUNCH_EVERY * DAY + (slugify(p.name).length % 9) * 3600;
      const ratings = Array.from({ length: 3 + Math.floor(rand() * 7) }, () => {
        const r = Math.round(1.2 + p.mood * 0.9 + (rand() - 0.5) * 2.4);
        return Math.max(1, Math.min(5, r));
      });

      await tx.insert(products).values({
        id,
        name: p.name,
        description: demoDescription(p),
        ...demoHindiTexts(p),
        price: rupeesToPaise(p.price),
        mrp: p.mrp ? rupeesToPaise(p.mrp) : null,
        stock: p.stock,
        image: demoImageUrl(p.name, 1),
        rating: averageRating(ratings),
        numReviews: ratings.length,
        createdAt: new Date(launched * 1000),
      });
      for (let n = 1; n <= p.images; n++) {
        await tx
          .insert(productImages)
          .values({ id: newId(), productId: id, url: demoImageUrl(p.name, n), position: n - 1 });
      }
      // Some candles come in sizes (issue #37), the first at the candle's own figures (no sync needed).
      const sizes = demoSizes(p).map((size, position) => ({
        ...size,
        id: newId(),
        productId: id,
        price: rupeesToPaise(size.price),
        mrp: size.mrp ? rupeesToPaise(size.mrp) : null,
        position,
      }));
      if (sizes.length > 0) await tx.insert(productSizes).values(sizes);
      // Reviews spread from a few days after launch until an hour ago, in order, none by the
      // same person (or first name) twice and no comment twice on one product.
      const from = launched + FIRST_REVIEW_AFTER;
      const span = now - 3600 - from;
      const names: string[] = [];
      const comments: string[] = [];
      for (const [k, rating] of ratings.entries()) {
        const name = pickFresh(
          reviewerNames,
          rand(),
          (n) => names.some((m) => firstName(m) === firstName(n)),
          nameUses,
        );
        const options = [
          ...(reviewComments[rating] ?? []),
          ...(scentComments[rating] ?? []).map((c) => c.replace("{scent}", p.scent)),
        ].filter((c) => commentFits(c, p.vessel));
        const comment = pickFresh(options, rand(), (c) => comments.includes(c), commentUses);
        names.push(name);
        comments.push(comment);
        await tx.insert(reviews).values({
          id: newId(),
          productId: id,
          name,
          rating,
          comment,
          createdAt: new Date((from + Math.floor(((k + rand()) / ratings.length) * span)) * 1000),
        });
      }
    }
    // The collections (issue #37), in their order, each with its candles.
    for (const [position, { products: names, picture, ...c }] of demoCollections.entries()) {
      const collectionId = newId();
      await tx.insert(collections).values({ id: collectionId, ...c, image: demoImageUrl(picture, 1), position });
      await tx.insert(productCollections).values(names.map((name) => ({ collectionId, productId: idOf.get(name)! })));
    }
  });
  return true;
}
