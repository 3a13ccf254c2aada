import { Link } from "react-router";
import { pageWindow } from "~/lib/shop-query";

type Props = { page: number; totalPages: number; href: (page: number) => string };

/** Prev, up to 5 page buttons around the current page, Next: plain links. */
export function Pagination({ page, totalPages, href }: Props) {
  if (totalPages <= 1) return null;
  return (
    <nav className="pagination" aria-label="Pages">
      {page > 1 ? (
        <Link to={href(page - 1)} rel="prev">
          Prev
        </Link>
      ) : (
        <span aria-disabled="true">Prev</span>
      )}
      {pageWindow(page, totalPages).map((n) =>
        n === page ? (
          <span key={n} aria-current="page" className="current">
            {n}
          </span>
        ) : (
          <Link key={n} to={href(n)} aria-label={`Page ${n}`}>
            {n}
          </Link>
        ),
      )}
      {page < totalPages ? (
        <Link to={href(page + 1)} rel="next">
          Next
        </Link>
      ) : (
        <span aria-disabled="true">Next</span>
      )}
    </nav>
  );
}
