import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db, isUniqueViolation, writeTransaction } from "~/db/client.server";
import * as app from "~/db/client.server";
import { orders } from "~/db/schema";
import { createUser } from "~/models/accounts/users.server";
import { getProduct } from "~/models/catalogue/products.server";
import { addReview, reviewBy } from "~/models/catalogue/reviews.server";
import { placeOrder } from "~/models/flows/place-order.server";
import { IDEMPOTENCY_KEY_INVALID, isKeyConflict, orderIdForKey } from "~/models/orders/idempotency.server";
import { OrderError } from "~/models/orders/order-error.server";
import { getOrderFor } from "~/models/orders/read.server";
import { newId } from "~/utils/id.server";
import { testDb } from "../../support/db";

const raw = testDb(app); // the app's own connections (tests/support/db.ts)

// Issue #11, double submission: the same Place Order twice is one order; a customer has one
// review per product.

const contact = { name: "Nila", email: "nila@example.com", phone: "9876543210" };
const shippingAddress = { address: "3 Beach Road", city: "Chennai", state: "Tamil Nadu", pin: "600001" };

async function product(price: number, stock: number) {
  const id = newId();
  await raw.run(
    "insert into products (id, name, price, stock) values (?, ?, ?, ?)",
    id,
    `Jar ${id.slice(-4)}`,
    price,
    stock,
  );
  return id;
}
const stock = (id: string) => raw.value<number>("select stock from products where id = ?", id);
const ordersOf = (userId: string) =>
  raw.value<number>("select cast(count(*) as integer) from orders where user_id = ?", userId);
const linesOf = (productId: string) =>
  raw.value<number>("select cast(count(*) as integer) from order_items where product_id = ?", productId);

let nila: { id: string; name: string; isAdmin: boolean };
let arun: { id: string; name: string; isAdmin: boolean };
beforeAll(async () => {
  nila = await createUser({ name: "Nila", email: "nila-double@example.com", phone: "9876543210", password: "secret1" });
  arun = await createUser({ name: "Arun", email: "arun-double@example.com", phone: "9876543211", password: "secret1" });
});

describe("placeOrder with a one-time token (checkout form) or Idempotency-Key (API)", () => {
  it("the same token twice is one order: the repeat answers the first order and takes no stock", async () => {
    const jar = await product(300_00, 5);
    const token = newId();
    const first = await placeOrder(nila.id, { contact, shippingAddress, items: [{ product: jar, qty: 2 }] }, token);
    const again = await placeOrder(nila.id, { contact, shippingAddress, items: [{ product: jar, qty: 2 }] }, token);
    expect(await ordersOf(nila.id)).toBe(1);
    expect(await linesOf(jar)).toBe(1);
    expect(await stock(jar)).toBe(3);
    expect(first.replayed).toBe(false);
    expect(again).toEqual({ id: first.id, replayed: true });
    expect(await orderIdForKey(nila.id, token)).toBe(first.id);
  });

  it("a repeat answers the first order even when it could not be placed now (sold out, empty cart)", async () => {
    const jar = await product(100_00, 1);
    const token = newId();
    const { id } = await placeOrder(nila.id, { contact, shippingAddress, items: [{ product: jar, qty: 1 }] }, token);
    expect(await stock(jar)).toBe(0);
    expect(await placeOrder(nila.id, { contact, shippingAddress, items: [{ product: jar, qty: 1 }] }, token)).toEqual({
      id,
      replayed: true,
    });
    expect(await placeOrder(nila.id, { contact, shippingAddress, items: [] }, token)).toEqual({ id, replayed: true });
    expect(await stock(jar)).toBe(0);
    expect(await linesOf(jar)).toBe(1);
  });

  it("keys are per customer: another customer with the same token gets an order of their own", async () => {
    const jar = await product(200_00, 10);
    const token = newId();
    const a = await placeOrder(nila.id, { contact, shippingAddress, items: [{ product: jar, qty: 1 }] }, token);
    const b = await placeOrder(arun.id, { contact, shippingAddress, items: [{ product: jar, qty: 1 }] }, token);
    expect(b.id).not.toBe(a.id);
    expect(b.replayed).toBe(false);
    expect((await getOrderFor(arun, b.id))?.userId).toBe(arun.id);
    expect(await getOrderFor(arun, a.id)).toBeNull();
    expect(await stock(jar)).toBe(8);
  });

  it("without a key every call is a new order, as before; a different key is a different order", async () => {
    const jar = await product(200_00, 10);
    await placeOrder(arun.id, { contact, shippingAddress, items: [{ product: jar, qty: 1 }] });
    await placeOrder(arun.id, { contact, shippingAddress, items: [{ product: jar, qty: 1 }] });
    await placeOrder(arun.id, { contact, shippingAddress, items: [{ product: jar, qty: 1 }] }, newId());
    await placeOrder(arun.id, { contact, shippingAddress, items: [{ product: jar, qty: 1 }] }, newId());
    expect(await linesOf(jar)).toBe(4);
    expect(await stock(jar)).toBe(6);
  });

  it("a refused order does not use up its key: the same key places it once it can be placed", async () => {
    const jar = await product(100_00, 1);
    const token = newId();
    await expect(
      placeOrder(nila.id, { contact, shippingAddress, items: [{ product: jar, qty: 2 }] }, token),
    ).rejects.toThrow(OrderError);
    expect(await orderIdForKey(nila.id, token)).toBeNull();
    const { id, replayed } = await placeOrder(
      nila.id,
      { contact, shippingAddress, items: [{ product: jar, qty: 1 }] },
      token,
    );
    expect(replayed).toBe(false);
    expect(await orderIdForKey(nila.id, token)).toBe(id);
  });

  it("an empty key or one over 200 characters is refused and writes nothing", async () => {
    const jar = await product(100_00, 3);
    for (const key of ["", "k".repeat(201)]) {
      await expect(
        placeOrder(nila.id, { contact, shippingAddress, items: [{ product: jar, qty: 1 }] }, key),
      ).rejects.toThrow(IDEMPOTENCY_KEY_INVALID);
    }
    expect(await stock(jar)).toBe(3);
    expect(
      (await placeOrder(nila.id, { contact, shippingAddress, items: [{ product: jar, qty: 1 }] }, "k".repeat(200)))
        .replayed,
    ).toBe(false);
  });

  it("the database refuses a second order with one customer's key, and placeOrder knows that refusal", async () => {
    const jar = await product(100_00, 3);
    const token = newId();
    const { id } = await placeOrder(nila.id, { contact, shippingAddress, items: [{ product: jar, qty: 1 }] }, token);
    // Copies of the order, without its invoice number (that is unique too: invoice-numbers.test.ts).
    const [row] = (await db.select().from(orders).where(eq(orders.id, id))).map((o) => ({ ...o, invoiceNumber: null }));
    let error: unknown;
    try {
      await writeTransaction((tx) => tx.insert(orders).values({ ...row!, id: newId() }));
    } catch (e) {
      error = e;
    }
    expect(error).toBeDefined();
    expect(isKeyConflict(error)).toBe(true);
    expect(isKeyConflict(new Error("UNIQUE constraint failed: users.email"))).toBe(false);
    // Orders without a key never collide.
    await writeTransaction((tx) => tx.insert(orders).values({ ...row!, id: newId(), idempotencyKey: null }));
    await writeTransaction((tx) => tx.insert(orders).values({ ...row!, id: newId(), idempotencyKey: null }));
  });
});

