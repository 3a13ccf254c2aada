import { createHash } from "node:crypto";
import {
  RateLimiterPostgres,
  RateLimiterRes,
  RateLimiterSQLite,
  type RateLimiterAbstract,
} from "rate-limiter-flexible";
import { data } from "react-router";
import { pool, sqlite, withWriter } from "~/db/client.server";
import { env } from "~/env.server";
import { en } from "~/lib/i18n/en";
import { apiError } from "./http.server";

// ── The rules: what is limited, how much, for how long, and what the refusal says. ──
// RATE_LIMIT_FACTOR scales every limit (test suites of other features raise it; 0 is not allowed).
const factor = env.rateLimitFactor;

type Rule = { limit: number; windowMs: number; message: string };

export const RULES = {
  loginFailEmail: {
    limit: 10,
    windowMs: 60_000,
    message: en.feedback.tooManyLoginsForEmail,
  },
  loginFailIp: { limit: 10, windowMs: 60_000, message: en.feedback.tooManyLogins },
  registerIp: {
    limit: 20,
    windowMs: 60 * 60_000,
    message: en.feedback.tooManyAccounts,
  },
  // Forgot password (issue #23): every request counts, whether or not the email has an account, so a
  // refusal says nothing about it. A few mails an hour for one email keep an inbox from being flooded.
  resetEmail: {
    limit: 5,
    windowMs: 60 * 60_000,
    message: en.feedback.tooManyResetsForEmail,
  },
  resetIp: {
    limit: 20,
    windowMs: 60 * 60_000,
    message: en.feedback.tooManyResets,
  },
  // Reset links that open nothing (wrong, used or expired), per client address.
  resetFailIp: {
    limit: 20,
    windowMs: 15 * 60_000,
    message: en.feedback.tooManyResetLinks,
  },
  // COD confirm links (issue #38) that match no order, per client address: tokens are signed, so
  // guessing is hopeless anyway; this keeps a script from hammering the page's POST.
  confirmFailIp: {
    limit: 20,
    windowMs: 15 * 60_000,
    message: en.feedback.tooManyConfirmLinks,
  },
  // "Tell me when it's back" (issue #39): counted whether or not the address was already waiting,
  // so a refusal says nothing about it; a few an hour per address keep anyone from signing up a
  // stranger's inbox for many candles.
  alertEmail: { limit: 10, windowMs: 60 * 60_000, message: en.feedback.tooManyAlertsForEmail },
  alertIp: { limit: 30, windowMs: 60 * 60_000, message: en.feedback.tooManyAlerts },
  // Coupon codes tried (issue #50): every try counts, so a dictionary cannot find private or
  // scheduled codes. Generous per address (a shopper mistypes; many share one mobile network's
  // address), tighter per shopper (their account, else their session).
  couponIp: { limit: 60, windowMs: 15 * 60_000, message: en.feedback.tooManyCouponTries },
  couponShopper: { limit: 10, windowMs: 15 * 60_000, message: en.feedback.tooManyCouponTriesForYou },
  review: { limit: 30, windowMs: 60_000, message: en.feedback.tooManyReviews },
  order: { limit: 30, windowMs: 60_000, message: en.feedback.tooManyOrders },
  // UPI orders per client address (issue #50): an unpaid one holds its stock for UPI_HOLD_HOURS.
  // Generous, as many shoppers share one mobile network's address; each customer may also have
  // only a few unpaid at once (unpaid-upi.server.ts).
  upiOrderIp: { limit: 60, windowMs: 60 * 60_000, message: en.feedback.tooManyUpiOrders },
  // Searches (issue #34) cost CPU however the typo work is bounded; a backstop only, generous as
  // many shoppers share one mobile network's address, counted only for searches the page cache
  // did not answer.
  search: {
    limit: 300,
    windowMs: 60_000,
    message: en.feedback.tooManySearches,
  },
} satisfies Record<string, Rule>;
export type RuleName = keyof typeof RULES;

