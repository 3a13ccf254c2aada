import { Link } from "react-router";
import { useMessages } from "~/lib/i18n/messages";
import { pageWindow } from "~/lib/shop-query";

type Props = { page: number; totalPages: number; href: (page: number) => string };

/** Prev, up to 5 page buttons around the current page, Next: plain links. */
export function Pagination({ page, totalPages, href }: Props) {
  const t = useMessages().shop;
  if (totalPages <= 1) return null;
  return (
    <nav className="pagination" aria-label={t.pages}>
      {page > 1 ? (
        <Link to={href(page - 1)} rel="prev">
          {t.prev}
        </Link>
      ) : (
        <span aria-disabled="true">{t.prev}</span>
      )}
      {pageWindow(page, totalPages).map((n) =>
        n === page ? (
          <span key={n} aria-current="page" className="current">
            {n}
          </span>
        ) : (
          <Link key={n} to={href(n)} aria-label={t.page(n)}>
            {n}
          </Link>
        ),
      )}
      {page < totalPages ? (
        <Link to={href(page + 1)} rel="next">
          {t.next}
        </Link>
      ) : (
        <span aria-disabled="true">{t.next}</span>
      )}
    </nav>
  );
}
