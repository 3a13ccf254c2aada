import { sql } from "drizzle-orm";
import { rupeesToPaise } from "~/lib/money";
import { averageRating } from "~/models/rating.server";
import { newId } from "~/utils/id.server";
import { mulberry32 } from "~/utils/prng.server";
import { slugify } from "~/utils/slug.server";
import { db, writeTransaction } from "./client.server";
import { demoDescription, demoProducts, reviewComments, reviewerNames } from "./demo-catalogue";
import { productImages, products, reviews } from "./schema";

export const demoImageUrl = (name: string, n: number) => `/images/demo/${slugify(name)}-${n}.svg`;

/** Fills an empty catalogue with the demo candles; does nothing when products exist. */
export async function seedDemoCatalogue(): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)` }).from(products);
  if (Number(row?.n ?? 0) > 0) return false;
  const rand = mulberry32(42);
  const now = Math.floor(Date.now() / 1000);
  await writeTransaction(async (tx) => {
    for (const [i, p] of demoProducts.entries()) {
      const id = newId();
      // Spread creation over past days so "Newest" has a meaningful order.
      const createdAt = new Date((now - (demoProducts.length - i) * 86_400) * 1000);
      const ratings = Array.from({ length: 3 + Math.floor(rand() * 7) }, () => {
        const r = Math.round(1.2 + p.mood * 0.9 + (rand() - 0.5) * 2.4);
        return Math.max(1, Math.min(5, r));
      });

      await tx.insert(products).values({
        id,
        name: p.name,
        description: demoDescription(p),
        price: rupeesToPaise(p.price),
        mrp: p.mrp ? rupeesToPaise(p.mrp) : null,
        stock: p.stock,
        image: demoImageUrl(p.name, 1),
        rating: averageRating(ratings),
        numReviews: ratings.length,
        createdAt,
      });
      for (let n = 1; n <= p.images; n++) {
        await tx
          .insert(productImages)
          .values({ id: newId(), productId: id, url: demoImageUrl(p.name, n), position: n - 1 });
      }
      for (const [k, rating] of ratings.entries()) {
        const comments = reviewComments[rating] ?? [""];
        await tx.insert(reviews).values({
          id: newId(),
          productId: id,
          name: reviewerNames[Math.floor(rand() * reviewerNames.length)] ?? "",
          rating,
          comment: comments[Math.floor(rand() * comments.length)] ?? "",
          createdAt: new Date((now - (ratings.length - k) * 3 * 86_400 - Math.floor(rand() * 86_400)) * 1000),
        });
      }
    }
  });
  return true;
}
