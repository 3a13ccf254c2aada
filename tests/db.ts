// A test's view of a server's database, whichever it is: `address` is the SQLite file's path or a
// postgres:// URL. Queries are plain SQL with `?` placeholders, written to run on both (e.g.
// `is_admin = false`, not `= 0`; no rowid; a camelCase alias in double quotes, `as "userId"`, as
// PostgreSQL lowercases bare names), and rows come back as better-sqlite3 gives them, so an
// assertion reads the same on both databases: counts and bigints are numbers, booleans 1 or 0,
// timestamps unix seconds. Parameters may be booleans and Dates on both.
import Database from "better-sqlite3";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
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

export const isPostgres = (address: string) => /^postgres(ql)?:\/\//.test(address);

export function testDb(address: string): TestDb {
  return isPostgres(address) ? postgres(address) : sqlite(address);
}

// SQLite: a connection per call, read-only unless writing (WAL: a reader never blocks the server).
function sqlite(path: string): TestDb {
  const open = <T>(writable: boolean, fn: (db: Database.Database) => T): T => {
    const db = new Database(path, { readonly: !writable, fileMustExist: true });
    try {
      db.pragma("busy_timeout = 5000");
      if (writable) db.pragma("foreign_keys = ON");
      return fn(db);
    } finally {
      db.close();
    }
  };
  // What the shop's schema stores for them: 1/0 and unix seconds.
  const bind = (params: unknown[]) => params.map((p) => (typeof p === "boolean" ? Number(p) : p instanceof Date ? Math.floor(p.getTime() / 1000) : p));
  return {
    dialect: "sqlite",
    all: async <T>(sql: string, ...params: unknown[]) => open(false, (db) => db.prepare(sql).all(...bind(params)) as T[]),
    get: async <T>(sql: string, ...params: unknown[]) => open(false, (db) => db.prepare(sql).get(...bind(params)) as T | undefined),
    value: async <T>(sql: string, ...params: unknown[]) => open(false, (db) => db.prepare(sql).pluck().get(...bind(params)) as T | undefined),
    run: async (sql: string, ...params: unknown[]) => open(true, (db) => db.prepare(sql).run(...bind(params)).changes),
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
  getTypeParser: (oid: number, format?: "text" | "binary") => parsers[oid] ?? pg.types.getTypeParser(oid, format ?? "text"),
};

// One small pool per database and test worker; idle connections close, and never keep the worker alive.
const pools = new Map<string, pg.Pool>();
function poolFor(url: string): pg.Pool {
  let pool = pools.get(url);
  if (!pool) {
    pool = new pg.Pool({ connectionString: url, max: 2, idleTimeoutMillis: 1_000, allowExitOnIdle: true, types });
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

function postgres(url: string): TestDb {
  const query = (sql: string, params: unknown[]) => poolFor(url).query(numbered(sql), params);
  return {
    dialect: "pg",
    all: async <T>(sql: string, ...params: unknown[]) => (await query(sql, params)).rows as T[],
    get: async <T>(sql: string, ...params: unknown[]) => (await query(sql, params)).rows[0] as T | undefined,
    value: async <T>(sql: string, ...params: unknown[]) => {
      const { rows } = await poolFor(url).query<unknown[]>({ text: numbered(sql), values: params, rowMode: "array" });
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
      for (const row of (await client.query<{ name: string; bytes: Buffer }>("SELECT name, bytes FROM pictures ORDER BY name")).rows) pictures.set(row.name, row.bytes);
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
