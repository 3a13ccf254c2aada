import { Link } from "react-router";
import { useMessages } from "~/lib/i18n/messages";
import { ProductImage } from "./ProductImage";

export type CollectionLink = { slug: string; name: string; image: string };

/**
 * /shop's row of collections (issue #37): All, then each collection, the current one marked.
 * One line that scrolls sideways on a phone (as Dawn's collection pills do), never a wrap that
 * pushes the products down; server-rendered, so nothing moves when the page hydrates.
 */
export function CollectionPills({
  collections,
  current,
  href,
}: {
  collections: CollectionLink[];
  current: string;
  /** The /shop URL for a collection's slug ("" for All): the search, sort and page size kept, page 1. */
  href: (slug: string) => string;
}) {
  const t = useMessages().shop;
  return (
    <nav className="collection-pills" aria-label={t.collections}>
      <ul>
        {[{ slug: "", name: t.allCollections }, ...collections].map((c) => (
          <li key={c.slug}>
            <Link to={href(c.slug)} className="pill" aria-current={c.slug === current ? "page" : undefined}>
              {c.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The home page's collections: a card per collection, its picture when it has one. The first
 * `eagerCount` pictures are on a phone's first screen, the largest paint among them: they load at
 * once, ahead of the page's scripts; the rest lazily.
 */
export function CollectionCards({
  collections,
  eagerCount = 0,
}: {
  collections: CollectionLink[];
  eagerCount?: number;
}) {
  const t = useMessages().home;
  return (
    <section className="collection-cards" aria-labelledby="collections-title">
      <h2 id="collections-title">{t.collections}</h2>
      <ul>
        {collections.map((c, i) => (
          <li key={c.slug}>
            <Link to={`/shop?collection=${encodeURIComponent(c.slug)}`}>
              {c.image ? (
                <ProductImage src={c.image} alt="" width={160} height={160} sizes="160px" eager={i < eagerCount} />
              ) : null}
              <span>{c.name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
