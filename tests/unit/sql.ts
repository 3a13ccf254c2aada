import Database from "better-sqlite3";
import pg from "pg";
import { pool, sqlite, withWriter } from "~/db/client.server";
import { env } from "~/env.server";
import { numbered } from "../db";

// Raw SQL for tests, on the database this test file runs on (setup-sqlite.ts or setup-pg.ts).
// Text takes `?` placeholders, numbered $1, $2… for PostgreSQL (tests/db.ts's numbered).
// Write it so both databases give the same JS value: cast count(*) and sum() to integer
// (PostgreSQL's bigint arrives as a string), and read timestamps through drizzle (a Date on both)
// rather than as raw columns (unix seconds on SQLite).

/** Every row the statement returns (none for a write). */
export async function rows<T = Record<string, unknown>>(text: string, ...params: unknown[]): Promise<T[]> {
  if (pool) return (await pool.query(numbered(text), params)).rows as T[];
  // On the writing connection between the app's transactions: a test reads what it just wrote.
  return withWriter(async () => {
    const statement = sqlite!.prepare(text);
    if (statement.reader) return statement.all(...params) as T[];
    statement.run(...params);
    return [];
  });
}

/** The first row, or undefined. */
export async function row<T = Record<string, unknown>>(text: string, ...params: unknown[]): Promise<T | undefined> {
  return (await rows<T>(text, ...params))[0];
}

/** The first column of the first row, or undefined. */
export async function value<T = unknown>(text: string, ...params: unknown[]): Promise<T> {
  const first = await row(text, ...params);
  return (first === undefined ? undefined : Object.values(first)[0]) as T;
}

/** A write; how many rows it changed. */
export async function run(text: string, ...params: unknown[]): Promise<number> {
  if (pool) return (await pool.query(numbered(text), params)).rowCount ?? 0;
  return withWriter(async () => sqlite!.prepare(text).run(...params).changes);
}

/** A write from a connection of its own, as another app server or process would make it. */
export async function runElsewhere(text: string, ...params: unknown[]): Promise<void> {
  if (env.databaseUrl) {
    const client = new pg.Client({ connectionString: env.databaseUrl });
    await client.connect();
    try {
      await client.query(numbered(text), params);
    } finally {
      await client.end();
    }
    return;
  }
  const other = new Database(env.databasePath);
  try {
    other.prepare(text).run(...params);
  } finally {
    other.close();
  }
}
