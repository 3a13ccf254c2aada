/** A product's rating from the sum and count of its 1–5 reviews: one decimal, 0 when none. */
export function ratingFromTotals(sum: number, count: number): number {
  if (count <= 0) return 0;
  return Math.round((sum / count) * 10) / 10;
}

export function averageRating(ratings: readonly number[]): number {
  return ratingFromTotals(
    ratings.reduce((a, b) => a + b, 0),
    ratings.length,
  );
}
