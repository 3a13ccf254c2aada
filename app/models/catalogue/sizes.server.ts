import { and, asc, inArray, isNull } from "drizzle-orm";
import { db, type DB, type Tx } from "~/db/client.server";
import { productSizes } from "~/db/schema";
import { textIn } from "~/lib/catalogue-text";
import type { Language } from "~/lib/i18n/languages";

/** A live size as the shop sells it, its label in the page's language (issue #37). */
export type Size = {
  id: string;
  productId: string;
  label: string;
  sku: string | null;
  price: number;
  mrp: number | null;
  stock: number;
  image: string;
};

// In slices: SQLite limits the number of bound parameters in one statement.
const SLICE = 500;

/**
 * The live sizes of these products, each product's in position order (its first is its default
 * size), in ONE query per 500 products: a page of cards, a cart, an order. Products without
 * sizes are absent from the map. `on`: the order's transaction, when read inside one.
 */
export async function sizesOf(productIds: readonly string[], language: Language = "en", on: Tx | DB = db) {
  const byProduct = new Map<string, Size[]>();
  const ids = [...new Set(productIds)];
  for (let i = 0; i < ids.length; i += SLICE) {
    const rows = await on
      .select({
        id: productSizes.id,
        productId: productSizes.productId,
        label: productSizes.label,
        labelHi: productSizes.labelHi,
        sku: productSizes.sku,
        price: productSizes.price,
        mrp: productSizes.mrp,
        stock: productSizes.stock,
        image: productSizes.image,
      })
      .from(productSizes)
      .where(and(inArray(productSizes.productId, ids.slice(i, i + SLICE)), isNull(productSizes.deletedAt)))
      .orderBy(asc(productSizes.productId), asc(productSizes.position), asc(productSizes.id));
    for (const { labelHi, ...row } of rows) {
      const list = byProduct.get(row.productId) ?? [];
      list.push({ ...row, label: textIn(language, row.label, labelHi) });
      byProduct.set(row.productId, list);
    }
  }
  return byProduct;
}

/** One product's live sizes in position order; empty when it is sold without sizes. */
export async function sizesOfProduct(productId: string, language: Language = "en"): Promise<Size[]> {
  return (await sizesOf([productId], language)).get(productId) ?? [];
}

/**
 * The size a cart entry or an order line means: the named live size, or the default (first) one
 * when none is named. `null`: the product has no sizes and none was named (sold as itself).
 * `undefined`: the named size is gone (soft-deleted, unknown, another product's).
 */
export function chosenSize(sizes: readonly Size[] | undefined, sizeId: string | undefined | null) {
  if (!sizeId) return sizes?.[0] ?? null;
  return sizes?.find((s) => s.id === sizeId);
}

/** What a /shop card says of a product's sizes: the lowest price when they differ, sold out when all are. */
export function cardSizes(sizes: readonly Size[] | undefined) {
  if (!sizes || sizes.length === 0) return null;
  const prices = sizes.map((s) => s.price);
  const lowest = Math.min(...prices);
  return { from: prices.some((p) => p !== lowest) ? lowest : null, soldOut: sizes.every((s) => s.stock <= 0) };
}
