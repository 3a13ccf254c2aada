/**
 * Rating stars, filled to the tenth of a star by CSS (a rule per tenth: the Content-Security-Policy
 * allows no style attributes); the number is read out to screen readers.
 */
export function Stars({ rating }: { rating: number }) {
  const value = Math.max(0, Math.min(5, rating));
  return (
    <span className="stars" role="img" aria-label={`Rated ${value.toFixed(1)} out of 5`}>
      <span className="stars-fill" data-fill={Math.round(value * 10)} aria-hidden="true">
        ★★★★★
      </span>
      <span aria-hidden="true">★★★★★</span>
    </span>
  );
}
