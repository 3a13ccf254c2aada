import { and, asc, inArray, isNull } from "drizzle-orm";
import { db, type DB, type Tx } from "~/db/client.server";
import { productSizes } from "~/db/schema";
import { textIn } from "~/lib/catalogue-text";
import type { Language } from "~/lib/i18n/languages";
import type { CardView } from "./cards.server";

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
 * The live size rows of these products, both labels as stored, each product's in position order
 * (its first is its default size), in ONE query per 500 products. `on`: the order's transaction,
 * when read inside one. The shop's reads below and the editor's (size-admin.server.ts) share it.
 */
export async function liveSizeRows(productIds: readonly string[], on: Tx | DB = db) {
  const ids = [...new Set(productIds)];
  const rows = [];
  for (let i = 0; i < ids.length; i += SLICE) {
    rows.push(
      ...(await on
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
        .orderBy(asc(productSizes.productId), asc(productSizes.position), asc(productSizes.id))),
    );
  }
  return rows;
}

/**
 * The live sizes of these products, each product's in position order, labels in `language`:
 * a page of cards, a cart, an order. Products without sizes are absent from the map.
 */
export async function sizesOf(productIds: readonly string[], language: Language = "en", on: Tx | DB = db) {
  const byProduct = new Map<string, Size[]>();
  for (const { labelHi, ...row } of await liveSizeRows(productIds, on)) {
    const list = byProduct.get(row.productId) ?? [];
    list.push({ ...row, label: textIn(language, row.label, labelHi) });
    byProduct.set(row.productId, list);
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

/**
 * A page of cards with their sizes, read in ONE query for the page's products: a product whose
 * sizes differ in price says "from ₹X" (the lowest), and is sold out only when every size is
 * (its own stock is its default size's). Cards of products without sizes are returned as they are.
 */
export async function cardsWithSizes(cards: CardView[]): Promise<CardView[]> {
  if (cards.length === 0) return cards;
  const sizes = await sizesOf(cards.map((c) => c.id));
  if (sizes.size === 0) return cards;
  return cards.map((card) => {
    const list = sizes.get(card.id);
    if (!list || list.length === 0) return card;
    const lowest = Math.min(...list.map((s) => s.price));
    const soldOut = list.every((s) => s.stock <= 0);
    return { ...card, soldOut, ...(list.some((s) => s.price !== lowest) ? { from: lowest } : {}) };
  });
}
