// Sizes for tests (issue #37), made as the editor would leave them: rows in product_sizes, the
// product's own price, MRP and stock mirroring its default (first) size, as syncDefaultSize does.
// One SQL for both databases, on a unit test's app connections or an e2e server's database.
import { randomBytes } from "node:crypto";
import type { TestDb } from "./db";

export type TestSize = {
  label: string;
  price: number;
  stock: number;
  mrp?: number | null;
  labelHi?: string;
  sku?: string | null;
  image?: string;
};

/** Adds `sizes` to a product, in this order (the first is the default); returns their ids. */
export async function addSizes(db: TestDb, productId: string, sizes: TestSize[]): Promise<string[]> {
  const ids: string[] = [];
  for (const [position, s] of sizes.entries()) {
    const id = randomBytes(12).toString("hex");
    await db.run(
      `insert into product_sizes (id, product_id, label, label_hi, sku, price, mrp, stock, image, position)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      id,
      productId,
      s.label,
      s.labelHi ?? "",
      s.sku ?? null,
      s.price,
      s.mrp ?? null,
      s.stock,
      s.image ?? "",
      position,
    );
    ids.push(id);
  }
  await mirrorDefaultSize(db, productId);
  return ids;
}

/** What syncDefaultSize writes: the first live size's price, MRP and stock on the product. */
export async function mirrorDefaultSize(db: TestDb, productId: string): Promise<void> {
  const first = await db.get<{ price: number; mrp: number | null; stock: number }>(
    `select price, mrp, stock from product_sizes where product_id = ? and deleted_at is null
     order by position, id limit 1`,
    productId,
  );
  if (first)
    await db.run(
      "update products set price = ?, mrp = ?, stock = ? where id = ?",
      first.price,
      first.mrp,
      first.stock,
      productId,
    );
}

/** The size's stock now. */
export const sizeStock = (db: TestDb, sizeId: string) =>
  db.value<number>("select stock from product_sizes where id = ?", sizeId);
