// npx tsx tests/bench/collection-plans.ts   with DATABASE_PATH=<a bench shop's SQLite file> or DATABASE_URL=postgres://…
//
// Issue #37: a collection's page must cost at most twice /shop's at 100,000 products. Times the
// listing's reads (listProducts: count cached per catalogue version, as in the app, and the page)
// for /shop and /shop?collection=floral with the same sorts and pages, median of 50 runs, then
// prints the plan of the collection's page queries (SQLite: EXPLAIN QUERY PLAN; PostgreSQL:
// EXPLAIN ANALYZE). Make a shop with `npx tsx tests/bench/seed-large.ts /tmp/shop.db --products 100000`.
import Database from "better-sqlite3";
import pg from "pg";

process.env.SESSION_SECRET ??= "plans-session-secret-0123456789abcdef";
process.env.SEED_DEMO = "false";

type Caught = { sql: string; params: unknown[] };
let caught: Caught[] = [];
let catching = false;

const prepare = Database.prototype.prepare;
Database.prototype.prepare = function (this: Database.Database, source: string) {
  const statement = prepare.call(this, source) as Database.Statement;
  for (const method of ["all", "get"] as const) {
    const original = (statement as unknown as Record<string, (...a: unknown[]) => unknown>)[method]!;
    (statement as unknown as Record<string, unknown>)[method] = (...params: unknown[]) => {
      if (catching) caught.push({ sql: source, params });
      return original.apply(statement, params);
    };
  }
  return statement;
} as typeof prepare;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const [first, values] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
  if (catching) {
    const text = typeof first === "string" ? first : first.text;
    caught.push({ sql: text, params: (typeof first === "string" ? values : (first.values ?? values)) ?? [] });
  }
  return (query as (...a: unknown[]) => unknown).apply(this, args);
} as typeof query;

const app = await import("../../app/db/client.server");
const { listProducts } = await import("../../app/models/catalogue/products.server");
const { parseShopQuery } = await import("../../app/lib/shop-query");

const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
async function time(qs: string): Promise<number> {
  const query = parseShopQuery(new URLSearchParams(qs));
  await listProducts(query); // warm: statements prepared, count kept
  const times: number[] = [];
  for (let i = 0; i < 50; i++) {
    const t = performance.now();
    await listProducts(query);
    times.push(performance.now() - t);
  }
  return median(times);
}

const total = (await listProducts(parseShopQuery(new URLSearchParams("")))).totalItems;
const inFloral = (await listProducts(parseShopQuery(new URLSearchParams("collection=floral")))).totalItems;
console.log(`${total} live products, ${inFloral} in floral (${app.sqlite ? "SQLite" : "PostgreSQL"})`);
const cases = [
  "",
  "sort=price-asc",
  "sort=price-desc",
  "sort=rating-desc",
  "page=50",
  `page=${Math.ceil(inFloral / 12 / 2)}`,
  "q=vetiver",
  "q=candle",
];
console.log("query | /shop ms | collection ms | ratio");
for (const qs of cases) {
  const shop = await time(qs);
  const coll = await time(`collection=floral${qs ? `&${qs}` : ""}`);
  console.log(`${qs || "(default)"} | ${shop.toFixed(2)} | ${coll.toFixed(2)} | ${(coll / shop).toFixed(2)}`);
}

if (process.argv.includes("--plans")) {
  for (const qs of ["", "sort=price-asc", "q=vetiver", "page=694"]) {
    caught = [];
    catching = true;
    await listProducts(parseShopQuery(new URLSearchParams(`collection=floral${qs ? `&${qs}` : ""}`)));
    catching = false;
    for (const { sql, params } of caught.filter((c) => /product_collections/.test(c.sql))) {
      console.log(`\n-- ${qs || "(default)"}: ${sql}\n-- parameters: ${JSON.stringify(params)}`);
      if (app.sqlite) {
        for (const row of app.sqlite.prepare(`explain query plan ${sql}`).all(...params) as { detail: string }[])
          console.log(`   ${row.detail}`);
      } else {
        const plan = await app.pool!.query(`explain (analyze, costs off) ${sql}`, params);
        for (const row of plan.rows as { "QUERY PLAN": string }[]) console.log(`   ${row["QUERY PLAN"]}`);
      }
    }
  }
}
await app.closeDatabase();
