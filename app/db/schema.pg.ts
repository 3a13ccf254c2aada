import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";

// The PostgreSQL twin of schema.sqlite.ts: the same tables, names, keys and indexes
// (tests/unit/platform/schema-parity.test.ts holds them together) and the same JS values, so the models run on both.
// What each table and index is for is said in schema.sqlite.ts. Column types per database:
// - schema.sqlite.ts's `mode: "timestamp"` (unix seconds, read as Date) is timestamptz read as Date.
//   Precision 3 (milliseconds) is what a Date holds: a value read back equals the one stored,
//   where now()'s microseconds would be cut off on the way to JS.
// - unix seconds kept as plain numbers (expires_at, fetched_at) are bigint read as number.
// - real is SQLite's 8-byte float: double precision (PostgreSQL's real has 4 bytes).
// - integer stays integer (money in paise), boolean is boolean, ids are text.
// Search (a tsvector column, drizzle/pg/0012) and the catalogue version's triggers (drizzle/pg/0002) are
// hand-written migrations, as SQLite's FTS5 table and triggers are in drizzle/sqlite.
const createdAt = () =>
  timestamp("created_at", { withTimezone: true, mode: "date", precision: 3 }).notNull().defaultNow();

export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    passwordHash: text("password_hash").notNull(),
    isAdmin: boolean("is_admin").notNull().default(false),
    /** The language of the customer's mails and invoices ("en", "hi"): the pages they last used (issue #36). */
    language: text("language").notNull().default("en"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("users_email_unique").on(t.email)],
);

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    data: text("data").notNull(),
    expiresAt: bigint("expires_at", { mode: "number" }).notNull(),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_idx").on(t.expiresAt)],
);

// rate-limiter-flexible's PostgreSQL table, as the library defines it (see schema.sqlite.ts).
export const rateLimits = pgTable("rate_limits", {
  key: varchar("key", { length: 255 }).primaryKey(),
  points: integer("points").notNull().default(0),
  expire: bigint("expire", { mode: "number" }),
});

export const products = pgTable(
  "products",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    /** The Hindi name and description for Hindi pages (issue #36); empty: the English ones. */
    nameHi: text("name_hi").notNull().default(""),
    descriptionHi: text("description_hi").notNull().default(""),
    price: integer("price").notNull(),
    mrp: integer("mrp"),
    stock: integer("stock").notNull().default(0),
    image: text("image").notNull().default(""),
    rating: doublePrecision("rating").notNull().default(0),
    numReviews: integer("num_reviews").notNull().default(0),
    hsn: text("hsn").notNull().default("3406"),
    createdAt: createdAt(),
    /** Last change of the row (the sitemap's lastmod), set by a trigger (drizzle/pg/0011). */
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date", precision: 3 }),
    deletedAt: timestamp("deleted_at", { withTimezone: true, mode: "date", precision: 3 }),
  },
  (t) => [
    index("products_live_created_idx")
      .on(t.createdAt, t.id)
      .where(sql`${t.deletedAt} IS NULL`),
    index("products_live_price_idx")
      .on(t.price, t.id)
      .where(sql`${t.deletedAt} IS NULL`),
    index("products_live_rating_idx")
      .on(t.rating, t.id)
      .where(sql`${t.deletedAt} IS NULL`),
    index("products_live_stock_idx")
      .on(t.stock, t.id)
      .where(sql`${t.deletedAt} IS NULL`),
  ],
);

export const productImages = pgTable(
  "product_images",
  {
    id: text("id").primaryKey(),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    position: integer("position").notNull().default(0),
  },
  (t) => [index("product_images_product_idx").on(t.productId, t.position)],
);

// Sizes and collections (issue #37): see schema.sqlite.ts.
export const productSizes = pgTable(
  "product_sizes",
  {
    id: text("id").primaryKey(),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    label: text("label").notNull(),
    /** The label on Hindi pages; empty: the English one. */
    labelHi: text("label_hi").notNull().default(""),
    sku: text("sku"),
    price: integer("price").notNull(),
    mrp: integer("mrp"),
    stock: integer("stock").notNull().default(0),
    image: text("image").notNull().default(""),
    position: integer("position").notNull().default(0),
    deletedAt: timestamp("deleted_at", { withTimezone: true, mode: "date", precision: 3 }),
  },
  (t) => [
    index("product_sizes_product_idx").on(t.productId, t.position),
    index("product_sizes_sku_idx")
      .on(t.sku)
      .where(sql`${t.deletedAt} IS NULL`),
  ],
);

