import { and, asc, eq, inArray, isNull, notInArray, sql } from "drizzle-orm";
import { db, type Tx } from "~/db/client.server";
import { productSizes } from "~/db/schema";
import { SIZE_IMAGE_INVALID, SKU_TAKEN, type SizeInput } from "~/lib/size-schema";
import { newId } from "~/utils/id.server";
import { syncDefaultSize } from "./default-size.server";
import { liveSizeRows } from "./sizes.server";

// The owner's side of sizes (issue #37): the editor's rows saved in the product's transaction,
// and the JSON door's price and stock kept true for a sized product. The shop reads sizes in
// sizes.server.ts; the product row mirrors the default size (syncDefaultSize, decision 0015).

/** Field messages found while saving (a SKU another size has): the transaction is rolled back. */
export class SizesRefused extends Error {
  constructor(readonly fieldErrors: Record<string, string[]>) {
    super("sizes refused");
  }
}

/** A product's live sizes in their order, as the editor shows them (money in paise). */
export async function sizesForEdit(productId: string) {
  return (await liveSizeRows([productId])).map(({ productId: _, ...row }) => row);
}

/** Messages for sizes whose picture is not one of the product's (`images`: its gallery as saved). */
export function sizeImageErrors(sizes: SizeInput[], images: string[]): Record<string, string[]> {
  const gallery = new Set(images);
  return Object.fromEntries(
    sizes
      .filter((s) => !s.remove && s.image !== "" && !gallery.has(s.image))
      .map((s) => [`sizes[${s.row}].image`, [SIZE_IMAGE_INVALID]]),
  );
}

/**
 * Saves the editor's rows for a product in the caller's transaction: removed ones soft-deleted,
 * the others updated or inserted at their place (0, 1, …), then the product row made to mirror
 * the default size. Rows naming a size this product no longer has (removed meanwhile) are
 * skipped. Throws SizesRefused, writing nothing the caller keeps, when a SKU is on another live
 * size (any product, any case); the form's own rows may swap SKUs among themselves.
 */
export async function saveSizes(tx: Tx, productId: string, sizes: SizeInput[]): Promise<void> {
  const live = await tx
    .select({ id: productSizes.id })
    .from(productSizes)
    .where(and(eq(productSizes.productId, productId), isNull(productSizes.deletedAt)));
  const liveIds = new Set(live.map((r) => r.id));
  const rows = sizes.filter((s) => s.id === null || liveIds.has(s.id));
  const mine = rows.flatMap((s) => (s.id ? [s.id] : []));

  const skus = rows.filter((s) => !s.remove && s.sku).map((s) => s.sku!.toLowerCase());
  if (skus.length > 0) {
    const taken = await tx
      .select({ sku: productSizes.sku })
      .from(productSizes)
      .where(
        and(
          isNull(productSizes.deletedAt),
          inArray(sql`lower(${productSizes.sku})`, skus),
          mine.length ? notInArray(productSizes.id, mine) : undefined,
        ),
      );
    const used = new Set(taken.map((r) => r.sku!.toLowerCase()));
    const errors = Object.fromEntries(
      rows
        .filter((s) => !s.remove && s.sku && used.has(s.sku.toLowerCase()))
        .map((s) => [`sizes[${s.row}].sku`, [SKU_TAKEN]]),
    );
    if (Object.keys(errors).length > 0) throw new SizesRefused(errors);
  }

  let position = 0;
  for (const s of rows) {
    if (s.remove) {
      await tx.update(productSizes).set({ deletedAt: new Date() }).where(eq(productSizes.id, s.id!));
      continue;
    }
    const values = {
      label: s.label,
      labelHi: s.labelHi,
      sku: s.sku,
      price: s.price,
      mrp: s.mrp,
      stock: s.stock,
      image: s.image,
      position: position++,
    };
    if (s.id) await tx.update(productSizes).set(values).where(eq(productSizes.id, s.id));
    else await tx.insert(productSizes).values({ id: newId(), productId, ...values });
  }
  await syncDefaultSize(tx, productId);
}

/**
 * The JSON door (PUT /api/products/:id) knows no sizes: the price, MRP and stock it writes are the
 * product's as the API shows them, which for a sized product are its default size's. So they are
 * written to the default size too, and the mirror stays true. Nothing for a product without sizes.
 */
export async function writeDefaultSize(
  tx: Tx,
  productId: string,
  figures: { price: number; mrp: number | null; stock: number },
): Promise<void> {
  const [first] = await tx
    .select({ id: productSizes.id })
    .from(productSizes)
    .where(and(eq(productSizes.productId, productId), isNull(productSizes.deletedAt)))
    .orderBy(asc(productSizes.position), asc(productSizes.id))
    .limit(1);
  if (first) await tx.update(productSizes).set(figures).where(eq(productSizes.id, first.id));
}

/** For the Products tab: how many live sizes each of these products has and their stock in all. */
export async function sizeTotals(productIds: string[]): Promise<Record<string, { sizes: number; stock: number }>> {
  if (productIds.length === 0) return {};
  const rows = await db
    .select({
      productId: productSizes.productId,
      sizes: sql<number>`count(*)`,
      stock: sql<number>`coalesce(sum(${productSizes.stock}), 0)`,
    })
    .from(productSizes)
    .where(and(inArray(productSizes.productId, productIds), isNull(productSizes.deletedAt)))
    .groupBy(productSizes.productId);
  return Object.fromEntries(rows.map((r) => [r.productId, { sizes: Number(r.sizes), stock: Number(r.stock) }]));
}
