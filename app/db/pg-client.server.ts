// The connection class of the PostgreSQL pool (pg.server.ts): node-postgres's Client, except that
// a lost connection never throws from an event, and no parameter carries U+0000. PostgreSQL's
// text cannot hold that character (SQLite's can), so a query given one fails ("invalid byte
// sequence for encoding UTF8: 0x00"), and any request that
// brought one in a URL, a form or a JSON body (an id, a login email, a name) answered 500. It is
// sent as U+FFFD, the character that stands in for one that cannot be shown: a lookup finds
// nothing, as it does on SQLite, and a text keeps its other characters.
import pg from "pg";

// eslint-disable-next-line no-control-regex -- NUL is the character this module removes
const NUL = /\u0000/g;
const withoutNul = (value: unknown): unknown =>
  typeof value === "string" ? value.replace(NUL, "\uFFFD") : Array.isArray(value) ? value.map(withoutNul) : value;

type QueryArgs = [config: unknown, values?: unknown, callback?: unknown];

export class Client extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    // The pool listens for a connection's errors only while it is idle. One lost while checked out
    // between two statements (a transaction at work, the start-up lock held), e.g. as PostgreSQL
    // restarts, emitted 'error' with nobody listening and stopped the whole worker (issue #34's
    // chaos run). Its next statement fails as "database unavailable" (a 503) and the pool drops it
    // on release, so there is nothing more to do here; the failing statement is what gets logged.
    this.on("error", () => {});
  }
}

const query = pg.Client.prototype.query as (...args: QueryArgs) => unknown;
// Values come as the second argument (drizzle, pool.query) or in the config ({ text, values }).
Client.prototype.query = function (this: pg.Client, ...[config, values, callback]: QueryArgs) {
  if (Array.isArray(values)) values = values.map(withoutNul);
  else if (
    config &&
    typeof config === "object" &&
    "values" in config &&
    Array.isArray(config.values) &&
    !("submit" in config)
  ) {
    config = { ...config, values: config.values.map(withoutNul) };
  }
  return query.call(this, config, values, callback);
} as typeof pg.Client.prototype.query;
