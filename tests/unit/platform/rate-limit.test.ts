import { RateLimiterPostgres, RateLimiterSQLite } from "rate-limiter-flexible";
import { beforeEach, describe, expect, it, vi } from "vitest";
import * as app from "~/db/client.server";
import { check, hit, RateLimited, resetRateLimits, RULES } from "~/utils/rate-limit.server";
import { testDb } from "../../support/db";

const raw = testDb(app); // the app's own connections (tests/support/db.ts)

// The counts live in the database and the library reads the clock itself (Date.now()), so time is
// moved with vitest's fake timers, installed before the module loads so that its 5-minute sweep
// of expired rows runs on the fake clock too.
vi.hoisted(() => vi.useFakeTimers({ toFake: ["Date", "setTimeout", "clearTimeout"] }));

// The library's table-creating methods (its own, not in its types), spied before the module under
// test makes its limiters: the migrations make the table, so none of them may.
type Creator = { _createTable(): Promise<void>; _createDbAndTable(): Promise<void> };
const creates = await vi.hoisted(async () => {
  const { RateLimiterPostgres: Pg, RateLimiterSQLite: Lite } = await import("rate-limiter-flexible");
  return [
    vi.spyOn(Pg.prototype as unknown as Creator, "_createTable"),
    vi.spyOn(Lite.prototype as unknown as Creator, "_createDbAndTable"),
  ];
});

// Each sweep deletes through the database, then sets its next timer. On PostgreSQL the delete is
// real I/O, which advancing fake time does not wait for: time moves one sweep period at a time,
// and each sweep's delete is awaited before the clock moves on, as SQLite's finishes at once.
type Sweeper = { clearExpired(expire: number): Promise<void> }; // the library's own, not in its types
const sweeps = [RateLimiterSQLite, RateLimiterPostgres].map((store) =>
  vi.spyOn(store.prototype as unknown as Sweeper, "clearExpired"),
);
async function minutesPass(minutes: number) {
  for (let m = 0; m < minutes; m += 5) {
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    await Promise.all(sweeps.flatMap((s) => s.mock.results.map((r) => r.value)));
  }
}

const rowCount = () => raw.value<number>("select cast(count(*) as integer) from rate_limits");

async function refusal(promise: Promise<void>): Promise<RateLimited | undefined> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof RateLimited) return error;
    throw error;
  }
}

