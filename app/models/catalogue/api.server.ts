import { paiseToRupees } from "~/lib/money";
import type { ProductCard } from "./cards.server";
import { galleryOf, type ProductDetail } from "./products.server";
import type { Size } from "./sizes.server";

// The JSON door's shapes: `_id` for the id, money in rupees (the database keeps paise).

export function toApiProduct(p: ProductCard, images: string[]) {
  const gallery = galleryOf(p.image, images);
  return {
    _id: p.id,
    name: p.name,
    description: p.description,
    price: paiseToRupees(p.price),
    mrp: p.mrp === null ? null : paiseToRupees(p.mrp),
    stock: p.stock,
    image: gallery[0] ?? "",
    images: gallery.map((url) => ({ url })),
    rating: p.rating,
    numReviews: p.numReviews,
    hsn: p.hsn,
    createdAt: p.createdAt.toISOString(),
  };
}

/**
 * One product with its reviews and, when it is sold in sizes (issue #37), its live sizes in order
 * (the first is the default, whose figures `price`, `mrp` and `stock` are). Added only then, so a
 * product without sizes answers exactly as before.
 */
export function toApiProductDetail(p: ProductDetail, sizes: readonly Size[] = []) {
  return {
    ...toApiProduct(p, p.images),
    ...(sizes.length > 0
      ? {
          sizes: sizes.map((s) => ({
            _id: s.id,
            label: s.label,
            sku: s.sku,
            price: paiseToRupees(s.price),
            mrp: s.mrp === null ? null : paiseToRupees(s.mrp),
            stock: s.stock,
            image: s.image,
          })),
        }
      : {}),
    reviews: p.reviews.map((r) => ({
      _id: r.id,
      name: r.name || "User",
      rating: r.rating,
      comment: r.comment,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}
