// The database types as PostgreSQL has them: see types.sqlite.ts for why there are two.
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import type * as schema from "./schema.pg";

export type Tables = typeof schema;
/** The query builder the models read with. */
export type DB = NodePgDatabase<typeof schema>;
/** What a write transaction's function is given: its queries see its own writes. */
export type Tx = Parameters<Parameters<DB["transaction"]>[0]>[0];

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
} from "./schema.pg";

/** A query `prepared()` can prepare once per process: PostgreSQL names its prepared statements. */
export type Preparable<Row> = {
  prepare(name: string): { execute(params?: Record<string, unknown>): Promise<Row[]> };
};