export const collections = pgTable(
  "collections",
  {
    id: text("id").primaryKey(),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    nameHi: text("name_hi").notNull().default(""),
    description: text("description").notNull().default(""),
    descriptionHi: text("description_hi").notNull().default(""),
    image: text("image").notNull().default(""),
    /** The owner's order of the collections (0, 1, …): links are shown in this order. */
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date", precision: 3 }),
  },
  (t) => [uniqueIndex("collections_slug_unique").on(t.slug), index("collections_position_idx").on(t.position)],
);

export const productCollections = pgTable(
  "product_collections",
  {
    collectionId: text("collection_id")
      .notNull()
      .references(() => collections.id, { onDelete: "cascade" }),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.collectionId, t.productId] }),
    index("product_collections_product_idx").on(t.productId),
  ],
);

export const reviews = pgTable(
  "reviews",
  {
    id: text("id").primaryKey(),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    name: text("name").notNull().default(""),
    rating: integer("rating").notNull(),
    comment: text("comment").notNull().default(""),
    createdAt: createdAt(),
  },
  // NULL user ids never collide here either (PostgreSQL's default NULLS DISTINCT).
  (t) => [
    index("reviews_product_idx").on(t.productId, t.createdAt),
    uniqueIndex("reviews_user_product_unique").on(t.userId, t.productId),
  ],
);

