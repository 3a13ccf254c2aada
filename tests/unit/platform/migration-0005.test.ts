import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { describe, expect, it } from "vitest";
import { ratingFromTotals } from "~/models/catalogue/rating.server";
import { migrationsUpTo } from "../../support/migrations";

// drizzle/sqlite/0005: before its unique index on reviews (user, product), a customer's older
// reviews of a product go and the product's rating and count are computed again. Run on a
// database migrated to 0004 that holds duplicates, the way a live shop's file does.
const MIGRATIONS = resolve(__dirname, "../../../drizzle/sqlite");

// SQLite only: an SQLite migration, run on a file of its own, so the pg project has nothing to add;
// drizzle/pg had the unique index from its first migration, with no duplicates to remove.
const onPostgres = Boolean(process.env.DATABASE_URL); // setup-pg.ts

describe.skipIf(onPostgres)("migration 0005: one review per customer per product (an SQLite migration)", () => {
  it("keeps each customer's newest review, recomputes only the products that lost reviews, keeps FTS and the catalogue version working", () => {
    const sqlite = new Database(join(mkdtempSync(join(tmpdir(), "candle-m5-")), "shop.db"));
    sqlite.pragma("foreign_keys = ON");
    migrate(drizzle(sqlite), { migrationsFolder: migrationsUpTo(MIGRATIONS, 4) });

    const user = sqlite.prepare("insert into users (id, name, email, password_hash) values (?, ?, ?, 'x')");
    user.run("u1", "Asha", "asha@example.com");
    user.run("u2", "Ravi", "ravi@example.com");
    const product = sqlite.prepare(
      "insert into products (id, name, description, price, stock, rating, num_reviews) values (?, ?, ?, 100, 5, ?, ?)",
    );
    const review = sqlite.prepare(
      "insert into reviews (id, product_id, user_id, name, rating, comment, created_at) values (?, ?, ?, ?, ?, ?, ?)",
    );
    // Moved by a customer who posted five times: 5, 5, 5, then 1 and (same second, written later) 2.
    product.run("p1", "Lavender Dream", "soy wax with lavender", ratingFromTotals(5 + 5 + 5 + 1 + 2 + 4 + 3 + 3, 8), 8);
    review.run("r1", "p1", "u1", "Asha", 5, "first", 1000);
    review.run("r2", "p1", "u1", "Asha", 5, "second", 2000);
    review.run("r3", "p1", "u1", "Asha", 5, "third", 3000);
    review.run("r5", "p1", "u1", "Asha", 1, "fourth", 4000);
    review.run("r4", "p1", "u1", "Asha", 2, "newest", 4000);
    review.run("r6", "p1", "u2", "Ravi", 4, "ravi", 1500);
    // Seed-style reviews without a user are never duplicates of each other.
    review.run("r7", "p1", null, "Meera", 3, "", 1200);
    review.run("r8", "p1", null, "Meera", 3, "", 1200);
    // A product without duplicates keeps its stored numbers as they are.
    product.run("p2", "Ocean Breeze", "soy wax with sea salt", 4.2, 2);
    review.run("r9", "p2", "u1", "Asha", 4, "", 1000);
    review.run("r10", "p2", "u2", "Ravi", 5, "", 1000);
    const versionBefore = sqlite.prepare("select version from catalogue_version").pluck().get() as number;

    migrate(drizzle(sqlite), { migrationsFolder: MIGRATIONS });

    const kept = sqlite.prepare("select id, comment from reviews where product_id = 'p1' order by id").all();
    expect(kept).toEqual([
      { id: "r4", comment: "newest" },
      { id: "r6", comment: "ravi" },
      { id: "r7", comment: "" },
      { id: "r8", comment: "" },
    ]);
    const p1 = sqlite.prepare("select rating, num_reviews from products where id = 'p1'").get();
    expect(p1).toEqual({ rating: ratingFromTotals(2 + 4 + 3 + 3, 4), num_reviews: 4 });
    expect(sqlite.prepare("select rating, num_reviews from products where id = 'p2'").get()).toEqual({
      rating: 4.2,
      num_reviews: 2,
    });

    // The unique index is there and holds.
    expect(() => review.run("r11", "p2", "u1", "Asha", 1, "", 5000)).toThrow(/UNIQUE constraint failed/);
    // Search (0013) and the catalogue version (0004) still follow the products.
    expect(sqlite.prepare("select rowid from products_words where products_words match 'lavender'").all()).toHaveLength(
      1,
    );
    expect(sqlite.prepare("select version from catalogue_version").pluck().get()).toBeGreaterThan(versionBefore);
    // No helper table is left behind; orders have their key column.
    expect(
      sqlite.prepare("select count(*) from sqlite_temp_master where name = 'reviews_dedup_products'").pluck().get(),
    ).toBe(0);
    expect(
      sqlite.prepare("select count(*) from pragma_table_info('orders') where name = 'idempotency_key'").pluck().get(),
    ).toBe(1);
    sqlite.close();
  });

  it("rounds the recomputed rating as ratingFromTotals does", () => {
    const sqlite = new Database(":memory:");
    migrate(drizzle(sqlite), { migrationsFolder: migrationsUpTo(MIGRATIONS, 4) });
    sqlite.prepare("insert into users (id, name, email, password_hash) values ('u', 'U', 'u@example.com', 'x')").run();
    const cases: number[][] = [
      [4, 5],
      [1, 2, 2],
      [3, 4, 4, 4],
      [1, 1, 2],
      [5, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4],
      [1, 2, 2, 2, 2, 2, 2, 2],
    ];
    cases.forEach((ratings, i) => {
      sqlite
        .prepare("insert into products (id, name, price, rating, num_reviews) values (?, ?, 100, 0, 0)")
        .run(`p${i}`, `P${i}`);
      // One duplicate per product (an older review by u) makes the migration recompute it.
      sqlite
        .prepare("insert into reviews (id, product_id, user_id, rating, created_at) values (?, ?, 'u', 5, 1)")
        .run(`old${i}`, `p${i}`);
      ratings.forEach((r, k) =>
        sqlite
          .prepare("insert into reviews (id, product_id, user_id, rating, created_at) values (?, ?, ?, ?, 2)")
          .run(`r${i}-${k}`, `p${i}`, k === 0 ? "u" : null, r),
      );
    });
    migrate(drizzle(sqlite), { migrationsFolder: MIGRATIONS });
    cases.forEach((ratings, i) => {
      const sum = ratings.reduce((a, b) => a + b, 0);
      expect(
        sqlite.prepare("select rating, num_reviews from products where id = ?").get(`p${i}`),
        ratings.join(","),
      ).toEqual({ rating: ratingFromTotals(sum, ratings.length), num_reviews: ratings.length });
    });
  });
});
