import { and, inArray, isNull } from "drizzle-orm";
import type { Tx } from "~/db/client.server";
import { products } from "~/db/schema";
import { type OrderRequest, CART_EMPTY, QTY_MAX, QTY_TOO_MANY } from "~/lib/checkout-schema";
import { en } from "~/lib/i18n/en";
import { lineName } from "~/lib/line-name";
import { formatPaise, rupeesToPaise } from "~/lib/money";
import type { PaymentMethod } from "~/lib/price-breakdown";
import { chosenSize, sizesOf } from "~/models/catalogue/sizes.server";
import { OrderError, PRODUCT_GONE } from "./order-error.server";

export type PlaceOrderInput = Pick<OrderRequest, "contact" | "shippingAddress"> & {
  /**
   * `price` (rupees), when given, must equal the database price: it is checked, never charged.
   * `sizeId`: the size (issue #37); without it the product's default size.
   */
  items: { product: string; qty: number; price?: number; sizeId?: string }[];
  /** Cash on delivery unless the shopper chose UPI (where the shop takes it: env.payments.upi). */
  paymentMethod?: PaymentMethod;
  /** A coupon code (issue #39), judged and counted in the order's transaction. */
  couponCode?: string;
  /** The total (paise) the shopper's page showed; when given, the order must cost exactly it (issue #50). */
  shownTotal?: number;
};

/** One thing an order asks for: a product, in a size as named (none: the default size). */
type WantedItem = { product: string; sizeId?: string; qty: number; shownPrices: Set<number> };
/** What an order asks for: a quantity per product and named size, and every price a client showed for it. */
export type Wanted = WantedItem[];

/** The order's items as one line per product and size; more than the cap of one product is refused. */
export function wantedOf(items: PlaceOrderInput["items"]): Wanted {
  const wanted = new Map<string, WantedItem>();
  // The cap is on the product, however its quantity is split into lines and sizes.
  const perProduct = new Map<string, number>();
  for (const item of items) {
    const total = (perProduct.get(item.product) ?? 0) + item.qty;
    if (total > QTY_MAX) throw new OrderError(QTY_TOO_MANY);
    perProduct.set(item.product, total);
    // The same product (and size) twice is one line.
    const key = `${item.product}:${item.sizeId ?? ""}`;
    const line = wanted.get(key) ?? { product: item.product, sizeId: item.sizeId, qty: 0, shownPrices: new Set() };
    line.qty += item.qty;
    // Every price a client showed: each line is checked, not only the last one.
    if (item.price !== undefined) line.shownPrices.add(rupeesToPaise(item.price));
    wanted.set(key, line);
  }
  return [...wanted.values()];
}

/**
 * The order's lines with names, sizes and prices from the database, read inside the order's
 * transaction: a product or size gone, sold out, short of stock or shown at another price refuses
 * the order. A line of a product with sizes names one (the default one when none was asked for),
 * and sells at that size's price from its stock; `sizeLabel` is its English label, copied onto the
 * order line as the name is.
 */
export async function priceLines(tx: Tx, wanted: Wanted) {
  if (wanted.length === 0) throw new OrderError(CART_EMPTY);
  const ids = [...new Set(wanted.map((w) => w.product))];
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
    .where(and(inArray(products.id, ids), isNull(products.deletedAt)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const sizes = await sizesOf(ids, "en", tx);
  // A line without a size and one naming the default size are the same line.
  const lines = new Map<string, PricedLineOf<(typeof rows)[number]>>();
  for (const w of wanted) {
    const p = byId.get(w.product);
    if (!p) throw new OrderError(PRODUCT_GONE);
    const size = chosenSize(sizes.get(p.id), w.sizeId);
    if (size === undefined) throw new OrderError(en.feedback.sizeGone);
    const key = `${p.id}:${size?.id ?? ""}`;
    const line = lines.get(key) ?? {
      ...p,
      ...(size ? { price: size.price, stock: size.stock, image: size.image || p.image } : {}),
      sizeId: size?.id ?? null,
      sizeLabel: size?.label ?? "",
      qty: 0,
      shownPrices: new Set<number>(),
    };
    line.qty += w.qty;
    for (const price of w.shownPrices) line.shownPrices.add(price);
    lines.set(key, line);
  }
  return [...lines.values()].map(({ shownPrices, ...line }) => {
    const name = lineName(line.name, line.sizeLabel);
    if (line.stock <= 0) throw new OrderError(en.feedback.soldOut(name));
    if (line.qty > line.stock) throw new OrderError(en.feedback.onlyLeft(line.stock, name));
    if ([...shownPrices].some((price) => price !== line.price)) {
      throw new OrderError(en.feedback.priceChanged(name, formatPaise(line.price)));
    }
    return line;
  });
}

type PricedLineOf<P> = P & { sizeId: string | null; sizeLabel: string; qty: number; shownPrices: Set<number> };
export type PricedLine = Awaited<ReturnType<typeof priceLines>>[number];
