import pg from "pg";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { dialect } from "~/db/client.server";
import * as app from "~/db/client.server";
import { env } from "~/env.server";
import { createUser } from "~/models/accounts/users.server";
import { getProduct } from "~/models/catalogue/products.server";
import { addReview } from "~/models/catalogue/reviews.server";
import { placeOrder } from "~/models/flows/place-order.server";
import { updateOrder } from "~/models/flows/update-order.server";
import { deleteOrder } from "~/models/orders/changes.server";
import { OrderError } from "~/models/orders/order-error.server";
import { newId } from "~/utils/id.server";
import { testDb } from "../../support/db";
import { addSizes, sizeStock } from "../../support/sizes";

const raw = testDb(app); // the app's own connections (tests/support/db.ts)

// PostgreSQL runs write transactions side by side (READ COMMITTED, a pooled connection each; two
// app servers do the same), where SQLite runs one at a time. The tests here make two model calls
// overlap for certain, not by luck: a connection of the test's own holds a row lock that both
// need, and lets go only once both wait for a lock, so each has read what it reads before either
// writes. SQLite only ever runs them one after the other (write-transactions.test.ts).

/**
 * Runs `statement` in a transaction of its own, on a connection of the test's, and keeps it open
 * (with the row locks it took) until the returned function commits it.
 */
async function openTransaction(statement: string, params: unknown[]) {
  const client = new pg.Client({ connectionString: env.databaseUrl });
  await client.connect();
  await client.query("BEGIN");
  await client.query(statement, params);
  return async () => {
    await client.query("COMMIT");
    await client.end();
  };
}

/**
 * Holds the product's row lock, as an update would, without writing a new version of the row:
 * waiters then take it in the order they came.
 */
const holdProduct = (id: string) => openTransaction("SELECT 1 FROM products WHERE id = $1 FOR NO KEY UPDATE", [id]);

/** Holds a size's row lock (issue #37), as holdProduct does a product's. */
const holdSize = (id: string) => openTransaction("SELECT 1 FROM product_sizes WHERE id = $1 FOR NO KEY UPDATE", [id]);

/** Whether a transaction could take the product's row lock now: no open transaction holds it. */
async function lockable(id: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: env.databaseUrl });
  await client.connect();
  try {
    await client.query("BEGIN");
    await client.query("SELECT 1 FROM products WHERE id = $1 FOR NO KEY UPDATE NOWAIT", [id]);
    return true;
  } catch (error) {
    if ((error as { code?: string }).code === "55P03") return false; // lock_not_available
    throw error;
  } finally {
    await client.query("ROLLBACK").catch(() => {});
    await client.end();
  }
}

/** Resolves once `n` of this database's connections wait for a lock. */
const waitingForLocks = (n: number) =>
  vi.waitFor(
    async () => {
      const waiting = await raw.value(
        "SELECT cast(count(*) AS integer) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
      );
      expect(waiting).toBe(n);
    },
    { timeout: 30_000, interval: 20 },
  );

/**
 * Holds the product's row, starts `first` and, once it waits for a lock, `second`; lets go once
 * both wait. Their outcomes, in that order.
 */
async function overlapping(
  productId: string,
  first: () => Promise<unknown>,
  second: () => Promise<unknown>,
  hold = holdProduct,
) {
  const release = await hold(productId);
  const outcomes: Promise<unknown>[] = [];
  try {
    outcomes.push(first());
    outcomes[0]!.catch(() => {}); // judged below, with the other
    await waitingForLocks(1);
    outcomes.push(second());
    outcomes[1]!.catch(() => {});
    await waitingForLocks(2);
  } finally {
    await release();
  }
  return Promise.allSettled(outcomes);
}

async function product(stock: number) {
  const id = newId();
  await raw.run(
    "INSERT INTO products (id, name, price, stock) VALUES (?, ?, 100, ?)",
    id,
    `Jar ${id.slice(-4)}`,
    stock,
  );
  return id;
}
const stock = (id: string) => raw.value<number>("SELECT stock FROM products WHERE id = ?", id);
const unitsSold = (id: string) =>
  raw.value<number>("SELECT cast(coalesce(sum(qty), 0) AS integer) FROM order_items WHERE product_id = ?", id);

