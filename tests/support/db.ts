// Raw SQL for tests, unit and e2e alike, one SQL for both databases.
//
// testDb(address) opens connections of its own to a server's database: `address` is the SQLite
// file's path or a postgres:// URL. That is an e2e test's view of the server it runs against, and a
// unit test's "another process" (a write the app did not make).
// testDb(app) runs on the connections of the app in this process: a unit test passes
// `~/db/client.server` (`import * as app from "~/db/client.server"`). On SQLite that is the app's
// writing connection, between the app's own transactions, so a test reads what it just wrote and a
// TEMP trigger it creates is one the app's writes meet; on PostgreSQL, the app's pool.
//
// Queries are plain SQL with `?` placeholders, written to run on both (e.g. `is_admin = false`, not
// `= 0`; no rowid; a camelCase alias in double quotes, `as "userId"`, as PostgreSQL lowercases bare
// names), and rows come back as better-sqlite3 gives them, so an assertion reads the same on both
// databases: counts and bigints are numbers, booleans 1 or 0, timestamps unix seconds (read them
// through drizzle for a Date). Parameters may be booleans and Dates on both.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import pg from "pg";

export type TestDb = {
  readonly dialect: "sqlite" | "pg";
  all<T = Record<string, unknown>>(sql: string, ...params: unknown[]): Promise<T[]>;
  get<T = Record<string, unknown>>(sql: string, ...params: unknown[]): Promise<T | undefined>;
  /** The first column of the first row (better-sqlite3's pluck). */
  value<T = unknown>(sql: string, ...params: unknown[]): Promise<T | undefined>;
  /** A write; resolves to the number of rows it changed. */
  run(sql: string, ...params: unknown[]): Promise<number>;
};

/** The app's connections in this process, as `~/db/client.server` exports them. */
export type AppConnections = {
  readonly sqlite: Database.Database | null;
  readonly pool: pg.Pool | null;
  withWriter<T>(fn: () => Promise<T>): Promise<T>;
};

export const isPostgres = (address: string) => /^postgres(ql)?:\/\//.test(address);

export function testDb(target: string | AppConnections): TestDb {
  if (typeof target !== "string") {
    const { pool, sqlite: writer, withWriter } = target;
    if (pool) return postgres(pool);
    return sqlite((_writable, fn) => withWriter(async () => fn(writer!)));
  }
  return isPostgres(target) ? postgres(poolFor(target)) : sqlite(connectionPerCall(target));
}

/** Runs `fn` on a connection, one that may write when `writable`. */
type Connect = <T>(writable: boolean, fn: (db: Database.Database) => T) => Promise<T>;

// SQLite: a connection per call, read-only unless writing (WAL: a reader never blocks the server).
function connectionPerCall(path: string): Connect {
  return async (writable, fn) => {
    const db = new Database(path, { readonly: !writable, fileMustExist: true });
    try {
      db.pragma("busy_timeout = 5000");
      if (writable) db.pragma("foreign_keys = ON");
      return fn(db);
    } finally {
      db.close();
    }
  };
}

function sqlite(connect: Connect): TestDb {
  // What the shop's schema stores for them: 1/0 and unix seconds.
  const bind = (params: unknown[]) =>
    params.map((p) => (typeof p === "boolean" ? Number(p) : p instanceof Date ? Math.floor(p.getTime() / 1000) : p));
  return {
    dialect: "sqlite",
    all: <T>(sql: string, ...params: unknown[]) => connect(false, (db) => db.prepare(sql).all(...bind(params)) as T[]),
    get: <T>(sql: string, ...params: unknown[]) =>
      connect(false, (db) => db.prepare(sql).get(...bind(params)) as T | undefined),
    value: <T>(sql: string, ...params: unknown[]) =>
      connect(
        false,
        (db) =>
          db
            .prepare(sql)
            .pluck()
            .get(...bind(params)) as T | undefined,
      ),
    run: (sql: string, ...params: unknown[]) => connect(true, (db) => db.prepare(sql).run(...bind(params)).changes),
  };
}

const { builtins } = pg.types;
const unixSeconds = (text: string) => Math.floor(Date.parse(text) / 1000);
// node-postgres reads int8 and numeric as strings (they may not fit a JS number), booleans as
// booleans and timestamps as Dates: read them as better-sqlite3 reads the SQLite columns.
const parsers: Record<number, (text: string) => unknown> = {
  [builtins.INT8]: Number,
  [builtins.NUMERIC]: Number,
  [builtins.BOOL]: (text) => (text === "t" ? 1 : 0),
  [builtins.TIMESTAMPTZ]: unixSeconds,
  [builtins.TIMESTAMP]: unixSeconds,
};
const types = {
  getTypeParser: (oid: number, format?: "text" | "binary") =>
    parsers[oid] ?? pg.types.getTypeParser(oid, format ?? "text"),
};

// One small pool per database and test worker; idle connections close, and never keep the worker alive.
const pools = new Map<string, pg.Pool>();
function poolFor(url: string): pg.Pool {
  let pool = pools.get(url);
  if (!pool) {
    pool = new pg.Pool({ connectionString: url, max: 2, idleTimeoutMillis: 1_000, allowExitOnIdle: true });
    pool.on("error", () => {}); // an idle connection the cluster dropped: the next query opens another
    pools.set(url, pool);
  }
  return pool;
}

/** `?` → `$1, $2, …` for PostgreSQL, leaving quoted text alone. */
export function numbered(sql: string): string {
  let n = 0;
  return sql.replace(/'(?:[^']|'')*'|"(?:[^"]|"")*"|\?/g, (m) => (m === "?" ? `$${++n}` : m));
}

// The types go with each query, so the app's own pool (testDb(app)) reads rows the same way.
function postgres(pool: pg.Pool): TestDb {
  const query = (sql: string, params: unknown[]) => pool.query({ text: numbered(sql), values: params, types });
  return {
    dialect: "pg",
    all: async <T>(sql: string, ...params: unknown[]) => (await query(sql, params)).rows as T[],
    get: async <T>(sql: string, ...params: unknown[]) => (await query(sql, params)).rows[0] as T | undefined,
    value: async <T>(sql: string, ...params: unknown[]) => {
      const { rows } = await pool.query<unknown[]>({ text: numbered(sql), values: params, rowMode: "array", types });
      return rows[0]?.[0] as T | undefined;
    },
    run: async (sql: string, ...params: unknown[]) => (await query(sql, params)).rowCount ?? 0,
  };
}

/**
 * The uploaded pictures a server keeps, by file name: the files of its UPLOAD_DIR on SQLite, the
 * rows of `pictures` on PostgreSQL (docs/decisions/0004-pictures.md), with their bytes.
 */
export async function storedPictures(address: string, uploadDir: string): Promise<Map<string, Buffer>> {
  const pictures = new Map<string, Buffer>();
  if (isPostgres(address)) {
    const client = new pg.Client({ connectionString: address });
    await client.connect();
    try {
      for (const row of (
        await client.query<{ name: string; bytes: Buffer }>("SELECT name, bytes FROM pictures ORDER BY name")
      ).rows)
        pictures.set(row.name, row.bytes);
    } finally {
      await client.end();
    }
    return pictures;
  }
  if (!existsSync(uploadDir)) return pictures;
  for (const name of readdirSync(uploadDir).sort()) {
    const path = join(uploadDir, name);
    if (statSync(path).isFile()) pictures.set(name, readFileSync(path));
  }
  return pictures;
}
