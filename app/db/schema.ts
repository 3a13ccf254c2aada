// The tables the models query, of the database dialect.server.ts names. Both schemas have the same
// tables, columns and JS types (tests/unit/platform/schema-parity.test.ts). The cast is the one place the
// two meet: `Tables` is SQLite's or PostgreSQL's per typecheck pass, so every caller is checked
// against both (docs/decisions/0006-database-types.md).
import type { Tables } from "~/db/types";
import { dialect } from "./dialect.server";
import * as pg from "./schema.pg";
import * as sqlite from "./schema.sqlite";

const tables = (dialect === "pg" ? pg : sqlite) as unknown as Tables;

export const {
  users,
  sessions,
  products,
  productImages,
  productSizes,
  collections,
  productCollections,
  reviews,
  orders,
  orderItems,
  pincodes,
  pinCache,
  catalogueVersion,
  searchVersion,
  productVersions,
  pictures,
  invoiceCounters,
  mailOutbox,
  passwordResets,
  coupons,
  couponUses,
  stockAlerts,
} = tables;
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
} from "~/db/types";
