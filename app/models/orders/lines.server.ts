import { and, inArray, isNull } from "drizzle-orm";
import type { Tx } from "~/db/client.server";
import { products } from "~/db/schema";
import { type OrderRequest, CART_EMPTY, QTY_MAX, QTY_TOO_MANY } from "~/lib/checkout-schema";
import { en } from "~/lib/i18n/en";
import { formatPaise, rupeesToPaise } from "~/lib/money";
import { OrderError, PRODUCT_GONE } from "./order-error.server";

export type PlaceOrderInput = Pick<OrderRequest, "contact" | "shippingAddress"> & {
  /** `price` (rupees), when given, must equal the database price: it is checked, never charged. */
  items: { product: string; qty: number; price?: number }[];
};

/** What an order asks for: a quantity per product, and every price a client showed for it. */
export type Wanted = { qty: Map<string, number>; shownPrices: Map<string, Set<number>> };

/** The order's items as one line per product; more than the cap of one product is refused. */
export function wantedOf(items: PlaceOrderInput["items"]): Wanted {
  // The same product twice is one line.
  const qty = new Map<string, number>();
  // Every price a client showed, per product: each line is checked, not only the last one.
  const shownPrices = new Map<string, Set<number>>();
  for (const item of items) {
    // The cap is on the product, however its quantity is split into lines.
    const total = (qty.get(item.product) ?? 0) + item.qty;
    if (total > QTY_MAX) throw new OrderError(QTY_TOO_MANY);
    qty.set(item.product, total);
    if (item.price !== undefined) {
      const seen = shownPrices.get(item.product) ?? new Set<number>();
      seen.add(rupeesToPaise(item.price));
      shownPrices.set(item.product, seen);
    }
  }
  return { qty, shownPrices };
}

/**
 * The order's lines with names and prices from the database, read inside the order's transaction:
 * a product gone, sold out, short of stock or shown at another price refuses the order.
 */
export async function priceLines(tx: Tx, wanted: Wanted) {
  if (wanted.qty.size === 0) throw new OrderError(CART_EMPTY);
  const rows = await tx
    .select({
      id: products.id,
      name: products.name,
      price: products.price,
      stock: products.stock,
      image: products.image,
      hsn: products.hsn,
    })
    .from(products)
    .where(and(inArray(products.id, [...wanted.qty.keys()]), isNull(products.deletedAt)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return [...wanted.qty].map(([id, qty]) => {
    const p = byId.get(id);
    if (!p) throw new OrderError(PRODUCT_GONE);
    if (p.stock <= 0) throw new OrderError(en.feedback.soldOut(p.name));
    if (qty > p.stock) throw new OrderError(en.feedback.onlyLeft(p.stock, p.name));
    const shown = wanted.shownPrices.get(id);
    if (shown && [...shown].some((price) => price !== p.price)) {
      throw new OrderError(en.feedback.priceChanged(p.name, formatPaise(p.price)));
    }
    return { ...p, qty };
  });
}

export type PricedLine = Awaited<ReturnType<typeof priceLines>>[number];