const contact = { name: "Asha", email: "asha@example.com", phone: "9876543210" };
const shippingAddress = { address: "1 MG Road", city: "Bengaluru", state: "Karnataka", pin: "560001" };
/** One of each product. */
const cart = (...ids: string[]) => ({ contact, shippingAddress, items: ids.map((id) => ({ product: id, qty: 1 })) });
const fulfilled = (value: unknown) => ({ status: "fulfilled", value });
const order = (productId: string, qty: number) => ({ contact, shippingAddress, items: [{ product: productId, qty }] });

const title =
  dialect === "pg"
    ? "two writes at once on PostgreSQL"
    : "two writes at once on PostgreSQL (SQLite runs one write transaction at a time)";
describe.skipIf(dialect !== "pg")(title, { timeout: 60_000 }, () => {
  let asha: { id: string; name: string };
  let ravi: { id: string; name: string };
  beforeAll(async () => {
    asha = await createUser({
      name: "Asha",
      email: "asha-race@example.com",
      phone: "9876543210",
      password: "secret1",
    });
    ravi = await createUser({
      name: "Ravi",
      email: "ravi-race@example.com",
      phone: "9876543211",
      password: "secret1",
    });
  });

  it("two orders for the last units: one is placed, the other refused and written nowhere; stock ends at 0", async () => {
    const jar = await product(2);
    // Both read 2 in stock and write their order, then wait to take the stock.
    const outcomes = await overlapping(
      jar,
      () => placeOrder(asha.id, order(jar, 2)),
      () => placeOrder(ravi.id, order(jar, 2)),
    );
    expect(outcomes.map((o) => o.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(outcomes.find((o) => o.status === "rejected")).toMatchObject({ reason: expect.any(OrderError) });
    expect(await stock(jar)).toBe(0);
    expect(await unitsSold(jar)).toBe(2);
    expect(
      await raw.value("SELECT cast(count(*) AS integer) FROM orders WHERE user_id IN (?, ?)", asha.id, ravi.id),
    ).toBe(1);
  });

  it("two orders for a size's last units: one is placed, the other refused; the other sizes and the mirror hold", async () => {
    const candle = await product(9);
    const [tin, jar] = await addSizes(raw, candle, [
      { label: "100 g tin", price: 100, stock: 5 },
      { label: "200 g jar", price: 200, stock: 2 },
    ]);
    const sized = { contact, shippingAddress, items: [{ product: candle, qty: 2, sizeId: jar }] };
    // Both read 2 of the jar in stock and write their order, then wait to take the jar's stock.
    const outcomes = await overlapping(
      jar!,
      () => placeOrder(asha.id, sized),
      () => placeOrder(ravi.id, sized),
      holdSize,
    );
    expect(outcomes.map((o) => o.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(outcomes.find((o) => o.status === "rejected")).toMatchObject({ reason: expect.any(OrderError) });
    expect([await sizeStock(raw, tin!), await sizeStock(raw, jar!), await stock(candle)]).toEqual([5, 0, 5]);
    expect(await unitsSold(candle)).toBe(2);
  });

  it("the same Idempotency-Key twice at once is one order: the second answers the first", async () => {
    const jar = await product(5);
    const key = newId();
    // One waits to take the stock, the other for the first's key in the unique index.
    const outcomes = await overlapping(
      jar,
      () => placeOrder(asha.id, order(jar, 1), key),
      () => placeOrder(asha.id, order(jar, 1), key),
    );
    expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "fulfilled"]);
    const [a, b] = outcomes.map((o) => (o as PromiseFulfilledResult<{ id: string; replayed: boolean }>).value);
    expect(a!.id).toBe(b!.id);
    expect([a!.replayed, b!.replayed].sort()).toEqual([false, true]);
    expect(await stock(jar)).toBe(4);
    expect(await unitsSold(jar)).toBe(1);
  });

  it("two customers reviewing one product at once: the count and rating include both", async () => {
    const jar = await product(3);
    const outcomes = await overlapping(
      jar,
      () => addReview(jar, asha, { rating: 5, comment: "" }),
      () => addReview(jar, ravi, { rating: 2, comment: "" }),
    );
    expect(outcomes).toEqual([fulfilled("created"), fulfilled("created")]);
    expect(await getProduct(jar)).toMatchObject({ numReviews: 2, rating: 3.5 });
  });

  it("an order cancelled twice at once gives its stock back once", async () => {
    const jar = await product(5);
    const { id } = await placeOrder(asha.id, order(jar, 3));
    const outcomes = await overlapping(
      jar,
      () => updateOrder(id, { status: "Cancelled" }),
      () => updateOrder(id, { status: "Cancelled" }),
    );
    expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "fulfilled"]);
    expect(await stock(jar)).toBe(5);
  });

  it("an order cancelled and deleted at once gives its stock back once", async () => {
    const jar = await product(5);
    const { id } = await placeOrder(asha.id, order(jar, 3));
    const outcomes = await overlapping(
      jar,
      () => updateOrder(id, { status: "Cancelled" }),
      () => deleteOrder(id),
    );
    expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "fulfilled"]);
    expect(await stock(jar)).toBe(5);
  });

  // The owner deletes a product while a customer's order for it is being written: the order read
  // the product before the deletion committed, and must not take its stock after.
  it("an order for a product deleted at the same moment is refused and written nowhere", async () => {
    const jar = await product(5);
    const commitDeletion = await openTransaction("UPDATE products SET deleted_at = now() WHERE id = $1", [jar]);
    const placing = placeOrder(asha.id, order(jar, 1));
    placing.catch(() => {}); // judged below
    try {
      await waitingForLocks(1);
    } finally {
      await commitDeletion();
    }
    await expect(placing).rejects.toThrow(new OrderError("A product in your order is no longer available."));
    expect(await stock(jar)).toBe(5);
    expect(await unitsSold(jar)).toBe(0);
  });

  // Were stock taken in each cart's own order, an order of (hi, lo) could hold `hi` while waiting
  // for `lo`, held by an order of (lo, hi) waiting for `hi`: a deadlock, which PostgreSQL ends by
  // failing one of them. Which of two such orders gets where first is up to the server, so this
  // looks at one: waiting for `lo`, it must not hold `hi` yet.
  it("an order takes its products' stock in one order, by id, whatever the cart's order", async () => {
    const [lo, hi] = [await product(5), await product(5)].sort() as [string, string];
    const release = await holdProduct(lo);
    const placing = placeOrder(asha.id, cart(hi, lo));
    placing.catch(() => {}); // awaited below
    try {
      await waitingForLocks(1);
      expect(await lockable(hi)).toBe(true);
    } finally {
      await release();
    }
    await placing;
    expect([await stock(lo), await stock(hi)]).toEqual([4, 4]);
  });

  // Giving stock back, the deadlock itself can be staged: the first cancellation (lines hi, lo)
  // waits for `hi`, held; the second (lo, hi) takes `lo` and queues for `hi`; let go, the first
  // would take `hi` and wait for `lo`.
  it("two orders of the same two products, listed in opposite orders, cancelled at once: both give their stock back", async () => {
    const [lo, hi] = [await product(5), await product(5)].sort() as [string, string];
    const x = (await placeOrder(asha.id, cart(hi, lo))).id;
    const y = (await placeOrder(ravi.id, cart(lo, hi))).id;
    const outcomes = await overlapping(
      hi,
      () => updateOrder(x, { status: "Cancelled" }),
      () => updateOrder(y, { status: "Cancelled" }),
    );
    expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "fulfilled"]);
    expect([await stock(lo), await stock(hi)]).toEqual([5, 5]);
  });
});
