import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { drizzle as sqliteDrizzle } from "drizzle-orm/better-sqlite3";
import { migrate as sqliteMigrate } from "drizzle-orm/better-sqlite3/migrator";
import { drizzle as pgDrizzle } from "drizzle-orm/node-postgres";
import { migrate as pgMigrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";

/**
 * A copy of the migrations `folder` as it was up to (and including) journal entry `last`: a
 * database migrated with it is one a live shop had before the later migrations.
 */
export function migrationsUpTo(folder: string, last: number): string {
  const dir = mkdtempSync(join(tmpdir(), "candle-migrations-"));
  cpSync(folder, dir, { recursive: true });
  const journal = JSON.parse(readFileSync(join(dir, "meta", "_journal.json"), "utf8")) as {
    entries: { idx: number }[];
  };
  journal.entries = journal.entries.filter((e) => e.idx <= last);
  writeFileSync(join(dir, "meta", "_journal.json"), JSON.stringify(journal));
  return dir;
}

/** Applies the migrations in `folder` to the database at `address`: a postgres:// URL or a SQLite file. */
export async function migrateWith(address: string, folder: string): Promise<void> {
  if (address.startsWith("postgres")) {
    const pool = new pg.Pool({ connectionString: address, max: 1 });
    try {
      await pgMigrate(pgDrizzle(pool), { migrationsFolder: folder });
    } finally {
      await pool.end();
    }
    return;
  }
  const sqlite = new Database(address);
  try {
    sqliteMigrate(sqliteDrizzle(sqlite), { migrationsFolder: folder });
  } finally {
    sqlite.close();
  }
}