describe("one review per customer per product", () => {
  it("reviewing again replaces the review: one row, and the rating counts only the new one", async () => {
    const jar = await product(100_00, 3);
    const first = await addReview(jar, nila, { rating: 5, comment: "Lovely" });
    expect(await getProduct(jar)).toMatchObject({ rating: 5, numReviews: 1 });
    const second = await addReview(jar, nila, { rating: 1, comment: "Tunnelled after a week" });
    const after = (await getProduct(jar))!;
    expect(after).toMatchObject({ rating: 1, numReviews: 1 });
    expect(after.reviews).toHaveLength(1);
    expect(after.reviews[0]).toMatchObject({ name: "Nila", rating: 1, comment: "Tunnelled after a week" });
    expect(
      await raw.value(
        "select cast(count(*) as integer) from reviews where product_id = ? and user_id = ?",
        jar,
        nila.id,
      ),
    ).toBe(1);
    expect(await reviewBy(jar, nila.id)).toEqual({ rating: 1, comment: "Tunnelled after a week" });
    expect([first, second]).toEqual(["created", "updated"]);
  });

  it("other customers' reviews stay; the rating is the mean of one review per customer", async () => {
    const jar = await product(100_00, 3);
    await addReview(jar, nila, { rating: 5, comment: "" });
    await addReview(jar, arun, { rating: 4, comment: "" });
    await addReview(jar, nila, { rating: 2, comment: "" });
    await addReview(jar, nila, { rating: 1, comment: "" });
    expect(await getProduct(jar)).toMatchObject({ rating: 2.5, numReviews: 2 });
    expect(await reviewBy(jar, arun.id)).toEqual({ rating: 4, comment: "" });
    expect(await reviewBy(jar, newId())).toBeNull();
  });

  it("the database refuses a second row for one customer and product; reviews without a user never collide", async () => {
    const jar = await product(100_00, 3);
    await addReview(jar, arun, { rating: 3, comment: "" });
    const insert = (userId: string | null) =>
      raw.run(
        "insert into reviews (id, product_id, user_id, name, rating) values (?, ?, ?, 'x', 4)",
        newId(),
        jar,
        userId,
      );
    const refusal = await insert(arun.id).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(
      isUniqueViolation(refusal, {
        name: "reviews_user_product_unique",
        columns: ["reviews.user_id", "reviews.product_id"],
      }),
      String(refusal),
    ).toBe(true);
    await insert(null);
    await insert(null);
    expect(await raw.value("select cast(count(*) as integer) from reviews where product_id = ?", jar)).toBe(3);
  });
});
