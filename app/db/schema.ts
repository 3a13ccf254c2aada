// The tables the models query: PostgreSQL's (schema.pg.ts) when DATABASE_URL is set, SQLite's
// (schema.sqlite.ts) otherwise. Both have the same tables, columns and JS types
// (tests/unit/schema-parity.test.ts); SQLite's types stand for both, as in database.ts.
import { env } from "~/env.server";
import * as pg from "./schema.pg";
import * as sqlite from "./schema.sqlite";

const tables = (env.databaseUrl ? pg : sqlite) as unknown as typeof sqlite;

export const { users, sessions, products, productImages, reviews, orders, orderItems, pincodes, pinCache, catalogueVersion, pictures } = tables;
export type { Order, OrderItem, Product, Review, User } from "./schema.sqlite";
