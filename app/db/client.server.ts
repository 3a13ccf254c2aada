import Database from "better-sqlite3";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { env, projectRoot } from "~/env.server";
import * as schema from "./schema";

export type DB = BetterSQLite3Database<typeof schema>;

function open() {
  mkdirSync(dirname(env.databasePath), { recursive: true });
  const sqlite = new Database(env.databasePath);
  // WAL lets readers run while a writer commits; NORMAL is durable across process crashes in WAL.
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  // 64 MB page cache and 256 MB memory-mapped reads: the catalogue stays in memory on a small VPS.
  sqlite.pragma("cache_size = -65536");
  sqlite.pragma("mmap_size = 268435456");
  sqlite.pragma("temp_store = MEMORY");
  const db = drizzle(sqlite, { schema });
  migrate(db, { migrationsFolder: join(projectRoot, "drizzle", "sqlite") });
  return { sqlite, db };
}

// One connection per process; kept on globalThis so dev-server reloads do not open more.
const g = globalThis as unknown as { __shopDb?: ReturnType<typeof open> };
const conn = (g.__shopDb ??= open());

export const db: DB = conn.db;
export const sqlite = conn.sqlite;

export type Tx = Parameters<Parameters<DB["transaction"]>[0]>[0];

/**
 * Every multi-row write goes through here. IMMEDIATE takes the write lock at BEGIN, waiting
 * (busy_timeout) if another connection holds it; a deferred transaction that reads first would
 * instead fail at once with "database is locked" when another connection, a script or a test,
 * wrote between its read and its write.
 */
export function writeTransaction<T>(fn: (tx: Tx) => T): T {
  return db.transaction(fn, { behavior: "immediate" });
}

const catalogueVersionRow = sqlite.prepare("SELECT version FROM catalogue_version WHERE id = 1").pluck();

/**
 * Grows whenever a product, a product picture or a review is written, by this process or any
 * other (triggers keep it; see `catalogueVersion` in schema.ts). What a guest page or a shop
 * total shows depends on nothing else, so their caches compare it; a login or a PIN lookup
 * leaves them warm.
 */
export function catalogueVersion(): number {
  return catalogueVersionRow.get() as number;
}

/** Closes this process's connection (a stopping server, the start-up step). */
export function closeDatabase(): void {
  if (sqlite.open) sqlite.close();
}
