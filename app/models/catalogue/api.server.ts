import { paiseToRupees } from "~/lib/money";
import { galleryOf, type ProductCard, type ProductDetail } from "./products.server";

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

export function toApiProductDetail(p: ProductDetail) {
  return {
    ...toApiProduct(p, p.images),
    reviews: p.reviews.map((r) => ({
      _id: r.id,
      name: r.name || "User",
      rating: r.rating,
      comment: r.comment,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}
