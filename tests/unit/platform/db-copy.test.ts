import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import Database from "better-sqlite3";
import { is } from "drizzle-orm";
import { drizzle as sqliteDrizzle } from "drizzle-orm/better-sqlite3";
import { migrate as sqliteMigrate } from "drizzle-orm/better-sqlite3/migrator";
import { drizzle } from "drizzle-orm/node-postgres";
import { PgTable } from "drizzle-orm/pg-core";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as pgSchema from "~/db/schema.pg";
import * as sqliteSchema from "~/db/schema.sqlite";
import { copyDatabase } from "../../../scripts/db-copy";
import { createPgDatabase, pgBinDir, startPgCluster, type PgCluster } from "../../support/pg-cluster";

// Moving a shop from its SQLite file to PostgreSQL (npm run db:copy): every row arrives with the
// same values, the pictures leave the folder for the database, and a non-empty target is refused.
const ROOT = resolve(__dirname, "../../..");
const bin = pgBinDir();
const skipped = "SKIPPED: no PostgreSQL server here (/usr/lib/postgresql/*/bin/initdb); apt-get install postgresql";
if (!bin) console.warn(`tests/unit/platform/db-copy.test.ts ${skipped}`);

/** A small shop in an SQLite file, written as the app writes it, with two uploaded pictures. */
function sourceShop() {
  const dir = mkdtempSync(join(tmpdir(), "candle-copy-"));
  const file = join(dir, "shop.db");
  const uploads = join(dir, "uploads");
  const sqlite = new Database(file);
  const db = sqliteDrizzle(sqlite, { schema: sqliteSchema });
  sqliteMigrate(db, { migrationsFolder: join(ROOT, "drizzle", "sqlite") });
  const at = (s: number) => new Date(Date.UTC(2026, 10, 1) + s * 1000);
  db.insert(sqliteSchema.users)
    .values([
      {
        id: "u1",
        name: "Asha",
        email: "asha@example.com",
        phone: "9876543210",
        passwordHash: "$2b$10$hash",
        createdAt: at(1),
      },
      {
        id: "u2",
        name: "Admin",
        email: "admin@example.com",
        passwordHash: "$2b$10$hash2",
        isAdmin: true,
        createdAt: at(2),
      },
    ])
    .run();
  db.insert(sqliteSchema.sessions)
    .values({ id: "s1", userId: "u1", data: '{"userId":"u1"}', expiresAt: 1_900_000_000 })
    .run();
  db.insert(sqliteSchema.products)
    .values([
      {
        id: "p1",
        name: "Mysore Sandalwood",
        description: "Sandal",
        // The Hindi texts (issue #36) go across with the rest.
        nameHi: "मैसूर चंदन",
        descriptionHi: "मलाईदार चंदन",
        price: 499_00,
        mrp: 599_00,
        stock: 7,
        image: "/uploads/aaaaaaaaaaaaaaaaaaaaaaaa.png",
        rating: 4.5,
        numReviews: 2,
        createdAt: at(3),
      },
      { id: "p2", name: "Gone", price: 100_00, stock: 0, deletedAt: at(9), createdAt: at(4) },
    ])
    .run();
  db.insert(sqliteSchema.productImages)
    .values({ id: "i1", productId: "p1", url: "/uploads/aaaaaaaaaaaaaaaaaaaaaaaa.png", position: 0 })
    .run();
  // Sizes, one removed (order lines keep pointing at it), and collections (issue #37).
  db.insert(sqliteSchema.productSizes)
    .values([
      {
        id: "z1",
        productId: "p1",
        label: "200 g jar",
        labelHi: "200 ग्राम जार",
        sku: "SAN-200",
        price: 499_00,
        mrp: 599_00,
        stock: 7,
        position: 0,
      },
      {
        id: "z2",
        productId: "p1",
        label: "450 g bowl",
        price: 899_00,
        stock: 3,
        image: "/uploads/aaaaaaaaaaaaaaaaaaaaaaaa.png",
        position: 1,
      },
      { id: "z3", productId: "p1", label: "100 g tin", price: 249_00, stock: 0, position: 2, deletedAt: at(8) },
    ])
    .run();
  db.insert(sqliteSchema.collections)
    .values([
      { id: "c1", slug: "woody", name: "Woody", nameHi: "लकड़ी", description: "Warm", position: 1, createdAt: at(2) },
      { id: "c2", slug: "gifts", name: "Gift sets", position: 2, createdAt: at(2), updatedAt: at(3) },
    ])
    .run();
  db.insert(sqliteSchema.productCollections)
    .values([
      { collectionId: "c1", productId: "p1" },
      { collectionId: "c2", productId: "p1" },
    ])
    .run();
  db.insert(sqliteSchema.reviews)
    .values([
      { id: "r1", productId: "p1", userId: "u1", name: "Asha", rating: 4, comment: "Lovely", createdAt: at(5) },
      { id: "r2", productId: "p1", name: "Guest", rating: 5, createdAt: at(6) },
    ])
    .run();
  db.insert(sqliteSchema.coupons)
    .values({
      id: "c1",
      code: "DIWALI10",
      kind: "percent",
      amount: 1000,
      minOrder: 500_00,
      startsAt: at(3),
      endsAt: at(100),
      maxUses: 50,
      maxUsesPerCustomer: 1,
      uses: 1,
      createdAt: at(3),
    })
    .run();
  db.insert(sqliteSchema.couponUses).values({ couponId: "c1", userId: "u1", uses: 1 }).run();
  db.insert(sqliteSchema.orders)
    .values({
      id: "o1",
      couponId: "c1",
      couponCode: "DIWALI10",
      couponDiscount: 0,
      userId: "u1",
      status: "Shipped",
      isPaid: true,
      contactName: "Asha",
      contactEmail: "asha@example.com",
      contactPhone: "9876543210",
      address: "1 MG Road",
      city: "Bengaluru",
      state: "Karnataka",
      pin: "560001",
      subtotal: 998_00,
      shipping: 0,
      grandTotal: 998_00,
      idempotencyKey: "k1",
      invoiceNumber: "RK/26-27/000007",
      createdAt: at(7),
    })
    .run();
  db.insert(sqliteSchema.invoiceCounters).values({ fy: "2026-27", last: 7 }).run();
  db.insert(sqliteSchema.orderItems)
    .values([
      {
        id: "l1",
        orderId: "o1",
        productId: "p1",
        name: "Mysore Sandalwood",
        qty: 1,
        price: 499_00,
        position: 1,
        hsn: "34060010",
        sizeId: "z3",
        sizeLabel: "100 g tin",
      },
      { id: "l2", orderId: "o1", productId: "p2", name: "Gone", qty: 1, price: 499_00, position: 0 },
    ])
    .run();
  db.insert(sqliteSchema.pincodes)
    .values({ pin: 560001, name: "Bangalore G.P.O.", block: null, district: "Bangalore", state: "Karnataka" })
    .run();
  db.insert(sqliteSchema.pinCache).values({ pin: "999999", answer: "[]", fetchedAt: 1_800_000_000 }).run();
  // Issue #39: one address waiting for a size, one already mailed for a product.
  db.insert(sqliteSchema.stockAlerts)
    .values([
      { id: "a1", productId: "p1", sizeKey: "s1", email: "wait@example.com", userId: null, language: "hi" },
      {
        id: "a2",
        productId: "p2",
        sizeKey: "",
        email: "asha@example.com",
        userId: "u1",
        notifiedAt: new Date(1_800_000_000_000),
      },
    ])
    .run();
  sqlite.close();
  mkdirSync(uploads);
  writeFileSync(join(uploads, "aaaaaaaaaaaaaaaaaaaaaaaa.png"), Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]));
  writeFileSync(join(uploads, "aaaaaaaaaaaaaaaaaaaaaaaa-480.webp"), Buffer.from("RIFF-webp-bytes"));
  writeFileSync(join(uploads, ".bbbbbbbbbbbbbbbbbbbbbbbb.png.partial"), "left by a crash: not a picture of the shop");
  return { file, uploads };
}

