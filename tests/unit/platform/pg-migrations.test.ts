import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import Database from "better-sqlite3";
import { eq, is } from "drizzle-orm";
import { drizzle as sqliteDrizzle } from "drizzle-orm/better-sqlite3";
import { migrate as sqliteMigrate } from "drizzle-orm/better-sqlite3/migrator";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "~/db/schema.pg";
import { demoProducts } from "~/demo/catalogue";
import { vocabulary } from "~/lib/search-plan";

const byCodeUnit = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

// drizzle/pg applied to a real PostgreSQL: the tables, the catalogue version's triggers and
// search (tsvector words) do what drizzle/sqlite does on SQLite. In the pg project only (vite.config.ts),
// on the empty database setup-pg.ts made for this file: nothing here opens the app's database
// module, so this test applies the migrations itself.
const MIGRATIONS = resolve(__dirname, "../../../drizzle/pg");
const journal = JSON.parse(readFileSync(resolve(MIGRATIONS, "meta/_journal.json"), "utf8")) as { entries: unknown[] };

describe("drizzle/pg on PostgreSQL", { timeout: 30_000 }, () => {
  let pool: pg.Pool;
  let db: ReturnType<typeof drizzle<typeof schema>>;
  const one = async <T>(text: string, values: unknown[] = []) => (await pool.query(text, values)).rows[0] as T;

  beforeAll(async () => {
    pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 4 });
    db = drizzle(pool, { schema });
    await migrate(db, { migrationsFolder: MIGRATIONS });
  }, 60_000);

  afterAll(async () => {
    await pool?.end();
  });

  it("creates every table and index of schema.pg.ts and the catalogue version's row; applying again changes nothing", async () => {
    const tables = Object.values(schema as Record<string, unknown>)
      .filter((t): t is PgTable => is(t, PgTable))
      .map((t) => getTableConfig(t));
    const { rows } = await pool.query<{ tablename: string }>(
      "SELECT tablename FROM pg_tables WHERE schemaname = 'public'",
    );
    expect(rows.map((r) => r.tablename).sort()).toEqual(tables.map((t) => t.name).sort());
    const indexes = (
      await pool.query<{ indexname: string }>("SELECT indexname FROM pg_indexes WHERE schemaname = 'public'")
    ).rows.map((r) => r.indexname);
    expect(indexes).toEqual(
      expect.arrayContaining([
        ...tables.flatMap((t) => t.indexes.map((i) => i.config.name)),
        "products_search_doc_idx",
      ]),
    );
    expect((await pool.query("SELECT id, version FROM catalogue_version")).rows).toEqual([{ id: 1, version: 0 }]);
    await migrate(db, { migrationsFolder: MIGRATIONS });
    expect((await one<{ n: number }>("SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations")).n).toBe(
      journal.entries.length,
    );
  });

  it("reads back the JS values schema.ts gives: Date to the millisecond, booleans, numbers", async () => {
    const at = new Date("2026-11-20T20:30:00.123Z");
    await db.insert(schema.users).values({ id: "u-types", name: "T", email: "types@example.com", passwordHash: "x" });
    await db
      .insert(schema.products)
      .values({ id: "p-types", name: "Typed", price: 49_900, rating: 4.3, createdAt: at });
    await db.insert(schema.sessions).values({ id: "s-types", userId: "u-types", data: "{}", expiresAt: 1_900_000_000 });
    const [user] = await db.select().from(schema.users).where(eq(schema.users.id, "u-types"));
    const [product] = await db.select().from(schema.products).where(eq(schema.products.id, "p-types"));
    const [session] = await db.select().from(schema.sessions).where(eq(schema.sessions.id, "s-types"));
    expect(user).toMatchObject({ isAdmin: false, phone: null });
    expect(user!.createdAt).toBeInstanceOf(Date);
    expect(Math.abs(user!.createdAt.getTime() - Date.now())).toBeLessThan(60_000);
    // now() is kept to the millisecond, so the Date read back finds its row again.
    expect(await db.select().from(schema.users).where(eq(schema.users.createdAt, user!.createdAt))).toHaveLength(1);
    expect(product).toMatchObject({
      price: 49_900,
      rating: 4.3,
      mrp: null,
      stock: 0,
      description: "",
      numReviews: 0,
      deletedAt: null,
      createdAt: at,
    });
    expect(session!.expiresAt).toBe(1_900_000_000);
    await db.delete(schema.products).where(eq(schema.products.id, "p-types"));
  });

  describe("catalogue_version", () => {
    const version = async () =>
      (await one<{ version: number }>("SELECT version FROM catalogue_version WHERE id = 1")).version;
    const moves = async (statement: string) => {
      const before = await version();
      await pool.query(statement);
      return (await version()) - before;
    };

    it("moves on every insert, update and delete of products, product_images and reviews, and only then", async () => {
      await pool.query("INSERT INTO users (id, name, email, password_hash) VALUES ('u1', 'U', 'u1@example.com', 'x')");
      expect(await moves("INSERT INTO products (id, name, price) VALUES ('v1', 'Versioned', 100)")).toBe(1);
      expect(await moves("UPDATE products SET price = 200 WHERE id = 'v1'")).toBe(1);
      expect(
        await moves("INSERT INTO product_images (id, product_id, url) VALUES ('i1', 'v1', '/uploads/a.png')"),
      ).toBe(1);
      expect(await moves("UPDATE product_images SET position = 1 WHERE id = 'i1'")).toBe(1);
      expect(await moves("DELETE FROM product_images WHERE id = 'i1'")).toBe(1);
      expect(await moves("INSERT INTO reviews (id, product_id, user_id, rating) VALUES ('r1', 'v1', 'u1', 4)")).toBe(1);
      expect(await moves("UPDATE reviews SET rating = 5 WHERE id = 'r1'")).toBe(1);
      expect(await moves("DELETE FROM reviews WHERE id = 'r1'")).toBe(1);
      // Nothing a guest page shows: users, sessions, orders' own rows, a write that matched nothing.
      expect(await moves("UPDATE users SET name = 'V' WHERE id = 'u1'")).toBe(0);
      expect(await moves("INSERT INTO sessions (id, user_id, data, expires_at) VALUES ('s1', 'u1', '{}', 1)")).toBe(0);
      expect(await moves("UPDATE products SET price = 1 WHERE id = 'no-such-product'")).toBe(0);
      expect(await moves("DELETE FROM products WHERE id = 'v1'")).toBe(1);
    });

    it("moves once per transaction, at commit, and never inside a rolled-back one", async () => {
      const client = await pool.connect();
      try {
        const before = await version();
        await client.query("BEGIN");
        await client.query(
          "INSERT INTO products (id, name, price) SELECT 'bulk' || i, 'Bulk', 100 FROM generate_series(1, 50) AS i",
        );
        await client.query("UPDATE products SET stock = 3 WHERE id LIKE 'bulk%'");
        expect(await version()).toBe(before); // other connections see it with the rows, at commit
        await client.query("COMMIT");
        expect(await version()).toBe(before + 1);
        await client.query("BEGIN");
        await client.query("DELETE FROM products WHERE id LIKE 'bulk%'");
        await client.query("ROLLBACK");
        expect(await version()).toBe(before + 1);
      } finally {
        client.release();
      }
      expect(await moves("TRUNCATE reviews")).toBe(1);
      expect(await moves("DELETE FROM products WHERE id LIKE 'bulk%'")).toBe(1);
    });

    it("two orders taking stock of the same products in opposite order do not deadlock on it", async () => {
      await pool.query(
        "INSERT INTO products (id, name, price, stock) VALUES ('d1', 'One', 100, 10), ('d2', 'Two', 100, 10)",
      );
      const [a, b] = [await pool.connect(), await pool.connect()];
      try {
        const before = await version();
        // A lock wait fails the test in seconds instead of hanging it.
        for (const c of [a, b]) await c.query("BEGIN; SET LOCAL lock_timeout = '10s'");
        await a.query("UPDATE products SET stock = stock - 1 WHERE id = 'd1'");
        // Had a takes the counter's row lock here, b would wait for it while holding d2...
        await b.query("UPDATE products SET stock = stock - 1 WHERE id = 'd2'");
        // ...and a would wait for d2: a deadlock. Deferred to commit, b goes through.
        const aSecond = a.query("UPDATE products SET stock = stock - 1 WHERE id = 'd2'");
        await b.query("COMMIT");
        await aSecond;
        await a.query("COMMIT");
        const { rows } = await pool.query("SELECT id, stock FROM products WHERE id IN ('d1', 'd2') ORDER BY id");
        expect(rows).toEqual([
          { id: "d1", stock: 9 },
          { id: "d2", stock: 8 },
        ]);
        // Stock alone, on the same side of zero: the lists' version stays, each product's own moved
        // (issue #52; its upsert is deferred to the commit too).
        expect(await version()).toBe(before);
        const own = await pool.query("SELECT product_id FROM product_versions WHERE product_id IN ('d1', 'd2')");
        expect(own.rows.map((r: { product_id: string }) => r.product_id).sort()).toEqual(["d1", "d2"]);
      } finally {
        // Dropped, not returned: after a failure they may still be inside a transaction.
        a.release(true);
        b.release(true);
      }
    });
  });

  describe("search", () => {
    // Both databases must cut text into the same words (drizzle/sqlite/0014, drizzle/pg/0012), or
    // one search would answer differently on each: compared here word for word on odd text.
    const rows = [
      ...demoProducts.map((p, i) => ({ id: `demo${i}`, name: p.name, description: `${p.name}: ${p.notes}.` })),
      { id: "x1", name: "Crème Brûlée", description: "CARAMEL and burnt sugar, 2.5 hrs" },
      { id: "x2", name: "100% Soy Votive", description: "pure_soy wax, no paraffin; hand-poured" },
      {
        id: "x3",
        name: "O'Brien's Pine",
        description: 'a "quoted" forest at www.example.com/pine?x=1 or me@example.com',
      },
      { id: "x4", name: "चंदन की खुशबू", description: "मोगरा और गुलाब, Ωmega ñandú 蜡烛 🕯️ Straße ǅemal" },
      { id: "x5", name: "Ｆｕｌｌ width", description: "tab\there, new\nline; under_score, dash—dash" },
    ];
    let sqliteWords: () => string[];
    let sqliteMatch: (q: string) => string[];
    beforeAll(async () => {
      const lite = new Database(":memory:");
      sqliteMigrate(sqliteDrizzle(lite), { migrationsFolder: resolve(__dirname, "../../../drizzle/sqlite") });
      for (const r of rows) {
        lite
          .prepare("INSERT INTO products (id, name, description, price) VALUES (?, ?, ?, 100)")
          .run(r.id, r.name, r.description);
        await pool.query("INSERT INTO products (id, name, description, price) VALUES ($1, $2, $3, 100)", [
          r.id,
          r.name,
          r.description,
        ]);
      }
      sqliteWords = () => lite.prepare("SELECT term FROM products_words_vocab ORDER BY term").pluck().all() as string[];
      const match = lite
        .prepare(
          "SELECT id FROM products WHERE rowid IN (SELECT rowid FROM products_words WHERE products_words MATCH ?) ORDER BY id",
        )
        .pluck();
      sqliteMatch = (q) => match.all(q) as string[];
    });

    const pgWords = async () =>
      (
        await pool.query<{ word: string }>(
          "SELECT word FROM ts_stat($$SELECT search_doc FROM products WHERE id LIKE 'demo%' OR id LIKE 'x_'$$) ORDER BY word COLLATE \"C\"",
        )
      ).rows.map((r) => r.word);
    const pgMatch = async (q: string) =>
      (
        await pool.query<{ id: string }>(
          "SELECT id FROM products WHERE (id LIKE 'demo%' OR id LIKE 'x_') AND search_doc @@ CAST($1 AS tsquery) ORDER BY id COLLATE \"C\"",
          [q],
        )
      ).rows.map((r) => r.id);

    it("both index the same words, and a word or its beginning finds the same products", async () => {
      const words = await pgWords();
      // SQLite's tokenizer knows Unicode 6.1: a later emoji is a word to it, never one to a query
      // (app/lib/search-words.ts), and the vocabulary leaves such terms out (search-plan.ts).
      expect(words).toEqual(
        vocabulary(sqliteWords().map((term) => ({ term, docs: 1 })))
          .terms.slice()
          .sort(byCodeUnit),
      );
      expect(sqliteWords()).toContain("🕯");
      expect(words).toEqual(expect.arrayContaining(["crème", "2", "5", "hand", "poured", "pure_soy".split("_")[1]!]));
      expect(words).toEqual(expect.arrayContaining(["चंदन", "खुशबू", "ωmega", "straße", "ǆemal", "ｆｕｌｌ"]));
      for (const w of words) {
        expect(await pgMatch(`'${w}'`), w).toEqual(sqliteMatch(`"${w}"`));
        const start = [...w].slice(0, 2).join("");
        expect(await pgMatch(`'${start}':*`), start).toEqual(sqliteMatch(`"${start}"*`));
      }
    });

    it("the planner uses the GIN index over a few thousand products, right after loading them", async () => {
      await pool.query(
        "INSERT INTO products (id, name, description, price) SELECT 'gen' || i, 'Wax ' || md5(i::text), md5('d' || i) || ' soy wax', 100 FROM generate_series(1, 5000) AS i",
      );
      await pool.query("ANALYZE products"); // as autovacuum would; no VACUUM (see fastupdate in 0012)
      for (const q of ["'sandalwood'", "'sand':*"]) {
        const { rows: plan } = await pool.query<{ "QUERY PLAN": string }>(
          "EXPLAIN SELECT id FROM products WHERE deleted_at IS NULL AND search_doc @@ CAST($1 AS tsquery)",
          [q],
        );
        const text = plan.map((r) => r["QUERY PLAN"]).join("\n");
        expect(text, text).toContain("Bitmap Index Scan on products_search_doc_idx");
      }
    });
  });
});
