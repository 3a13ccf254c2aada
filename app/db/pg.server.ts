// PostgreSQL, for several app servers sharing one database (DATABASE_URL): a pool per process.
import { AsyncLocalStorage } from "node:async_hooks";
import { join } from "node:path";
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { projectRoot } from "~/env.server";
import type { ShopDatabase } from "./database";
import { Client } from "./pg-client.server";
import { productVersions } from "./product-versions.server";
import * as schema from "./schema.pg";

/** Any number: every app server takes the same lock while it migrates, so one at a time does. */
const MIGRATION_LOCK = 0x5ca4d1e5;
const STARTUP_LOCK = MIGRATION_LOCK + 1;
/** How often the catalogue version is read again, should a notification have been missed. */
const POLL_MS = 500;

export type PgDb = NodePgDatabase<typeof schema>;
export type PgTx = Parameters<Parameters<PgDb["transaction"]>[0]>[0];

export async function openPostgres(
  url: string,
  poolSize: number,
): Promise<ShopDatabase<PgDb, PgTx> & { pool: pg.Pool }> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, Client });
  // An idle connection the server dropped must not take the process down.
  pool.on("error", (error) => console.error("PostgreSQL pool:", error.message));

  const client = await pool.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
    await migrate(drizzle(client, { schema }), { migrationsFolder: join(projectRoot, "drizzle", "pg") });
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => {});
    client.release();
  }

  const db: PgDb = drizzle(pool, { schema });
  const openTransaction = new AsyncLocalStorage<PgTx>();

  // The catalogue version and the products' own versions (kept by triggers, drizzle/pg) are pushed
  // by NOTIFY to every app server as their transaction commits, read again after this process's
  // own writes, and polled in case the listening connection was lost: a page cache never serves a
  // stale page for long. One query reads both: the lists' version, then each product changed since.
  let version = 0;
  const start = await pool.query<{ v: string | null }>("SELECT max(version) AS v FROM product_versions");
  const products = productVersions(Number(start.rows[0]?.v ?? 0));
  const readVersion = async () => {
    const { rows } = await pool.query<{ product_id: string | null; version: string | number }>(
      `SELECT NULL AS product_id, version FROM catalogue_version WHERE id = 1
       UNION ALL SELECT product_id, version FROM product_versions WHERE version > $1`,
      [products.since()],
    );
    for (const row of rows)
      if (row.product_id === null) version = Math.max(version, Number(row.version));
      else products.read([{ product_id: row.product_id, version: row.version }]);
  };
  await readVersion();
  let listener: pg.Client | null = null;
  const listen = async () => {
    const c = new pg.Client({ connectionString: url });
    c.on("error", () => {
      listener = null;
    });
    c.on("notification", (message) => {
      if (message.channel === "product_version") return products.heard(message.payload);
      const v = Number(message.payload);
      if (Number.isFinite(v) && v > version) version = v;
    });
    await c.connect();
    await c.query("LISTEN catalogue_version; LISTEN product_version");
    listener = c;
  };
  await listen();
  const poll = setInterval(() => {
    readVersion().catch(() => {});
    if (!listener) listen().catch(() => {});
  }, POLL_MS);
  poll.unref();

  return {
    db,
    pool,
    async writeTransaction(fn) {
      const open = openTransaction.getStore();
      if (open) return fn(open);
      const result = await db.transaction((tx) => openTransaction.run(tx, () => Promise.resolve(fn(tx))));
      await readVersion();
      return result;
    },
    withWriter: (fn) => fn(),
    catalogueVersion: () => version,
    productVersion: (productId) => products.get(productId),
    async whileStartingUp(fn) {
      const client = await pool.connect();
      try {
        await client.query("SELECT pg_advisory_lock($1)", [STARTUP_LOCK]);
        await fn();
      } finally {
        await client.query("SELECT pg_advisory_unlock($1)", [STARTUP_LOCK]).catch(() => {});
        client.release();
      }
    },
    async ping() {
      await pool.query("SELECT 1");
    },
    async close() {
      clearInterval(poll);
      await listener?.end().catch(() => {});
      await pool.end();
    },
  };
}
