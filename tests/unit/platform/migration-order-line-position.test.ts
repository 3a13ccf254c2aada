import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { expect, it } from "vitest";
import { testDb } from "../../support/db";
import { migrateWith, migrationsUpTo } from "../../support/migrations";

// drizzle/sqlite/0007 and drizzle/pg/0005 give order lines an explicit position. Lines written
// before it were listed in the order they were written (rowid, ctid); the migration numbers each
// order's lines that way, from 0. Run on a database migrated to the step before, holding orders,
// the way a live shop's is. This file opens no app module: on the pg project the database
// setup-pg.ts named for it is empty, and the migrations are applied here.

const onPostgres = Boolean(process.env.DATABASE_URL);
const MIGRATIONS = resolve(__dirname, "../../../drizzle", onPostgres ? "pg" : "sqlite");
const BEFORE = onPostgres ? 4 : 6; // the last migration without the column

/** Applies the migrations in `folder` to the database at `address`. */
it(`numbers the lines of existing orders in the order they were written (${onPostgres ? "drizzle/pg/0005" : "drizzle/sqlite/0007"})`, async () => {
  const address = onPostgres ? process.env.DATABASE_URL! : join(mkdtempSync(join(tmpdir(), "candle-m7-")), "shop.db");
  await migrateWith(address, migrationsUpTo(MIGRATIONS, BEFORE));
  const db = testDb(address);
  await db.run("INSERT INTO users (id, name, email, password_hash) VALUES ('u1', 'Asha', 'asha@example.com', 'x')");
  for (const p of ["pa", "pb", "pc"])
    await db.run("INSERT INTO products (id, name, price, stock) VALUES (?, ?, 100, 5)", p, `Jar ${p}`);
  const order = (id: string) =>
    db.run(
      `INSERT INTO orders (id, user_id, status, contact_name, contact_email, contact_phone, address, city, state, pin, subtotal, shipping, grand_total)
       VALUES (?, 'u1', 'Placed', 'Asha', 'asha@example.com', '9876543210', '1 MG Road', 'Bengaluru', 'Karnataka', '560001', 300, 0, 300)`,
      id,
    );
  const line = (id: string, orderId: string, productId: string) =>
    db.run(
      "INSERT INTO order_items (id, order_id, product_id, name, qty, price) VALUES (?, ?, ?, ?, 1, 100)",
      id,
      orderId,
      productId,
      `line ${id}`,
    );
  await order("o1");
  await order("o2");
  // Ids that sort against the written order, and two orders' lines interleaved.
  await line("z1", "o1", "pc");
  await line("y1", "o2", "pa");
  await line("a1", "o1", "pa");
  await line("m1", "o1", "pb");
  await line("b2", "o2", "pb");

  await migrateWith(address, MIGRATIONS);

  const positions = await db.all("SELECT id, position FROM order_items ORDER BY order_id, position");
  expect(positions).toEqual([
    { id: "z1", position: 0 },
    { id: "a1", position: 1 },
    { id: "m1", position: 2 },
    { id: "y1", position: 0 },
    { id: "b2", position: 1 },
  ]);
  // A line written after the migration without a position gets 0, as the column's default.
  await line("n1", "o2", "pc");
  expect(await db.all("SELECT position FROM order_items WHERE id = 'n1'")).toEqual([{ position: 0 }]);
});
