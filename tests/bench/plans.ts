// npx tsx tests/bench/plans.ts   with DATABASE_PATH=<a bench shop's SQLite file> or DATABASE_URL=postgres://…
//
// The query plans of the owner's overview (issue #26), as the app sends its queries: the SQL and
// parameters are caught on their way to the driver while the overview is computed once, then each
// is explained (SQLite: EXPLAIN QUERY PLAN; PostgreSQL: EXPLAIN (ANALYZE, BUFFERS)) and timed
// (median of 20 runs). For docs/performance.md. Make a shop with
// `npx tsx tests/bench/seed-large.ts /tmp/shop.db --orders 100000` (and `npm run db:copy` for PostgreSQL).
import Database from "better-sqlite3";
import pg from "pg";

process.env.SESSION_SECRET ??= "plans-session-secret-0123456789abcdef";
process.env.SEED_DEMO = "false";

type Caught = { sql: string; params: unknown[] };
const caught: Caught[] = [];
let catching = false;

// SQLite: drizzle prepares each statement, then runs it with its parameters.
const prepare = Database.prototype.prepare;
Database.prototype.prepare = function (this: Database.Database, source: string) {
  const statement = prepare.call(this, source) as Database.Statement;
  if (catching)
    for (const method of ["all", "get", "run", "values"] as const) {
      const original = (statement as unknown as Record<string, (...a: unknown[]) => unknown>)[method];
      if (typeof original !== "function") continue;
      (statement as unknown as Record<string, unknown>)[method] = (...params: unknown[]) => {
        caught.push({ sql: source, params });
        return original.apply(statement, params);
      };
    }
  return statement;
} as typeof prepare;
// PostgreSQL: node-postgres's query, text and values.
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const [first, values] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
  if (catching) {
    const text = typeof first === "string" ? first : first.text;
    const params = (typeof first === "string" ? values : (first.values ?? values)) ?? [];
    if (!/^(begin|commit|rollback|set )/i.test(text)) caught.push({ sql: text, params });
  }
  return (query as (...a: unknown[]) => unknown).apply(this, args);
} as typeof query;

const app = await import("../../app/db/client.server");
const { ownerOverview } = await import("../../app/models/overview/overview.server");
await ownerOverview(); // warm: statements prepared, pages cached
catching = true;
await ownerOverview();
catching = false;

const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
for (const { sql, params } of caught) {
  console.log(`\n-- ${sql}\n-- parameters: ${JSON.stringify(params)}`);
  const times: number[] = [];
  if (app.sqlite) {
    for (const row of app.sqlite.prepare(`explain query plan ${sql}`).all(...params) as { detail: string }[])
      console.log(`   ${row.detail}`);
    const statement = app.sqlite.prepare(sql);
    for (let i = 0; i < 20; i++) {
      const t = performance.now();
      statement.all(...params);
      times.push(performance.now() - t);
    }
  } else {
    const client = await app.pool!.connect();
    try {
      const plan = await client.query(`explain (analyze, buffers, costs off) ${sql}`, params);
      for (const row of plan.rows as { "QUERY PLAN": string }[]) console.log(`   ${row["QUERY PLAN"]}`);
      for (let i = 0; i < 20; i++) {
        const t = performance.now();
        await client.query(sql, params);
        times.push(performance.now() - t);
      }
    } finally {
      client.release();
    }
  }
  console.log(`   median ${median(times).toFixed(2)} ms over 20 runs`);
}
await app.closeDatabase();