export const orders = pgTable(
  "orders",
  {
    id: text("id").primaryKey(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    status: text("status", {
      enum: ["Placed", "Processing", "Shipped", "Delivered", "Cancelled"],
    })
      .notNull()
      .default("Placed"),
    isPaid: boolean("is_paid").notNull().default(false),
    paymentMethod: text("payment_method").notNull().default("COD"),
    contactName: text("contact_name").notNull(),
    contactEmail: text("contact_email").notNull(),
    contactPhone: text("contact_phone").notNull(),
    address: text("address").notNull(),
    city: text("city").notNull(),
    state: text("state").notNull(),
    pin: text("pin").notNull(),
    subtotal: integer("subtotal").notNull(),
    shipping: integer("shipping").notNull(),
    grandTotal: integer("grand_total").notNull(),
    stockReturned: boolean("stock_returned").notNull().default(false),
    idempotencyKey: text("idempotency_key"),
    invoiceNumber: text("invoice_number"),
    gstRateBp: integer("gst_rate_bp"),
    // The place of supply, fixed when the order is placed (issue #34): the GST state code of the
    // state the PIN directory gives the PIN, or else of the state typed; null when neither is
    // recognised (the invoice then prints the typed state, IGST). Orders from before were given
    // the code their invoice printed, so a redrawn invoice never changes.
    supplyStateCode: text("supply_state_code"),
    courier: text("courier"),
    trackingNumber: text("tracking_number"),
    // A coupon code (issue #39): the coupon, its code as the shopper typed it (upper case), and what
    // it took off the goods, in paise. grand_total = subtotal - coupon_discount - prepaid_discount
    // + shipping + cod_fee; a code's free shipping shows as shipping 0.
    couponId: text("coupon_id").references(() => coupons.id, { onDelete: "set null" }),
    couponCode: text("coupon_code"),
    couponDiscount: integer("coupon_discount").notNull().default(0),
    // Payments and confirmations (issue #38; docs/payments.md). All unset for an order placed
    // with none of the payment settings, which is then exactly the specification's COD order.
    // Off the goods for paying by UPI (PREPAID_DISCOUNT_PERCENT), and the cash-on-delivery fee
    // (COD_FEE_RUPEES), in paise: grand_total = subtotal - prepaid_discount + shipping + cod_fee.
    prepaidDiscount: integer("prepaid_discount").notNull().default(0),
    codFee: integer("cod_fee").notNull().default(0),
    // The 12-digit UPI reference the shopper sent for a UPI order, and when; one order per UTR.
    utr: text("utr"),
    utrAt: timestamp("utr_at", { withTimezone: true, mode: "date", precision: 3 }),
    // When the order was last marked paid (the owner's "Payment received", the checkbox, the API).
    paidAt: timestamp("paid_at", { withTimezone: true, mode: "date", precision: 3 }),
    // When an unpaid UPI order with no UTR, or an unconfirmed COD order, is cancelled by the clock.
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date", precision: 3 }),
    // A COD order the customer is asked to confirm (COD_CONFIRM): the confirm link's token, hashed
    // (sha256), and when it was confirmed.
    confirmTokenHash: text("confirm_token_hash"),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true, mode: "date", precision: 3 }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("orders_utr_unique")
      .on(t.utr)
      .where(sql`${t.utr} IS NOT NULL`),
    uniqueIndex("orders_confirm_token_unique")
      .on(t.confirmTokenHash)
      .where(sql`${t.confirmTokenHash} IS NOT NULL`),
    // The clock's sweep reads only orders that can expire.
    index("orders_coupon_idx")
      .on(t.couponId)
      .where(sql`${t.couponId} IS NOT NULL`),
    index("orders_expires_idx")
      .on(t.expiresAt)
      .where(sql`${t.expiresAt} IS NOT NULL`),
    uniqueIndex("orders_invoice_number_unique").on(t.invoiceNumber),
    index("orders_user_idx").on(t.userId, t.createdAt),
    index("orders_status_created_idx").on(t.status, t.createdAt),
    index("orders_created_idx").on(t.createdAt, t.status, t.isPaid, t.grandTotal, t.id),
    uniqueIndex("orders_user_idempotency_key_unique")
      .on(t.userId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} IS NOT NULL`),
  ],
);

export const orderItems = pgTable(
  "order_items",
  {
    id: text("id").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: text("product_id")
      .notNull()
      .references(() => products.id),
    name: text("name").notNull(),
    qty: integer("qty").notNull(),
    price: integer("price").notNull(),
    image: text("image").notNull().default(""),
    /** The line's place in its order (0, 1, …), as the cart listed it: lines are shown in this order. */
    position: integer("position").notNull().default(0),
    hsn: text("hsn").notNull().default("3406"),
    sizeId: text("size_id").references(() => productSizes.id),
    sizeLabel: text("size_label").notNull().default(""),
  },
  (t) => [index("order_items_order_idx").on(t.orderId, t.productId, t.qty)],
);

export const invoiceCounters = pgTable("invoice_counters", {
  fy: text("fy").primaryKey(),
  last: integer("last").notNull(),
});

// The outbox: see schema.sqlite.ts.
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: text("id").primaryKey(),
    kind: text("kind").notNull(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body").notNull(),
    invoiceOrderId: text("invoice_order_id"),
    messageId: text("message_id").notNull(),
    status: text("status", { enum: ["pending", "sending", "sent", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: bigint("next_attempt_at", { mode: "number" }).notNull(),
    leaseUntil: bigint("lease_until", { mode: "number" }),
    lastError: text("last_error"),
    createdAt: createdAt(),
    sentAt: bigint("sent_at", { mode: "number" }),
  },
  (t) => [
    uniqueIndex("mail_outbox_message_id_unique").on(t.messageId),
    index("mail_outbox_due_idx").on(t.status, t.nextAttemptAt),
  ],
);

export type User = typeof users.$inferSelect;
export type Product = typeof products.$inferSelect;
export type ProductSize = typeof productSizes.$inferSelect;
export type Collection = typeof collections.$inferSelect;
export type Review = typeof reviews.$inferSelect;
export type Order = typeof orders.$inferSelect;
export type OrderItem = typeof orderItems.$inferSelect;
export type OutboxMail = typeof mailOutbox.$inferSelect;

export const passwordResets = pgTable(
  "password_resets",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: bigint("expires_at", { mode: "number" }).notNull(),
    usedAt: bigint("used_at", { mode: "number" }),
    createdAt: createdAt(),
  },
  (t) => [index("password_resets_user_idx").on(t.userId)],
);

export const pincodes = pgTable(
  "pincodes",
  {
    pin: integer("pin").notNull(),
    name: text("name").notNull(),
    block: text("block"),
    district: text("district").notNull(),
    state: text("state").notNull(),
  },
  (t) => [index("pincodes_pin_idx").on(t.pin)],
);

export const pinCache = pgTable("pin_cache", {
  pin: text("pin").primaryKey(),
  answer: text("answer").notNull(),
  fetchedAt: bigint("fetched_at", { mode: "number" }).notNull(),
});

// Its one row (1, 0) and the triggers that move it: drizzle/pg/0002_catalogue_version.sql. The id
// is an identity, as SQLite's INTEGER PRIMARY KEY numbers rows nobody numbered.
export const catalogueVersion = pgTable("catalogue_version", {
  id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
  version: integer("version").notNull(),
});

// The version of each product's own pages (issue #52; drizzle/pg/0020, schema.sqlite.ts says why):
// from the sequence product_version_seq, so an app server can poll for what changed since.
export const productVersions = pgTable(
  "product_versions",
  {
    productId: text("product_id").primaryKey(),
    version: bigint("version", { mode: "number" }).notNull(),
  },
  (t) => [index("product_versions_version_idx").on(t.version)],
);

// One row whose `version` grows whenever the words search indexes change (drizzle/pg/0011):
// every app server keeps the catalogue's vocabulary until it moves.
export const searchVersion = pgTable("search_version", {
  id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
  version: integer("version").notNull(),
});

// Bytes as node-postgres reads and writes them: a Buffer, as SQLite's blob in buffer mode.
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => "bytea" });

export const pictures = pgTable("pictures", {
  name: text("name").primaryKey(),
  type: text("type").notNull(),
  bytes: bytea("bytes").notNull(),
  createdAt: createdAt(),
});

// Coupon codes (issue #39; docs/admin.md): percent (`amount` in hundredths of a percent) or flat
// (`amount` in paise) off the goods, optionally free shipping, from a minimum order value, between
// two instants, for so many uses in all and per customer. `uses` counts orders placed with it: it
// is raised in the order's transaction by a conditional update (uses < max_uses), so racing
// shoppers never get more uses than there are.
export const coupons = pgTable(
  "coupons",
  {
    id: text("id").primaryKey(),
    // Upper case: codes are compared without case.
    code: text("code").notNull(),
    kind: text("kind", { enum: ["percent", "flat"] }).notNull(),
    amount: integer("amount").notNull(),
    freeShipping: boolean("free_shipping").notNull().default(false),
    minOrder: integer("min_order").notNull().default(0),
    startsAt: timestamp("starts_at", { withTimezone: true, mode: "date", precision: 3 }),
    endsAt: timestamp("ends_at", { withTimezone: true, mode: "date", precision: 3 }),
    maxUses: integer("max_uses"),
    maxUsesPerCustomer: integer("max_uses_per_customer"),
    uses: integer("uses").notNull().default(0),
    active: boolean("active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date", precision: 3 }),
  },
  (t) => [uniqueIndex("coupons_code_unique").on(t.code)],
);

// A customer's uses of a coupon, for its per-customer limit: raised with the coupon's own count.
export const couponUses = pgTable(
  "coupon_uses",
  {
    couponId: text("coupon_id")
      .notNull()
      .references(() => coupons.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    uses: integer("uses").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.couponId, t.userId] })],
);

// "Tell me when it's back" (issue #39): an address waiting for a sold-out product, or one of its
// sizes (`size_key`: the size's id, '' for the product itself), once per address. When its stock
// rises above 0 every waiting row is mailed once (through the outbox, in the transaction that
// raised it) and marked `notified_at`; signing up again re-arms it.
export const stockAlerts = pgTable(
  "stock_alerts",
  {
    id: text("id").primaryKey(),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    sizeKey: text("size_key").notNull().default(""),
    email: text("email").notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    // The language of the page it was asked from: the mail speaks it.
    language: text("language").notNull().default("en"),
    createdAt: createdAt(),
    notifiedAt: timestamp("notified_at", { withTimezone: true, mode: "date", precision: 3 }),
  },
  (t) => [
    uniqueIndex("stock_alerts_unique").on(t.productId, t.sizeKey, t.email),
    index("stock_alerts_waiting_idx")
      .on(t.productId, t.sizeKey)
      .where(sql`${t.notifiedAt} IS NULL`),
  ],
);

export type Coupon = typeof coupons.$inferSelect;
export type StockAlert = typeof stockAlerts.$inferSelect;
