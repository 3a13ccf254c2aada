import { and, eq, isNull, sql } from "drizzle-orm";
import { db, prepared, rowsChanged, writeTransaction } from "~/db/client.server";
import { products, reviews, type User } from "~/db/schema";
import type { ReviewInput } from "~/lib/review-schema";
import { newId } from "~/utils/id.server";
import { hit } from "~/utils/rate-limit.server";
import { ratingFromTotals } from "./rating.server";

const live = isNull(products.deletedAt);

/**
 * A customer's review of a product: the first adds it, a later one replaces its rating and comment
 * (one review per customer per product, kept by the unique index reviews_user_product_unique),
 * and the product's rating and count are recomputed in the same transaction, one review of a
 * product at a time.
 * Null when there is no such (live) product.
 */
export function addReview(
  productId: string,
  user: Pick<User, "id" | "name">,
  input: ReviewInput,
): Promise<"created" | "updated" | null> {
  return writeTransaction(async (tx) => {
    // The product's row first, by an update that changes nothing (and finds a live product): two
    // reviews of one product then write one after the other. Side by side (PostgreSQL), each would
    // count the reviews without the other's, and the last to commit would store its count.
    const locked = await tx
      .update(products)
      .set({ numReviews: sql`${products.numReviews}` })
      .where(and(eq(products.id, productId), live));
    if (rowsChanged(locked) !== 1) return null;
    const [had] = await tx
      .select({ id: reviews.id })
      .from(reviews)
      .where(and(eq(reviews.userId, user.id), eq(reviews.productId, productId)))
      .limit(1);
    // The review shows the date it was last written, so an updated one moves to the top.
    await tx
      .insert(reviews)
      .values({
        id: newId(),
        productId,
        userId: user.id,
        name: user.name,
        rating: input.rating,
        comment: input.comment,
      })
      .onConflictDoUpdate({
        target: [reviews.userId, reviews.productId],
        set: { name: user.name, rating: input.rating, comment: input.comment, createdAt: new Date() },
      });
    const [stats] = await tx
      .select({ sum: sql<number>`coalesce(sum(${reviews.rating}), 0)`, n: sql<number>`count(*)` })
      .from(reviews)
      .where(eq(reviews.productId, productId));
    const sum = Number(stats?.sum ?? 0);
    const n = Number(stats?.n ?? 0);
    await tx
      .update(products)
      .set({ rating: ratingFromTotals(sum, n), numReviews: n })
      .where(eq(products.id, productId));
    return had ? "updated" : "created";
  });
}

/**
 * A review posted through either door (the product page, POST /api/products/{id}/reviews): counted
 * against the customer's review limit (RateLimited past it, nothing written), then added or
 * updated as addReview does. Null when there is no such (live) product.
 */
export async function postReview(
  productId: string,
  user: Pick<User, "id" | "name">,
  input: ReviewInput,
): Promise<"created" | "updated" | null> {
  await hit("review", user.id);
  return addReview(productId, user, input);
}

// Read on every product page a logged-in shopper opens: prepared once.
const reviewOfUser = prepared(
  "review_of_user",
  db
    .select({ rating: reviews.rating, comment: reviews.comment })
    .from(reviews)
    .where(and(eq(reviews.userId, sql.placeholder("userId")), eq(reviews.productId, sql.placeholder("productId")))),
);

/** The review `userId` wrote of a product, if any (the product page prefills its form with it). */
export async function reviewBy(productId: string, userId: string): Promise<{ rating: number; comment: string } | null> {
  return (await reviewOfUser({ userId, productId }))[0] ?? null;
}
