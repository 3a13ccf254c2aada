import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, expect } from "vitest";
import { NO_SQL } from "./no-sql-files";

// The sqlite project (vite.config.ts): each test file gets its own empty database, created on
// first import of the db client.
const dir = mkdtempSync(join(tmpdir(), "candle-unit-"));
process.env.DATABASE_PATH = join(dir, "shop.db");
process.env.SESSION_SECRET = "unit-test-secret-0123456789abcdef";
process.env.SEED_DEMO = "false";

// A file the pg project leaves out for using no database must not use one (no-sql-files.ts).
afterAll(() => {
  const file = relative(process.cwd(), expect.getState().testPath ?? "");
  if (NO_SQL.includes(file) && (globalThis as { __shopDb?: unknown }).__shopDb)
    throw new Error(
      `${file} opens the database: take it off NO_SQL (tests/support/no-sql-files.ts) so it runs on PostgreSQL too`,
    );
});
