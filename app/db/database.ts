// What the model layer needs from a database, whichever one it is (client.server.ts picks).
import type { SqliteDb } from "./sqlite.server";

/**
 * The query builder the models write against. Both databases' drizzle builders take the same
 * calls for what the models do (select, insert, update, delete, returning, onConflictDoUpdate);
 * the type is SQLite's, and PostgreSQL's builder stands in for it at run time.
 */
export type DB = SqliteDb;
/** What a write transaction's function is given: its queries see its own writes. */
export type Tx = DB;

export type ShopDatabase = {
  dialect: "sqlite" | "pg";
  /** Reads; on SQLite a query-only connection. */
  db: DB;
  /** Every write; one at a time per process on SQLite, a pooled transaction on PostgreSQL. */
  writeTransaction<T>(fn: (tx: Tx) => T | Promise<T>): Promise<T>;
  /** Runs `fn` while no transaction of this process is open on the writing connection (SQLite). */
  withWriter<T>(fn: () => Promise<T>): Promise<T>;
  /** The catalogue's change counter as this process last knew it (see schema.sqlite.ts). */
  catalogueVersion(): number;
  /** Runs `fn` while no other process runs its start-up step against this database. */
  whileStartingUp(fn: () => Promise<void>): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
};
