// npm run db:copy -- --to postgres://… [--from data/shop.db] [--uploads data/uploads]
//
// Moves a shop from its SQLite file onto an empty PostgreSQL database: every table the shop keeps
// (users, sessions, products, pictures, reviews, orders and their invoice counters, the PIN
// directory and cache), the uploaded pictures from UPLOAD_DIR into the `pictures` table, then
// checks counts and totals before it commits. One PostgreSQL transaction: on any failure nothing is left behind. Read from
// one SQLite read transaction, so the copy is one consistent moment; stop the shop first (see
// docs/operations.md, "From one VPS to several servers") or later writes stay behind in the file.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import Database from "better-sqlite3";
import { getTableName, sql, type Table } from "drizzle-orm";
import { drizzle as sqliteDrizzle } from "drizzle-orm/better-sqlite3";
import { drizzle as pgDrizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { jsonRows } from "../app/db/json-rows.server";
import * as pgSchema from "../app/db/schema.pg";
import * as sqliteSchema from "../app/db/schema.sqlite";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

/** Parents before children, so every foreign key finds its row. */
const TABLES = [
  "users",
  "sessions",
  "products",
  "productImages",
  // Sizes and collections (issue #37); order lines name their size, so sizes come before them.
  "productSizes",
  "collections",
  "productCollections",
  "reviews",
  // Coupon codes (issue #39): an order names its coupon, so coupons come before orders.
  "coupons",
  "couponUses",
  "orders",
  "orderItems",
  // Without them numbering would start again at 1 and collide with the copied invoice numbers.
  "invoiceCounters",
  // Mails not yet sent go out from the new database.
  "mailOutbox",
  "pincodes",
  "pinCache",
  // Addresses waiting for "Tell me when it's back" (issue #39), and those already mailed.
  "stockAlerts",
] as const;
type TableKey = (typeof TABLES)[number];

/** Sums that must come out the same on both sides, besides each table's row count. */
const TOTALS: { label: string; sql: string }[] = [
  { label: "orders: grand totals (paise)", sql: "SELECT coalesce(sum(grand_total), 0) AS n FROM orders" },
  { label: "order lines: qty × price (paise)", sql: "SELECT coalesce(sum(qty * price), 0) AS n FROM order_items" },
  { label: "products: stock", sql: "SELECT coalesce(sum(stock), 0) AS n FROM products" },
  { label: "products: price (paise)", sql: "SELECT coalesce(sum(price), 0) AS n FROM products" },
  { label: "reviews: ratings", sql: "SELECT coalesce(sum(rating), 0) AS n FROM reviews" },
  { label: "sizes: stock", sql: "SELECT coalesce(sum(stock), 0) AS n FROM product_sizes" },
  { label: "sizes: price (paise)", sql: "SELECT coalesce(sum(price), 0) AS n FROM product_sizes" },
];

export type CopyReport = {
  rows: Record<string, number>;
  totals: Record<string, number>;
  pictures: { files: number; bytes: number };
};

/** File names saveUploads gives (see app/models/upload.server.ts). */
const PICTURE_FILE = /^[0-9a-f]{24}(?:-\d{2,4})?\.(jpg|png|webp|gif)$/;
const TYPES: Record<string, string> = { jpg: "image/jpeg", png: "image/png", webp: "image/webp", gif: "image/gif" };

export async function copyDatabase(options: {
  from: string;
  uploads: string;
  to: string;
  log?: (line: string) => void;
}): Promise<CopyReport> {
  const log = options.log ?? (() => {});
  if (!existsSync(options.from)) throw new Error(`No SQLite database at ${options.from}`);
  const file = new Database(options.from, { readonly: true, fileMustExist: true });
  const source = sqliteDrizzle(file, { schema: sqliteSchema });
  const pool = new pg.Pool({ connectionString: options.to, max: 1 });
  try {
    await migrate(pgDrizzle(pool, { schema: pgSchema }), { migrationsFolder: join(root, "drizzle", "pg") });
    const target = pgDrizzle(pool, { schema: pgSchema });
    const report: CopyReport = { rows: {}, totals: {}, pictures: { files: 0, bytes: 0 } };
    file.exec("BEGIN"); // one snapshot of the file for everything below
    try {
      await target.transaction(async (tx) => {
        for (const key of ["users", "products", "orders", "pictures"] as const) {
          const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(pgSchema[key]);
          if (row!.n > 0) throw new Error(`The PostgreSQL database already has ${key}: copy into an empty database`);
        }
        for (const key of TABLES) {
          const rows = source
            .select()
            .from(sqliteSchema[key] as Table)
            .all() as Record<string, unknown>[];
          await insertAll(tx, pgSchema[key], rows);
          report.rows[getTableName(pgSchema[key])] = rows.length;
          log(`${getTableName(pgSchema[key]).padEnd(16)} ${rows.length} rows`);
        }
        report.pictures = await copyPictures(tx, options.uploads);
        log(`pictures         ${report.pictures.files} files, ${report.pictures.bytes} bytes`);
        // The page caches compare this counter: start past the file's, never behind it.
        const version = Number(file.prepare("SELECT version FROM catalogue_version WHERE id = 1").pluck().get() ?? 0);
        await tx.execute(sql`UPDATE catalogue_version SET version = greatest(version, ${version}) + 1 WHERE id = 1`);
        await check(tx, file, report, options.uploads);
      });
    } finally {
      file.exec("COMMIT");
    }
    // Rows written in bulk leave the planner without statistics and the visibility map empty
    // until autovacuum comes by: plans made meanwhile hash whole tables (the owner's overview took
    // 150 ms rather than 40), and index-only scans still read the table. So both are done now.
    log("vacuum analyze");
    await pool.query("VACUUM (ANALYZE)");
    return report;
  } finally {
    file.close();
    await pool.end();
  }
}

type PgTx = Parameters<Parameters<ReturnType<typeof pgDrizzle>["transaction"]>[0]>[0];

/** One statement per table, the rows as one JSON parameter (PostgreSQL casts each value to its column's type). */
async function insertAll(tx: PgTx, table: (typeof pgSchema)[TableKey], rows: Record<string, unknown>[]) {
  if (rows.length > 0) await tx.insert(table).select(jsonRows("pg", table, rows as never));
}

function pictureFiles(dir: string): string[] {
  return existsSync(dir)
    ? readdirSync(dir)
        .filter((name) => PICTURE_FILE.test(name))
        .sort()
    : [];
}

async function copyPictures(tx: PgTx, dir: string): Promise<{ files: number; bytes: number }> {
  let bytes = 0;
  const names = pictureFiles(dir);
  for (const name of names) {
    const data = readFileSync(join(dir, name));
    bytes += data.length;
    await tx.insert(pgSchema.pictures).values({ name, type: TYPES[name.split(".").pop()!]!, bytes: data });
  }
  return { files: names.length, bytes };
}

/** Counts and totals on both sides, inside the copy's transaction: a difference rolls it back. */
async function check(tx: PgTx, file: Database.Database, report: CopyReport, dir: string) {
  const problems: string[] = [];
  for (const [table, n] of Object.entries(report.rows)) {
    const [row] = (await tx.execute(sql.raw(`SELECT count(*)::bigint AS n FROM ${table}`))).rows as { n: string }[];
    if (Number(row!.n) !== n) problems.push(`${table}: ${n} rows in SQLite, ${row!.n} in PostgreSQL`);
  }
  for (const total of TOTALS) {
    const here = Number(file.prepare(total.sql).pluck().get());
    const [row] = (await tx.execute(sql.raw(total.sql))).rows as { n: string }[];
    report.totals[total.label] = here;
    if (Number(row!.n) !== here) problems.push(`${total.label}: ${here} in SQLite, ${row!.n} in PostgreSQL`);
  }
  const [pics] = (
    await tx.execute(sql`SELECT count(*)::int AS files, coalesce(sum(length(bytes)), 0)::bigint AS bytes FROM pictures`)
  ).rows as { files: number; bytes: string }[];
  if (pics!.files !== report.pictures.files || Number(pics!.bytes) !== report.pictures.bytes)
    problems.push(`pictures: ${report.pictures.files} files in ${dir}, ${pics!.files} rows`);
  if (problems.length > 0) throw new Error(`The copy does not match, nothing was kept:\n  ${problems.join("\n  ")}`);
}

async function main() {
  const { values } = parseArgs({
    options: { to: { type: "string" }, from: { type: "string" }, uploads: { type: "string" } },
  });
  if (!values.to || !/^postgres(ql)?:\/\//.test(values.to)) {
    console.error(
      "Usage: npm run db:copy -- --to postgres://user@host/db [--from data/shop.db] [--uploads data/uploads]",
    );
    process.exit(2);
  }
  const from = resolve(values.from ?? process.env.DATABASE_PATH ?? join(root, "data", "shop.db"));
  const uploads = resolve(values.uploads ?? process.env.UPLOAD_DIR ?? join(root, "data", "uploads"));
  console.log(`Copying ${from} and the pictures in ${uploads} into PostgreSQL…`);
  const started = Date.now();
  const report = await copyDatabase({ from, uploads, to: values.to, log: (line) => console.log(`  ${line}`) });
  for (const [label, n] of Object.entries(report.totals)) console.log(`  checked ${label}: ${n}`);
  console.log(
    `Copied and checked in ${((Date.now() - started) / 1000).toFixed(1)} s. Start the shop with DATABASE_URL set to it.`,
  );
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
