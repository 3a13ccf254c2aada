// A product as a card shows it: the columns the lists and the list API read, and what a page's
// loader data carries of each card.
import { products } from "~/db/schema";

// The columns a product card and the list API need; descriptions of the list are short enough.
export const cardColumns = {
  id: products.id,
  name: products.name,
  description: products.description,
  price: products.price,
  mrp: products.mrp,
  stock: products.stock,
  image: products.image,
  rating: products.rating,
  numReviews: products.numReviews,
  hsn: products.hsn,
  createdAt: products.createdAt,
};

export type ProductCard = {
  id: string;
  name: string;
  description: string;
  price: number;
  mrp: number | null;
  stock: number;
  image: string;
  rating: number;
  numReviews: number;
  /** HSN code for GST invoices */
  hsn: string;
  createdAt: Date;
};

/**
 * What a product card shows: a page's loader data carries these fields only. Of the stock, only
 * whether it is sold out: a kept list page moves when that does, not with each unit sold (issue #52).
 */
export type CardView = Pick<ProductCard, "id" | "name" | "price" | "mrp" | "image" | "rating" | "numReviews"> & {
  soldOut: boolean;
  /** Issue #37: the lowest price of sizes that differ in price ("from ₹X"); absent otherwise. */
  from?: number;
};

export function cardView(p: ProductCard): CardView {
  return {
    id: p.id,
    name: p.name,
    price: p.price,
    mrp: p.mrp,
    soldOut: p.stock <= 0,
    image: p.image,
    rating: p.rating,
    numReviews: p.numReviews,
  };
}
