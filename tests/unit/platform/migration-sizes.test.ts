import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { expect, it } from "vitest";
import { demoProducts } from "~/demo/catalogue";
import { testDb, type TestDb } from "../../support/db";
import { migrateWith, migrationsUpTo } from "../../support/migrations";

// drizzle/sqlite/0019 and drizzle/pg/0017 bring sizes and collections (issue #37). A live shop's
// database, migrated to the step before and holding the demo catalogue with its reviews and
// orders plus 10,000 more products, loses no product, review or order line, and every product
// is sold as before: no sizes, the same price, MRP and stock. This file opens no database module
// of the app: on the pg project the database setup-pg.ts named for it is empty.

const onPostgres = Boolean(process.env.DATABASE_URL);
const MIGRATIONS = resolve(__dirname, "../../../drizzle", onPostgres ? "pg" : "sqlite");
const BEFORE = onPostgres ? 16 : 18; // the last migration without sizes
const GENERATED = 10_000;

/** The demo candles with a few reviews each, and orders of them: a shop as it runs. */
async function fillDemoShop(db: TestDb) {
  for (const [i, p] of demoProducts.entries()) {
    await db.run(
      `INSERT INTO products (id, name, description, price, mrp, stock, image, rating, num_reviews)
       VALUES (?, ?, ?, ?, ?, ?, ?, 4.5, 2)`,
      `demo-${i}`,
      p.name,
      p.notes,
      p.price * 100,
      p.mrp ? p.mrp * 100 : null,
      p.stock,
      `/images/demo/${i}-1.svg`,
    );
    for (const k of [1, 2])
      await db.run(
        "INSERT INTO reviews (id, product_id, name, rating, comment) VALUES (?, ?, ?, ?, ?)",
        `rev-${i}-${k}`,
        `demo-${i}`,
        `Reviewer ${k}`,
        3 + k,
        `Lovely ${p.scent}`,
      );
  }
  for (let o = 0; o < 10; o++) {
    await db.run(
      `INSERT INTO orders (id, status, contact_name, contact_email, contact_phone, address, city, state, pin, subtotal, shipping, grand_total)
       VALUES (?, 'Placed', 'Asha', 'asha@example.com', '9876543210', '1 MG Road', 'Bengaluru', 'Karnataka', '560001', 100, 0, 100)`,
      `order-${o}`,
    );
    for (let l = 0; l < 3; l++) {
      const p = demoProducts[(o * 3 + l) % demoProducts.length]!;
      await db.run(
        "INSERT INTO order_items (id, order_id, product_id, name, qty, price, position) VALUES (?, ?, ?, ?, ?, ?, ?)",
        `line-${o}-${l}`,
        `order-${o}`,
        `demo-${(o * 3 + l) % demoProducts.length}`,
        p.name,
        1 + l,
        p.price * 100,
        l,
      );
    }
  }
}

/** GENERATED more products, one statement (a recursive count works on both databases). */
async function fillLargeCatalogue(db: TestDb) {
  await db.run(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
     INSERT INTO products (id, name, description, price, mrp, stock, image)
     SELECT 'gen-' || i, 'Generated candle ' || i, 'soy', 10000 + i, CASE WHEN i % 3 = 0 THEN 20000 + i END, i % 97, '' FROM n`,
    GENERATED,
  );
  // One review on every tenth.
  await db.run(
    `INSERT INTO reviews (id, product_id, name, rating, comment)
     SELECT 'genrev-' || substr(id, 5), id, 'Meera', 4, 'Nice' FROM products WHERE id LIKE 'gen-%0'`,
  );
}

/** What must come through: every row of the three tables, and the sums a checksum would see. */
async function snapshot(db: TestDb) {
  return {
    products: await db.all(
      "SELECT id, name, price, mrp, stock, image, rating, num_reviews AS reviews FROM products ORDER BY id",
    ),
    reviews: await db.all("SELECT id, product_id AS product, rating, comment FROM reviews ORDER BY id"),
    lines: await db.all(
      "SELECT id, order_id AS orders, product_id AS product, qty, price FROM order_items ORDER BY id",
    ),
    sums: await db.get(
      `SELECT (SELECT count(*) FROM products) AS products, (SELECT sum(price) FROM products) AS price,
              (SELECT sum(stock) FROM products) AS stock, (SELECT count(*) FROM reviews) AS reviews,
              (SELECT sum(qty * price) FROM order_items) AS lines`,
    ),
  };
}

it(
  `moves a shop's demo catalogue, reviews, orders and 10k products to sizes unchanged (${onPostgres ? "drizzle/pg/0017" : "drizzle/sqlite/0019"})`,
  { timeout: 60_000 },
  async () => {
    const address = onPostgres
      ? process.env.DATABASE_URL!
      : join(mkdtempSync(join(tmpdir(), "candle-m19-")), "shop.db");
    await migrateWith(address, migrationsUpTo(MIGRATIONS, BEFORE));
    const db = testDb(address);
    await fillDemoShop(db);
    await fillLargeCatalogue(db);
    const before = await snapshot(db);
    expect(before.sums).toMatchObject({ products: demoProducts.length + GENERATED, reviews: 56 + GENERATED / 10 });

    await migrateWith(address, MIGRATIONS);

    expect(await snapshot(db)).toEqual(before);
    // Sold as before: no product has a size; order lines name none.
    expect(await db.value("SELECT count(*) FROM product_sizes")).toBe(0);
    expect(await db.value("SELECT count(*) FROM collections")).toBe(0);
    expect(
      await db.get(
        "SELECT count(*) AS n, count(size_id) AS sized, sum(CASE WHEN size_label = '' THEN 1 ELSE 0 END) AS unlabelled FROM order_items",
      ),
    ).toEqual({ n: 30, sized: 0, unlabelled: 30 });
  },
);
