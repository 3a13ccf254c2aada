import { useMessages } from "~/lib/i18n/messages";

/**
 * Rating stars, filled to the tenth of a star by CSS (a rule per tenth: the Content-Security-Policy
 * allows no style attributes). The stars are drawn by CSS too (app/styles/catalogue.css), so a
 * text browser reads only the words, which screen readers get as the picture's name.
 */
export function Stars({ rating }: { rating: number }) {
  const value = Math.max(0, Math.min(5, rating));
  const words = useMessages().card.rated(value.toFixed(1));
  return (
    <span className="stars" role="img" aria-label={words}>
      <span className="visually-hidden">{words}</span>
      <span className="stars-fill" data-fill={Math.round(value * 10)} />
    </span>
  );
}
