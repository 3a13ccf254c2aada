import Database from "better-sqlite3";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { AsyncLocalStorage } from "node:async_hooks";
import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { env, projectRoot } from "~/env.server";
import * as schema from "./schema";

export type DB = BetterSQLite3Database<typeof schema>;
/** What a write transaction's function is given: its queries see its own writes. */
export type Tx = DB;

function connect(options: { cacheMb: number }) {
  const sqlite = new Database(env.databasePath);
  // WAL lets readers run while a writer commits; NORMAL is durable across process crashes in WAL.
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  // Page cache and 256 MB memory-mapped reads: the catalogue stays in memory on a small VPS.
  sqlite.pragma(`cache_size = -${options.cacheMb * 1024}`);
  sqlite.pragma("mmap_size = 268435456");
  sqlite.pragma("temp_store = MEMORY");
  return sqlite;
}

/**
 * Two connections per process. Writes go through one, inside writeTransaction, one transaction
 * at a time; everything else reads through the other, which is query-only. With async model
 * functions a transaction stays open across awaits, while other requests run: on one shared
 * connection their reads would see its uncommitted rows and their writes would join it. A
 * reading connection sees only what is committed (WAL snapshots), and query_only makes a write
 * that forgot writeTransaction fail loudly instead.
 */
function open() {
  mkdirSync(dirname(env.databasePath), { recursive: true });
  const writer = connect({ cacheMb: 16 });
  const writerDb = drizzle(writer, { schema });
  migrate(writerDb, { migrationsFolder: join(projectRoot, "drizzle") });
  const reader = connect({ cacheMb: 64 });
  reader.pragma("query_only = ON");
  return { writer, writerDb, reader, db: drizzle(reader, { schema }) };
}

// Kept on globalThis so dev-server reloads do not open more connections.
const g = globalThis as unknown as { __shopDb?: ReturnType<typeof open> };
const conn = (g.__shopDb ??= open());

/** Reads. Writes go through writeTransaction. */
export const db: DB = conn.db;
/**
 * The writing connection itself, for start-up steps, scripts and tests that run before or
 * beside the server's requests; request code writes through writeTransaction only.
 */
export const sqlite = conn.writer;

// One writer at a time in this process: each waits for the one before it to finish.
let tail: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(fn: () => Promise<T>): Promise<T> {
  const run = tail.then(fn);
  tail = run.catch(() => {});
  return run;
}

const openTransaction = new AsyncLocalStorage<Tx>();

/**
 * Every write goes through here, one transaction at a time per process. IMMEDIATE takes the
 * database's write lock at BEGIN, waiting (busy_timeout) while another process holds it; a
 * deferred transaction that reads first would instead fail at once with "database is locked"
 * when another connection wrote between its read and its write. A call made inside a
 * transaction joins it. Nothing but database work should be awaited inside: the write lock is
 * held until `fn` settles.
 */
export function writeTransaction<T>(fn: (tx: Tx) => T | Promise<T>): Promise<T> {
  const open = openTransaction.getStore();
  if (open) return Promise.resolve(fn(open));
  return oneAtATime(async () => {
    conn.writer.exec("BEGIN IMMEDIATE");
    try {
      const result = await openTransaction.run(conn.writerDb, () => fn(conn.writerDb));
      conn.writer.exec("COMMIT");
      return result;
    } catch (error) {
      if (conn.writer.inTransaction) conn.writer.exec("ROLLBACK");
      throw error;
    }
  });
}

/**
 * Runs `fn` on the writing connection while no transaction is open on it, for a library that
 * writes through the connection itself (the rate limiter's store).
 */
export function withWriter<T>(fn: () => Promise<T>): Promise<T> {
  return openTransaction.getStore() ? fn() : oneAtATime(fn);
}

/** How many rows an insert, update or delete changed. */
export function rowsChanged(result: { changes: number }): number {
  return result.changes;
}

const catalogueVersionRow = conn.reader.prepare("SELECT version FROM catalogue_version WHERE id = 1").pluck();

/**
 * Grows whenever a product, a product picture or a review is written, by this process or any
 * other (triggers keep it; see `catalogueVersion` in schema.ts). What a guest page or a shop
 * total shows depends on nothing else, so their caches compare it; a login or a PIN lookup
 * leaves them warm.
 */
export function catalogueVersion(): number {
  return catalogueVersionRow.get() as number;
}

/** Closes this process's connections (a stopping server, the start-up step). */
export function closeDatabase(): void {
  for (const c of [conn.reader, conn.writer]) if (c.open) c.close();
}
