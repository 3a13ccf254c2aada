// The embedded database: one SQLite file, two connections per process (see openSqlite).
import { AsyncLocalStorage } from "node:async_hooks";
import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import Database from "better-sqlite3";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { projectRoot } from "~/env.server";
import type { ShopDatabase } from "./database";
import * as schema from "./schema.sqlite";

export type SqliteDb = BetterSQLite3Database<typeof schema>;

function connect(path: string, options: { cacheMb: number }) {
  const sqlite = new Database(path);
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
export function openSqlite(path: string): ShopDatabase<SqliteDb, SqliteDb> & { writer: Database.Database } {
  mkdirSync(dirname(path), { recursive: true });
  const writer = connect(path, { cacheMb: 16 });
  const writerDb = drizzle(writer, { schema });
  // Migrations run as the file opens: cheap when there is nothing to apply, and every process
  // (a script, a test) gets a current schema.
  migrate(writerDb, { migrationsFolder: join(projectRoot, "drizzle", "sqlite") });
  const reader = connect(path, { cacheMb: 64 });
  reader.pragma("query_only = ON");

  // One writer at a time in this process: each waits for the one before it to finish.
  let tail: Promise<unknown> = Promise.resolve();
  const oneAtATime = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = tail.then(fn);
    tail = run.catch(() => {});
    return run;
  };
  const openTransaction = new AsyncLocalStorage<SqliteDb>();
  const catalogueVersionRow = reader.prepare("SELECT version FROM catalogue_version WHERE id = 1").pluck();
  const productVersionRow = reader.prepare("SELECT version FROM product_versions WHERE product_id = ?").pluck();

  return {
    db: drizzle(reader, { schema }),
    writer,
    // IMMEDIATE takes the file's write lock at BEGIN, waiting (busy_timeout) while another
    // process holds it; a deferred transaction that reads first would instead fail at once with
    // "database is locked" when another connection wrote between its read and its write.
    writeTransaction(fn) {
      const open = openTransaction.getStore();
      if (open) return Promise.resolve(fn(open));
      return oneAtATime(async () => {
        writer.exec("BEGIN IMMEDIATE");
        try {
          const result = await openTransaction.run(writerDb, () => fn(writerDb));
          writer.exec("COMMIT");
          return result;
        } catch (error) {
          if (writer.inTransaction) writer.exec("ROLLBACK");
          throw error;
        }
      });
    },
    withWriter: (fn) => (openTransaction.getStore() ? fn() : oneAtATime(fn)),
    // Triggers keep the row (drizzle/sqlite/0004); reading it costs microseconds, so every
    // request reads it and a change from any process shows at once.
    catalogueVersion: () => catalogueVersionRow.get() as number,
    // The same for a product's own pages (drizzle/sqlite/0022): 0 until it first changes.
    productVersion: (productId) => (productVersionRow.get(productId) as number | undefined) ?? 0,
    // The start-up step runs in one process per machine (server/primary.ts), and each of its
    // writes checks again under the file's write lock.
    whileStartingUp: (fn) => fn(),
    async ping() {
      reader.prepare("SELECT 1").get();
    },
    async close() {
      for (const c of [reader, writer]) if (c.open) c.close();
    },
  };
}
