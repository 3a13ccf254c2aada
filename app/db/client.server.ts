// The shop's database, the one dialect.server.ts names: PostgreSQL or the SQLite file. Model code
// imports from here and never from either implementation directly.
import { sql } from "drizzle-orm";
import type { DB, Preparable, Tx } from "~/db/types";
import type { ShopDatabase } from "./database";
import { connection, dialect } from "./dialect.server";

export type { DB, Tx } from "~/db/types";
export { dialect } from "./dialect.server";

type Opened = ShopDatabase<DB, Tx> & { writer?: import("better-sqlite3").Database; pool?: import("pg").Pool };

async function open(): Promise<Opened> {
  // Each implementation returns its own drizzle types; `DB` and `Tx` are the same ones in the
  // typecheck pass of that database, so this narrowing is the only place the two meet.
  const opened =
    connection.dialect === "pg"
      ? await (await import("./pg.server")).openPostgres(connection.url, connection.poolSize)
      : (await import("./sqlite.server")).openSqlite(connection.path);
  return opened as Opened;
}

// Kept on globalThis so dev-server reloads do not open more connections.
const g = globalThis as unknown as { __shopDb?: Promise<Opened> };
const database = await (g.__shopDb ??= open());

/** Reads. Writes go through writeTransaction. */
export const db = database.db;
/**
 * Every write goes through here. A call made inside a transaction joins it. Nothing but database
 * work should be awaited inside: on SQLite the file's write lock is held until `fn` settles.
 */
export const writeTransaction = database.writeTransaction;
/** For a library that writes through the connection itself (the rate limiter's SQLite store). */
export const withWriter = database.withWriter;
/**
 * Grows whenever something a list or a card shows is written (a product, its pictures, sizes,
 * collections, reviews; its stock only across zero), by this process or any other (triggers keep
 * it; see `catalogueVersion` in schema.sqlite.ts). What a list page or a shop total shows depends
 * on nothing else, so their caches compare it.
 */
export const catalogueVersion = database.catalogueVersion;
/** The version of one product's own pages (its stock included): see ShopDatabase.productVersion. */
export const productVersion = database.productVersion;
/** For the start-up step (admin, demo catalogue, PIN directory): one process at a time. */
export const whileStartingUp = database.whileStartingUp;
/** Whether the database answers (GET /healthz). */
export const pingDatabase = database.ping;
/** Closes this process's connections (a stopping server, the start-up step). */
export const closeDatabase = database.close;

/**
 * The SQLite file's writing connection, for start-up steps, scripts and tests that run before or
 * beside the server's requests; null on PostgreSQL.
 */
export const sqlite = database.writer ?? null;
/** PostgreSQL's connection pool, for a library that queries through it (the rate limiter); null on SQLite. */
export const pool = database.pool ?? null;

/**
 * The order rows were written in, for a table filled once in one statement and never changed
 * after (the PIN directory): SQLite's rowid, PostgreSQL's physical row position. Rows that can
 * be deleted, whose space PostgreSQL then reuses, keep an explicit position instead (order lines).
 */
export const insertionOrder = dialect === "pg" ? sql`ctid` : sql`rowid`;

/** How many rows an insert, update or delete changed (better-sqlite3 and node-postgres say it differently). */
export function rowsChanged(result: unknown): number {
  const r = result as { changes?: number; rowCount?: number | null };
  return r.changes ?? r.rowCount ?? 0;
}

/** Whether `error` is a unique-index refusal of `index` (PostgreSQL names it; SQLite names the columns). */
export function isUniqueViolation(error: unknown, index: { name: string; columns: string[] }): boolean {
  for (let e = error; e instanceof Error; e = e.cause) {
    const { code, constraint } = e as { code?: string; constraint?: string };
    if (code === "23505" && constraint === index.name) return true;
    if (code === "SQLITE_CONSTRAINT_UNIQUE" && index.columns.every((c) => e.message.includes(c))) return true;
  }
  return false;
}

/**
 * A read prepared once per process (hot paths: the session, the user, the listing). PostgreSQL
 * names its prepared statements; SQLite's are handles. Returns the rows.
 */
export function prepared<Row>(
  name: string,
  query: Preparable<Row>,
): (params?: Record<string, unknown>) => Promise<Row[]> {
  // `Preparable` is the shape of the database being type-checked; `dialect` says which one runs.
  // SQLite's prepare() takes no name (its statements are handles), PostgreSQL's needs one.
  const statement = (query as unknown as { prepare(name?: string): PreparedEither<Row> }).prepare(
    dialect === "pg" ? name : undefined,
  );
  if (dialect === "pg") return (params) => statement.execute(params);
  return async (params) => statement.all(params);
}

type PreparedEither<Row> = {
  all(params?: Record<string, unknown>): Row[];
  execute(params?: Record<string, unknown>): Promise<Row[]>;
};