// ── The store: where the counts live. ──
// Every worker process counts in one table of the shop's database, so a limit holds for all of
// them together (a Map in each process would let N workers allow N times the limit). Fixed
// windows from a key's first hit, counted by one atomic upsert by rate-limiter-flexible on the
// shop's own writing connection, which already has WAL and busy_timeout; it runs while no
// transaction is open there (withWriter), so a count never joins, or waits behind, a request's
// transaction. On PostgreSQL the same table lives in the shared database (RateLimiterPostgres on
// the shop's pool), so every app server counts together. The table is the migrations' (schema's
// rateLimits), made before the first request: left to the library, each limiter of each server
// would create it at start-up, and concurrent creates fail now and then on PostgreSQL.
const TABLE = "rate_limits";

// Built without a callback: with the table already made there is nothing to wait for, and a
// wrong option throws here, at start-up, rather than at the first hit.
function store(rule: RuleName, sweep: boolean): RateLimiterAbstract {
  const Store = pool ? RateLimiterPostgres : RateLimiterSQLite;
  return new Store({
    storeClient: pool ?? sqlite,
    storeType: pool ? "pool" : "better-sqlite3",
    tableName: TABLE,
    tableCreated: true,
    keyPrefix: rule,
    points: Math.ceil(RULES[rule].limit * factor),
    duration: RULES[rule].windowMs / 1000,
    // Every 5 minutes, rows that expired over an hour ago are deleted (the whole table:
    // one limiter per process does it for all the rules).
    clearExpiredByTimeout: sweep,
  });
}

const limiters = Object.fromEntries(
  (Object.keys(RULES) as RuleName[]).map((rule, i) => [rule, store(rule, i === 0)]),
) as Record<RuleName, RateLimiterAbstract>;

/** For tests: forgets every count. */
export async function resetRateLimits(): Promise<void> {
  if (pool) await pool.query(`DELETE FROM ${TABLE}`);
  else sqlite!.prepare(`DELETE FROM ${TABLE}`).run();
}

// ── The shop's side: refusals as errors. ──
export class RateLimited extends Error {
  constructor(
    message: string,
    readonly retryAfter: number,
  ) {
    super(message);
  }
}

const refusal = (rule: RuleName, res: RateLimiterRes) =>
  new RateLimited(RULES[rule].message, Math.ceil(res.msBeforeNext / 1000));

/**
 * The key as stored: a long one (an e-mail address, or a client "address" that a trusted proxy
 * passed on from a forged X-Forwarded-For) as its sha256, so that every key fits PostgreSQL's
 * varchar(255) key column and no client can make a row as large as it likes.
 */
const storedKey = (key: string) =>
  key.length <= 64 ? key : `sha256:${createHash("sha256").update(key, "utf8").digest("hex")}`;

/** Throws RateLimited when `key` is over the rule's limit; otherwise counts this hit. */
export async function hit(rule: RuleName, key: string): Promise<void> {
  const limiter = limiters[rule];
  try {
    await withWriter(() => limiter.consume(storedKey(key)));
  } catch (error) {
    // The library rejects with its result when over the limit, with an Error when the store fails.
    throw error instanceof RateLimiterRes ? refusal(rule, error) : error;
  }
}

/** Throws RateLimited when over the limit, without counting (e.g. before checking a password). */
export async function check(rule: RuleName, key: string): Promise<void> {
  const limiter = limiters[rule];
  const res = await withWriter(() => limiter.get(storedKey(key)));
  if (res && res.consumedPoints >= limiter.points) throw refusal(rule, res);
}

/** The HTML door's 429, to throw: the route's error boundary shows the sentence. */
export const tooManyPage = (error: RateLimited) =>
  data(error.message, { status: 429, headers: { "Retry-After": String(error.retryAfter) } });

/** The JSON door's 429. */
export function tooMany(error: RateLimited): Response {
  const res = apiError(429, error.message);
  res.headers.set("Retry-After", String(error.retryAfter));
  return res;
}
