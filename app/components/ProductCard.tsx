import { Link } from "react-router";
import { useMessages } from "~/lib/i18n/messages";
import { formatPaise } from "~/lib/money";
import type { CardView as Card } from "~/models/catalogue/cards.server";
import { Price } from "./Price";
import { ProductImage } from "./ProductImage";
import { Stars } from "./Stars";

export function ProductCard({ product, eager }: { product: Card; eager?: boolean }) {
  const t = useMessages().card;
  return (
    <li className="card">
      <Link to={`/product/${product.id}`} className="card-link">
        {/* alt="": the product name is the link's heading right below; saying it twice is noise. */}
        <ProductImage
          src={product.image}
          alt=""
          width={300}
          height={300}
          eager={eager}
          sizes="(min-width: 720px) 240px, 50vw"
        />
        <h3 className="card-title">{product.name}</h3>
      </Link>
      {/* The spaces keep price, rating and "Sold out" apart in a text browser. */}
      {product.from !== undefined ? (
        <span className="price">
          <strong>{t.from(formatPaise(product.from))}</strong>
        </span>
      ) : (
        <Price price={product.price} mrp={product.mrp} />
      )}{" "}
      <span className="card-rating">
        <Stars rating={product.rating} />{" "}
        <span className="muted">
          ({product.numReviews}
          <span className="visually-hidden"> {t.reviews(product.numReviews)}</span>)
        </span>
      </span>{" "}
      {product.soldOut ? <span className="badge-soldout">{t.soldOut}</span> : null}
    </li>
  );
}

export function ProductGrid({ products, eagerCount = 0 }: { products: Card[]; eagerCount?: number }) {
  return (
    <ul className="grid">
      {products.map((p, i) => (
        <ProductCard key={p.id} product={p} eager={i < eagerCount} />
      ))}
    </ul>
  );
}