const title = bin ? "npm run db:copy" : `npm run db:copy: ${skipped}`;
describe.skipIf(!bin)(title, { timeout: 60_000 }, () => {
  let cluster: PgCluster;
  beforeAll(async () => {
    cluster = await startPgCluster();
  }, 60_000);
  afterAll(async () => {
    await cluster?.stop();
  });

  it("copies every row with the same values and the pictures into the database, and checks the totals", async () => {
    const source = sourceShop();
    const to = createPgDatabase(cluster, "copy_values");
    const report = await copyDatabase({ from: source.file, uploads: source.uploads, to });
    expect(report.rows).toMatchObject({
      users: 2,
      sessions: 1,
      products: 2,
      product_images: 1,
      product_sizes: 3,
      collections: 2,
      product_collections: 2,
      reviews: 2,
      orders: 1,
      order_items: 2,
      invoice_counters: 1,
      pincodes: 1,
      pin_cache: 1,
      stock_alerts: 2,
    });
    expect(report.pictures).toEqual({ files: 2, bytes: 7 + 15 });
    expect(report.totals["orders: grand totals (paise)"]).toBe(998_00);
    expect(report.totals["sizes: stock"]).toBe(10);

    const from = sqliteDrizzle(new Database(source.file, { readonly: true }), { schema: sqliteSchema });
    const pool = new pg.Pool({ connectionString: to, max: 1 });
    try {
      const target = drizzle(pool, { schema: pgSchema });
      for (const [key, table] of Object.entries(pgSchema)) {
        // The counters count each database's own writes (triggers), not rows to copy.
        if (!is(table, PgTable) || ["pictures", "catalogueVersion", "searchVersion", "productVersions"].includes(key))
          continue;
        const mine = from
          .select()
          .from(sqliteSchema[key as keyof typeof sqliteSchema] as never)
          .all() as Record<string, unknown>[];
        const theirs = (await target.select().from(table as never)) as Record<string, unknown>[];
        const byId = (rows: Record<string, unknown>[]) =>
          [...rows].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
        expect(byId(theirs), key).toEqual(byId(mine));
      }
      const pictures = await target.select().from(pgSchema.pictures);
      expect(
        pictures
          .map((p) => [p.name, p.type, Buffer.compare(p.bytes, readFileSync(join(source.uploads, p.name)))])
          .sort(),
      ).toEqual([
        ["aaaaaaaaaaaaaaaaaaaaaaaa-480.webp", "image/webp", 0],
        ["aaaaaaaaaaaaaaaaaaaaaaaa.png", "image/png", 0],
      ]);
      const [{ version }] = (await pool.query("SELECT version FROM catalogue_version")).rows;
      expect(version).toBeGreaterThan(0);
    } finally {
      await pool.end();
    }
  });

  it("refuses a database that already has a shop in it, and leaves it as it was", async () => {
    const source = sourceShop();
    const to = createPgDatabase(cluster, "copy_twice");
    await copyDatabase({ from: source.file, uploads: source.uploads, to });
    await expect(copyDatabase({ from: source.file, uploads: source.uploads, to })).rejects.toThrow(
      /already has users: copy into an empty database/,
    );
    const pool = new pg.Pool({ connectionString: to, max: 1 });
    try {
      expect((await pool.query("SELECT count(*)::int AS n FROM orders")).rows[0].n).toBe(1);
    } finally {
      await pool.end();
    }
  });

  it("runs as `npm run db:copy -- --to …` and says what it checked; without --to it prints its usage", () => {
    const source = sourceShop();
    const to = createPgDatabase(cluster, "copy_cli");
    const run = (args: string[]) =>
      spawnSync("npm", ["run", "--silent", "db:copy", "--", ...args], {
        cwd: ROOT,
        encoding: "utf8",
        env: { ...process.env, DATABASE_URL: "" },
      });
    const ok = run(["--to", to, "--from", source.file, "--uploads", source.uploads]);
    expect(ok.status, ok.stderr).toBe(0);
    expect(ok.stdout).toContain("orders           1 rows");
    expect(ok.stdout).toContain("checked orders: grand totals (paise): 99800");
    expect(ok.stdout).toMatch(/Copied and checked in [\d.]+ s/);
    const usage = run([]);
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain("Usage: npm run db:copy -- --to postgres://");
  });
});
