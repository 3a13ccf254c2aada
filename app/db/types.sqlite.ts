// The database types as SQLite has them. `~/db/types` resolves here for `tsc -p tsconfig.json`
// and to types.pg.ts for `tsc -p tsconfig.pg.json`: `npm run typecheck` checks every caller
// against both, so a call only one database has fails there (docs/decisions/0006-database-types.md).
import type { BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import type * as schema from "./schema.sqlite";

export type Tables = typeof schema;
/** The query builder the models read with. */
export type DB = BetterSQLite3Database<typeof schema>;
/** What a write transaction's function is given: its queries see its own writes. */
export type Tx = DB;

export type {
  Collection,
  Coupon,
  Order,
  OrderItem,
  OutboxMail,
  Product,
  ProductSize,
  Review,
  StockAlert,
  User,
} from "./schema.sqlite";

/** A query `prepared()` can prepare once per process: SQLite's handle answers synchronously. */
export type Preparable<Row> = { prepare(): { all(params?: Record<string, unknown>): Row[] } };
