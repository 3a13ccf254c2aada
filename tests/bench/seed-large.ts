// Fills a SQLite file with a large generated catalogue for the benchmark:
//   npx tsx tests/bench/seed-large.ts <db-file> [--products N] [--reviews-per-product R] [--orders N]
// N products (default 10,000), about R reviews each (default 10) with rating/num_reviews
// consistent, 2N orders (or as many as asked) of 1–3 lines, a few customers and the bench customers used by the
// checkout stream. Deterministic (seeded PRNG), one transaction, prepared statements on the raw
// tables of drizzle/sqlite/*.sql, built in memory and written to the file at the end. The schema
// is made by drizzle's migrator (the same call the server makes when it opens the database), so
// the server finds its migrations already applied.
import { existsSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import bcrypt from "bcryptjs";
import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { demoProducts, reviewComments, reviewerNames } from "../../app/demo/catalogue";
import { mulberry32 } from "../../app/demo/prng.server";
import { ratingFromTotals } from "../../app/models/catalogue/rating.server";
import { slugify } from "../../app/utils/slug.server";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");

/** The word the bench searches for: it is the scent of about 1 product in 100. */
export const SEARCH_WORD = "vetiver";
/** The search word with a letter missing: a typo search (issue #25) finds the same products. */
export const SEARCH_TYPO = "vetivr";
/** Products whose stock never runs out, for the checkout stream. */
export const BENCH_STOCK = 1_000_000_000;
export const BENCH_PASSWORD = "bench-password-123";
export const benchCustomerEmail = (i: number) => `bench${i}@bench.test`;
export const BENCH_CUSTOMERS = 16;
/** One product in this many is sold in sizes (issue #37). */
export const SIZED_EVERY = 5;
const SIZE_LABELS = ["100 g tin", "200 g jar", "450 g 3-wick bowl"];
/**
 * The generated shop's collections (issue #37): six moods, each product in one or two of them
 * (by its number, not by the PRNG, so the rest of the catalogue is drawn as before). The first,
 * measured by the bench, holds about a fifth of the products.
 */
export const BENCH_COLLECTIONS = ["floral", "woody", "fresh", "gourmand", "festive-gifts", "travel-tins"] as const;
const collectionsOf = (i: number): number[] => (i % 4 === 0 ? [i % 6, (i + 1) % 6] : [i % 6]);

// The scent of a product is one of these 100 words; its name and description carry it, and no
// other text of the catalogue contains it, so `?q=<scent>` matches about 1% of the products.
const SCENTS = [
  "lavender",
  "sandalwood",
  "jasmine",
  "damask",
  "vanilla",
  "lemongrass",
  "chai",
  "mogra",
  "espresso",
  "seabreeze",
  "cinnamon",
  "eucalyptus",
  "petrichor",
  "mango",
  "coconut",
  "neroli",
  "cedarwood",
  "matcha",
  "saffron",
  "vetiver",
  "tuberose",
  "peppermint",
  "honeycomb",
  "frangipani",
  "cherry",
  "bergamot",
  "cardamom",
  "marigold",
  "patchouli",
  "ylang",
  "oudh",
  "amber",
  "musk",
  "fig",
  "guava",
  "lychee",
  "tamarind",
  "jaggery",
  "nutmeg",
  "clove",
  "ginger",
  "turmeric",
  "tulsi",
  "hibiscus",
  "lotus",
  "magnolia",
  "gardenia",
  "peony",
  "violet",
  "iris",
  "freesia",
  "lilac",
  "wisteria",
  "orchid",
  "plumeria",
  "juniper",
  "cypress",
  "spruce",
  "birch",
  "oakmoss",
  "tobacco",
  "leather",
  "suede",
  "cashmere",
  "driftwood",
  "seagrass",
  "kelp",
  "salt",
  "rain",
  "snow",
  "cocoa",
  "caramel",
  "toffee",
  "praline",
  "hazelnut",
  "almond",
  "pistachio",
  "walnut",
  "chestnut",
  "maple",
  "grapefruit",
  "yuzu",
  "kumquat",
  "tangerine",
  "pomelo",
  "quince",
  "apricot",
  "papaya",
  "pineapple",
  "kiwi",
  "rhubarb",
  "blackcurrant",
  "raspberry",
  "strawberry",
  "blueberry",
  "pomegranate",
  "watermelon",
  "cucumber",
  "basil",
  "thyme",
];
const MOODS = [
  "Smoky",
  "Golden",
  "Velvet",
  "Quiet",
  "Bright",
  "Sunlit",
  "Midnight",
  "Morning",
  "Wild",
  "Soft",
  "Dusky",
  "Little",
  "Grand",
  "Warm",
  "Cool",
  "Deep",
];
const FORMS = ["Jar", "Pillar", "Tin", "Votive", "Tumbler", "Travel Tin", "Tealights", "Bowl"];
const VESSELS = ["reusable glass jar", "hand-thrown clay pot", "brushed metal tin", "frosted tumbler"];
const ADDRESSES = [
  { address: "12 MG Road", city: "Bengaluru", state: "Karnataka", pin: "560001" },
  { address: "4 Connaught Place", city: "New Delhi", state: "Delhi", pin: "110001" },
  { address: "221 Marine Drive", city: "Mumbai", state: "Maharashtra", pin: "400002" },
  { address: "9 Park Street", city: "Kolkata", state: "West Bengal", pin: "700016" },
  { address: "77 Anna Salai", city: "Chennai", state: "Tamil Nadu", pin: "600002" },
];
const STATUSES = ["Placed", "Processing", "Shipped", "Delivered", "Delivered", "Delivered", "Cancelled"] as const;
const SETTLED_STATUSES = [...Array<"Delivered">(16).fill("Delivered"), "Cancelled", "Shipped"] as const;
const SHIPPING_PAISE = 49_00;

const title = (w: string) => w[0]!.toUpperCase() + w.slice(1);
const description = (scent: string, vessel: string, hours: number, grams: number) =>
  `Hand-poured soy wax candle with ${scent} notes. Cotton wick, about ${hours} hours of burn time, ${grams} g in a ${vessel}.`;

// Guard for the 1% hit rate: no scent may hide inside any other text of the catalogue.
{
  const others = [
    ...MOODS,
    ...FORMS,
    ...VESSELS,
    ...reviewerNames,
    ...Object.values(reviewComments).flat(),
    description("", "", 0, 0),
    "Bench Customer",
    "Customer",
  ];
  for (const s of SCENTS) {
    const clash = [...SCENTS.filter((t) => t !== s), ...others].find((t) => t.toLowerCase().includes(s));
    if (clash !== undefined) throw new Error(`scent "${s}" is contained in "${clash}"`);
  }
  if (!SCENTS.includes(SEARCH_WORD) || new Set(SCENTS).size !== 100) throw new Error("bad scent list");
}

/**
 * Rows of the big child tables go in `size` at a time through one multi-row INSERT: far fewer
 * calls into SQLite than one statement per row. Their parents are inserted row by row first, so
 * foreign keys hold whenever a batch is written.
 */
function batched(db: Database.Database, table: string, columns: string[], size = 100) {
  const sql = (n: number) =>
    `insert into ${table} (${columns.join(", ")}) values ${Array.from({ length: n }, () => `(${columns.map(() => "?").join(", ")})`).join(", ")}`;
  const many = db.prepare(sql(size));
  const one = db.prepare(sql(1));
  let buffer: unknown[] = [];
  return {
    add(...row: unknown[]) {
      buffer.push(...row);
      if (buffer.length === size * columns.length) {
        many.run(buffer);
        buffer = [];
      }
    },
    flush() {
      for (let i = 0; i < buffer.length; i += columns.length) one.run(buffer.slice(i, i + columns.length));
      buffer = [];
    },
  };
}

export type SeedOptions = {
  products: number;
  reviewsPerProduct?: number;
  ordersPerProduct?: number;
  /** Orders in all, instead of ordersPerProduct × products (the owner's overview is measured at 100,000). */
  orders?: number;
  seed?: number;
};
export type SeedResult = {
  products: number;
  /** Products sold in sizes (issue #37), and their size rows. */
  sizedProducts: number;
  productSizes: number;
  reviews: number;
  productImages: number;
  orders: number;
  orderItems: number;
  users: number;
  seconds: number;
  searchWord: string;
  searchHits: number;
};

/** Creates the schema (drizzle migrations) and the generated catalogue in an empty file. */
export function seedLarge(file: string, opts: SeedOptions): SeedResult {
  const started = performance.now();
  const N = opts.products;
  const R = opts.reviewsPerProduct ?? 10;
  const ordersN = opts.orders ?? Math.round(N * (opts.ordersPerProduct ?? 2));
  const rand = mulberry32(opts.seed ?? 20240601);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
  const hex8 = () => ((rand() * 4294967296) >>> 0).toString(16).padStart(8, "0");
  const newId = () => hex8() + hex8() + hex8();
  // Rows nobody addresses by id (reviews, gallery images, order lines) get ids that grow: still 24
  // hex characters with a random tail, but appended to the primary-key index instead of scattered.
  let serial = 0;
  const rowId = () => (serial++).toString(16).padStart(8, "0") + hex8() + hex8();

  if (existsSync(file) && statSync(file).size > 0) throw new Error(`${file} already exists`);
  // Built in memory and written out in one go: random 24-hex primary keys scatter writes all
  // over the B-trees, which a disk-backed file turns into minutes of page I/O at 100k products.
  const sqlite = new Database(":memory:");
  sqlite.pragma("foreign_keys = ON");
  migrate(drizzle(sqlite), { migrationsFolder: join(root, "drizzle", "sqlite") });
  // Secondary indexes are dropped while filling and made again from their own SQL afterwards:
  // one sort per index instead of a million scattered B-tree inserts.
  const indexes = sqlite
    .prepare("select name, sql from sqlite_master where type = 'index' and sql is not null")
    .all() as { name: string; sql: string }[];
  for (const ix of indexes) sqlite.exec(`drop index "${ix.name}"`);

  const insUser = sqlite.prepare(
    "insert into users (id, name, email, phone, password_hash, is_admin, created_at) values (?, ?, ?, ?, ?, 0, ?)",
  );
  const insProduct = sqlite.prepare(
    "insert into products (id, name, description, price, mrp, stock, image, rating, num_reviews, created_at, deleted_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
  );
  const images = batched(sqlite, "product_images", ["id", "product_id", "url", "position"]);
  const reviews = batched(sqlite, "reviews", [
    "id",
    "product_id",
    "user_id",
    "name",
    "rating",
    "comment",
    "created_at",
  ]);
  const insOrder = sqlite.prepare(
    `insert into orders (id, user_id, status, is_paid, payment_method, contact_name, contact_email, contact_phone, address, city, state, pin,
       subtotal, shipping, grand_total, stock_returned, created_at) values (?, ?, ?, ?, 'COD', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const sizes = batched(sqlite, "product_sizes", [
    "id",
    "product_id",
    "label",
    "sku",
    "price",
    "mrp",
    "stock",
    "position",
  ]);
  // Sizes draw from a stream of their own, so the catalogue, reviews and orders are the ones the
  // bench generated before sizes existed: figures compare across the change.
  const sizeRand = mulberry32((opts.seed ?? 20240601) + 37);
  const memberships = batched(sqlite, "product_collections", ["collection_id", "product_id"]);
  const collectionIds = BENCH_COLLECTIONS.map((_, k) => `bench-collection-${k}`);
  const items = batched(sqlite, "order_items", [
    "id",
    "order_id",
    "product_id",
    "name",
    "qty",
    "price",
    "image",
    "position",
  ]);

  const now = Math.floor(Date.now() / 1000);
  // One bcrypt hash for every generated account (cost 10 like the app); they share the password.
  const hash = bcrypt.hashSync(BENCH_PASSWORD, 10);
  const counts = {
    reviews: 0,
    productImages: 0,
    orders: 0,
    orderItems: 0,
    users: 0,
    sizedProducts: 0,
    productSizes: 0,
  };
  const live: { id: string; name: string; price: number; image: string }[] = [];
  const userIds: string[] = [];
  const customers: { id: string; name: string; email: string; phone: string }[] = [];

  sqlite.transaction(() => {
    const insCollection = sqlite.prepare("insert into collections (id, slug, name, position) values (?, ?, ?, ?)");
    for (const [k, slug] of BENCH_COLLECTIONS.entries())
      insCollection.run(collectionIds[k], slug, title(slug.replace(/-/g, " ")), k);
    for (let i = 0; i < 20 + BENCH_CUSTOMERS; i++) {
      const bench = i >= 20;
      const u = {
        id: newId(),
        name: bench ? `Bench Customer ${i - 20}` : `Customer ${i}`,
        email: bench ? benchCustomerEmail(i - 20) : `customer${i}@bench.test`,
        phone: String(9_000_000_000 + i),
      };
      insUser.run(u.id, u.name, u.email, u.phone, hash, now - 400 * 86_400);
      userIds.push(u.id);
      if (!bench) customers.push(u);
      counts.users++;
    }

    // Products: one every ~10 minutes, so 100,000 of them span about two years.
    const benchStock = new Set<number>();
    while (benchStock.size < Math.min(32, N)) benchStock.add(Math.floor(rand() * N));
    for (let i = 0; i < N; i++) {
      const id = newId();
      const demo = demoProducts[i % demoProducts.length]!;
      const slug = slugify(demo.name);
      const scent = pick(SCENTS);
      const name = `${pick(MOODS)} ${title(scent)} ${pick(FORMS)}`;
      const price = (199 + Math.floor(rand() * 231) * 10) * 100;
      const mrp = rand() < 0.3 ? Math.round((price * (1.1 + rand() * 0.4)) / 1000) * 1000 : null;
      const stock = benchStock.has(i) ? BENCH_STOCK : rand() < 0.08 ? 0 : 1 + Math.floor(rand() * 200);
      const createdAt = now - (N - i) * 600 - Math.floor(rand() * 600);
      // About 1 product in 500 is deleted (hidden from the shop, kept for old orders).
      const deletedAt = !benchStock.has(i) && rand() < 0.002 ? now - 86_400 : null;
      const image = `/images/demo/${slug}-1.svg`;

      const mood = Math.floor(rand() * 5);
      const nReviews = Math.round(R * (0.5 + rand()));
      const ratings = Array.from({ length: nReviews }, () =>
        Math.max(1, Math.min(5, Math.round(1.2 + mood * 0.9 + (rand() - 0.5) * 2.4))),
      );
      const sum = ratings.reduce((a, b) => a + b, 0);
      insProduct.run(
        id,
        name,
        description(scent, pick(VESSELS), 20 + Math.floor(rand() * 40), 100 + Math.floor(rand() * 8) * 50),
        price,
        mrp,
        stock,
        image,
        ratingFromTotals(sum, nReviews),
        nReviews,
        createdAt,
        deletedAt,
      );
      // One review per customer per product (reviews_user_product_unique): a customer drawn twice
      // for one product writes the second as a guest-style review (same draws, same catalogue).
      const reviewers = new Set<string>();
      ratings.forEach((r, k) => {
        const comments = reviewComments[r] ?? [""];
        const at = createdAt + Math.floor(((k + rand()) / nReviews) * Math.max(600, now - createdAt));
        const reviewId = rowId();
        const drawn = rand() < 0.2 ? pick(userIds) : null;
        const userId = drawn !== null && !reviewers.has(drawn) ? drawn : null;
        if (userId) reviewers.add(userId);
        reviews.add(reviewId, id, userId, pick(reviewerNames), r, pick(comments), Math.min(now, at));
      });
      counts.reviews += nReviews;
      const nImages = Math.min(demo.images, 1 + Math.floor(rand() * 3));
      for (let n = 1; n <= nImages; n++) images.add(rowId(), id, `/images/demo/${slug}-${n}.svg`, n - 1);
      counts.productImages += nImages;
      // One product in SIZED_EVERY comes in 2 or 3 sizes (issue #37): the first at the product's
      // own figures (the row mirrors its default size), the larger ones dearer. Not the bench's
      // order stock: POST /api/orders stays the path it measured.
      if (i % SIZED_EVERY === 0 && !benchStock.has(i)) {
        const n = 2 + Math.floor(sizeRand() * 2);
        for (let k = 0; k < n; k++) {
          const factor = [1, 1.8, 2.9][k]!;
          const sizePrice = Math.round((price * factor) / 1000) * 1000;
          sizes.add(
            `sz${(counts.productSizes++).toString(16).padStart(22, "0")}`,
            id,
            SIZE_LABELS[k],
            `B${i.toString(36)}-${k}`,
            k === 0 ? price : sizePrice,
            k === 0 ? mrp : null,
            k === 0 ? stock : Math.floor(sizeRand() * 100),
            k,
          );
        }
        counts.sizedProducts++;
      }
      for (const k of collectionsOf(i)) memberships.add(collectionIds[k], id);
      if (deletedAt === null) live.push({ id, name, price, image });
    }

    // Orders of the generated customers, over the past year.
    for (let o = 0; o < ordersN; o++) {
      const id = newId();
      const c = pick(customers);
      const a = pick(ADDRESSES);
      // As a shop's history looks: orders older than 10 days have gone out (a few cancelled, a few
      // still shipping, 1 in 500 forgotten and waiting); the last 10 days' are in every state.
      const createdAt = now - Math.floor(rand() * 365 * 86_400);
      const status =
        now - createdAt < 10 * 86_400 ? pick(STATUSES) : rand() < 0.002 ? "Placed" : pick(SETTLED_STATUSES);
      const lines = Array.from({ length: 1 + Math.floor(rand() * 3) }, () => ({
        p: pick(live),
        qty: 1 + Math.floor(rand() * 3),
      }));
      const subtotal = lines.reduce((t, l) => t + l.p.price * l.qty, 0);
      insOrder.run(
        id,
        c.id,
        status,
        status === "Delivered" ? 1 : 0,
        c.name,
        c.email,
        c.phone,
        a.address,
        a.city,
        a.state,
        a.pin,
        subtotal,
        SHIPPING_PAISE,
        subtotal + SHIPPING_PAISE,
        status === "Cancelled" ? 1 : 0,
        createdAt,
      );
      for (const [position, { p, qty }] of lines.entries())
        items.add(rowId(), id, p.id, p.name, qty, p.price, p.image, position);
      counts.orderItems += lines.length;
      counts.orders++;
    }
    for (const b of [images, reviews, memberships, items, sizes]) b.flush();
  })();
  for (const ix of indexes) sqlite.exec(ix.sql);

  sqlite.pragma("optimize");
  const searchHits = (
    sqlite
      .prepare("select count(*) as n from products where deleted_at is null and (name like ? or description like ?)")
      .get(`%${SEARCH_WORD}%`, `%${SEARCH_WORD}%`) as { n: number }
  ).n;
  writeFileSync(file, sqlite.serialize());
  sqlite.close();
  return { products: N, ...counts, seconds: (performance.now() - started) / 1000, searchWord: SEARCH_WORD, searchHits };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      products: { type: "string", default: "10000" },
      "reviews-per-product": { type: "string", default: "10" },
      orders: { type: "string" },
    },
  });
  const file = positionals[0];
  if (!file) {
    console.error(
      "usage: tsx tests/bench/seed-large.ts <db-file> [--products N] [--reviews-per-product R] [--orders N]",
    );
    process.exit(2);
  }
  const result = seedLarge(resolve(file), {
    products: Number(values.products),
    reviewsPerProduct: Number(values["reviews-per-product"]),
    orders: values.orders ? Number(values.orders) : undefined,
  });
  console.log(JSON.stringify(result, null, 2));
}
