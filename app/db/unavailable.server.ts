// Which errors mean "the database cannot be reached right now" rather than "this request is
// wrong": a restarting or stopped PostgreSQL, a connection cut under a query, SQLite's write lock
// held past busy_timeout. Requests that meet one answer 503 with Retry-After (utils/unavailable),
// since trying again in a moment will work; anything else is still a 500 and a bug.

/** node-postgres's connection errors and PostgreSQL's SQLSTATEs of a server going away (class 08, 57P0x). */
const CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "57P01", // admin_shutdown: pg_ctl stop
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now: starting up or shutting down
  "08000",
  "08001",
  "08003",
  "08004",
  "08006",
  "SQLITE_BUSY",
  "SQLITE_BUSY_SNAPSHOT",
  "SQLITE_BUSY_TIMEOUT",
]);

/** Messages node-postgres gives without a code when the connection ends or cannot be had. */
const MESSAGES = [
  /^Connection terminated/,
  /not queryable/,
  /^timeout exceeded when trying to connect/,
  /^Client was closed and is not queryable/,
];

/**
 * Whether `error`, or an error it wraps (drizzle's DrizzleQueryError keeps the driver's as
 * `cause`; a refused connection to several addresses is an AggregateError), is one of those.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 5) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && CODES.has(code)) return true;
  if (MESSAGES.some((m) => m.test(error.message))) return true;
  if (error instanceof AggregateError && error.errors.some((e) => isDatabaseUnavailable(e, depth + 1))) return true;
  return isDatabaseUnavailable(error.cause, depth + 1);
}
