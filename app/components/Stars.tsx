/** Rating stars, filled to the exact fraction by CSS; the number is read out to screen readers. */
export function Stars({ rating }: { rating: number }) {
  const value = Math.max(0, Math.min(5, rating));
  return (
    <span className="stars" role="img" aria-label={`Rated ${value.toFixed(1)} out of 5`}>
      <span className="stars-fill" style={{ width: `${(value / 5) * 100}%` }} aria-hidden="true">
        ★★★★★
      </span>
      <span aria-hidden="true">★★★★★</span>
    </span>
  );
}
