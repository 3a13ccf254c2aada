// What the model layer needs from a database, whichever one it is (client.server.ts opens the one
// dialect.server.ts names). Each implementation fills it with its own drizzle types; the models
// see them through `~/db/types`, which the typecheck resolves once per database.

export type ShopDatabase<DB, Tx> = {
  /** Reads; on SQLite a query-only connection. */
  db: DB;
  /** Every write; one at a time per process on SQLite, a pooled transaction on PostgreSQL. */
  writeTransaction<T>(fn: (tx: Tx) => T | Promise<T>): Promise<T>;
  /** Runs `fn` while no transaction of this process is open on the writing connection (SQLite). */
  withWriter<T>(fn: () => Promise<T>): Promise<T>;
  /** The catalogue's change counter as this process last knew it (see schema.sqlite.ts). */
  catalogueVersion(): number;
  /**
   * The version of one product's own pages as this process last knew it: moves on any change to
   * what its page shows, its stock included (issue #52), where catalogueVersion moves only for
   * what lists and cards show.
   */
  productVersion(productId: string): number;
  /** Runs `fn` while no other process runs its start-up step against this database. */
  whileStartingUp(fn: () => Promise<void>): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
};