describe("rate limits (RATE_LIMIT_FACTOR unset: the real limits)", () => {
  beforeEach(() => resetRateLimits());

  it("lets the limit through, then answers RateLimited with the rule's message and a retry time", async () => {
    vi.setSystemTime(1_000_000);
    for (let i = 0; i < RULES.review.limit; i++) await hit("review", "user-1");
    vi.setSystemTime(1_001_000);
    const error = await refusal(hit("review", "user-1"));
    expect(error).toBeInstanceOf(RateLimited);
    expect(error!.message).toBe(RULES.review.message);
    expect(error!.retryAfter).toBe(59);
    // Other users and other rules are not affected.
    expect(await refusal(hit("review", "user-2"))).toBeUndefined();
    expect(await refusal(hit("order", "user-1"))).toBeUndefined();
  });

  it("a key of any length is counted (a forged X-Forwarded-For entry, a long e-mail), and stored short", async () => {
    // PostgreSQL's key column is varchar(255): this key once failed there with a 500 (the fuzzer).
    const long = "x".repeat(1_000);
    for (let i = 0; i < RULES.review.limit; i++) await hit("review", long);
    expect(await refusal(hit("review", long))).toBeInstanceOf(RateLimited);
    expect(await refusal(check("review", long))).toBeInstanceOf(RateLimited);
    expect(await refusal(hit("review", `${long}y`))).toBeUndefined();
    const longest = await raw.value<number>("select max(length(key)) from rate_limits");
    expect(longest).toBeLessThanOrEqual(100);
  });

  it("a new window starts after the old one ends", async () => {
    const t = 5_000_000;
    vi.setSystemTime(t);
    for (let i = 0; i < RULES.order.limit; i++) await hit("order", "u");
    vi.setSystemTime(t + 59_999);
    await expect(hit("order", "u")).rejects.toThrow(RateLimited);
    vi.setSystemTime(t + 60_000);
    await expect(hit("order", "u")).resolves.toBeUndefined();
  });

  it("check() refuses without counting", async () => {
    vi.setSystemTime(9_000_000);
    for (let i = 0; i < 100; i++) await check("loginFailEmail", "a@b.co");
    for (let i = 0; i < RULES.loginFailEmail.limit; i++) await hit("loginFailEmail", "a@b.co");
    const error = await refusal(check("loginFailEmail", "a@b.co"));
    expect(error?.message).toBe(RULES.loginFailEmail.message);
    expect(error?.retryAfter).toBe(60);
  });

  it("rows that expired over an hour ago are swept, so the table does not grow forever", async () => {
    vi.setSystemTime(20_000_000);
    await hit("review", "old");
    await hit("registerIp", "198.51.100.1");
    expect(await rowCount()).toBe(2);
    // The sweep runs every 5 minutes; 70 minutes on, the review window (1 minute) ended over an
    // hour ago, the account window (1 hour) has not.
    await minutesPass(70);
    expect(await raw.all("select key from rate_limits")).toEqual([{ key: "registerIp:198.51.100.1" }]);
    await hit("review", "new");
    await minutesPass(10);
    expect(await rowCount()).toBe(2);
  });

  it("uses the limits docs/security.md promises", () => {
    expect([
      RULES.loginFailEmail.limit,
      RULES.loginFailIp.limit,
      RULES.registerIp.limit,
      RULES.review.limit,
      RULES.order.limit,
    ]).toEqual([10, 10, 20, 30, 30]);
    expect(RULES.registerIp.windowMs).toBe(3_600_000);
    // Issue #50: coupon codes tried, per shopper and per address, in 15 minutes.
    expect([RULES.couponShopper.limit, RULES.couponIp.limit]).toEqual([10, 60]);
    expect(RULES.couponIp.windowMs).toBe(15 * 60_000);
  });
});

describe("the rate_limits table", () => {
  it("is made by the migrations, not by the limiters at start-up (concurrent creates fail now and then on PostgreSQL)", async () => {
    await hit("review", "table-check");
    expect(await rowCount()).toBeGreaterThan(0);
    for (const create of creates) expect(create).not.toHaveBeenCalled();
  });

  it("has the columns of the table the library itself would make", async () => {
    const columns = async (table: string) =>
      raw.dialect === "pg"
        ? raw.all(
            `select column_name as name, data_type as type, character_maximum_length as length,
                    is_nullable as nullable, column_default as "default"
               from information_schema.columns where table_name = ? order by ordinal_position`,
            table,
          )
        : (
            await raw.all<{ name: string; type: string; notnull: number; dflt_value: unknown; pk: number }>(
              `select * from pragma_table_info('${table}')`,
            )
          ).map((c) => ({
            name: c.name,
            type: c.type.toLowerCase(),
            // SQLite lets a non-integer primary key hold NULL unless told not to; the library does not.
            notnull: c.pk ? "primary key" : c.notnull,
            default: c.dflt_value,
          }));
    const primaryKey = (table: string) =>
      raw.dialect === "pg"
        ? raw.all(
            `select a.attname as name from pg_index i
               join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
              where i.indrelid = ?::regclass and i.indisprimary`,
            table,
          )
        : raw.all(`select name from pragma_table_info('${table}') where pk > 0`);

    const libraryTable = "rate_limits_library";
    const library = { tableName: libraryTable, points: 1, duration: 60 };
    await new Promise<void>((resolve, reject) => {
      const done = (error?: unknown) => (error ? reject(error) : resolve());
      if (app.pool) new RateLimiterPostgres({ storeClient: app.pool, storeType: "pool", ...library }, done);
      else new RateLimiterSQLite({ storeClient: app.sqlite, storeType: "better-sqlite3", ...library }, done);
    });
    try {
      expect(await columns("rate_limits")).toEqual(await columns(libraryTable));
      expect(await columns("rate_limits")).toHaveLength(3);
      expect(await primaryKey("rate_limits")).toEqual([{ name: "key" }]);
      expect(await primaryKey(libraryTable)).toEqual([{ name: "key" }]);
    } finally {
      await raw.run(`drop table ${libraryTable}`);
    }
  });
});
