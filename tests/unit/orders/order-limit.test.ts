import { describe, expect, it } from "vitest";
import * as app from "~/db/client.server";
import { createUser } from "~/models/accounts/users.server";
import { placeOrder, submitOrder } from "~/models/flows/place-order.server";
import type { PlaceOrderInput } from "~/models/orders/lines.server";
import { OrderError } from "~/models/orders/order-error.server";
import { newId } from "~/utils/id.server";
import { RateLimited } from "~/utils/rate-limit.server";
import { testDb } from "../../support/db";
import { insertJar } from "../../support/jar";
import { refusal } from "../../support/refusal";

const raw = testDb(app); // the app's own connections (tests/support/db.ts)

// Issue #19: rules that both doors (the HTML route and its /api twin) share live in the model,
// written once. Real rows, real counts (RATE_LIMIT_FACTOR unset: the real limits).

const contact = { name: "Mira", email: "mira@example.com", phone: "9876543210" };
const shippingAddress = { address: "7 Lake Road", city: "Kolkata", state: "West Bengal", pin: "700029" };

const product = (stock: number) => insertJar(raw, stock);
const stock = (id: string) => raw.value<number>("select stock from products where id = ?", id);
const ordersOf = (userId: string) =>
  raw.value<number>("select cast(count(*) as integer) from orders where user_id = ?", userId);
const order = (productId: string): PlaceOrderInput => ({
  contact,
  shippingAddress,
  items: [{ product: productId, qty: 1 }],
});

let customers = 0;
const customer = () =>
  createUser({
    name: "Mira",
    email: `mira-rules-${++customers}@example.com`,
    phone: "9876543210",
    password: "secret1",
  });

/** Submits and, unless it is a repeat, places: what both doors do. */
async function submit(userId: string, input: PlaceOrderInput, key?: string) {
  const submitted = await submitOrder(userId, key);
  return submitted.replayed ? submitted : submitted.place(input);
}

describe("submitOrder: the order limit, and a repeat that does not count against it", () => {
  it("the 31st order in a minute is refused with the limit's message and writes nothing", async () => {
    const user = await customer();
    const jar = await product(100);
    for (let i = 1; i <= 30; i++)
      expect((await submit(user.id, order(jar), i % 2 ? newId() : undefined)).replayed, `order ${i}`).toBe(false);
    const error = await refusal(submit(user.id, order(jar), newId()));
    expect(error).toBeInstanceOf(RateLimited);
    expect(error?.message).toBe("Too many orders in a minute. Please wait and try again.");
    expect(await ordersOf(user.id)).toBe(30);
    expect(await stock(jar)).toBe(70);
  });

  it("a repeat answers the first order before anything is placed or counted, even past the limit", async () => {
    const user = await customer();
    const jar = await product(100);
    const key = newId();
    const first = await submit(user.id, order(jar), key);
    expect(first.replayed).toBe(false);
    // Repeats: the first order each time, no stock taken, nothing counted.
    for (let i = 0; i < 40; i++) {
      const again = await submitOrder(user.id, key);
      expect(again).toEqual({ replayed: true, id: first.id });
    }
    expect(await stock(jar)).toBe(99);
    // The first order counted once: 29 more fit in the minute, the 31st does not.
    for (let i = 0; i < 29; i++) await submit(user.id, order(jar));
    expect(await refusal(submit(user.id, order(jar)))).toBeInstanceOf(RateLimited);
    // A repeat is still answered once the customer is over the limit.
    expect(await submit(user.id, order(jar), key)).toEqual({ replayed: true, id: first.id });
    expect(await ordersOf(user.id)).toBe(30);
  });

  it("twins that both passed the lookup count twice and make one order: the second answers the first", async () => {
    const user = await customer();
    const jar = await product(5);
    const key = newId();
    const [a, b] = [await submitOrder(user.id, key), await submitOrder(user.id, key)];
    if (a.replayed || b.replayed) throw new Error("nothing was placed with this key yet");
    const placed = await a.place(order(jar));
    expect(await b.place(order(jar))).toEqual({ id: placed.id, replayed: true });
    expect(await ordersOf(user.id)).toBe(1);
    expect(await stock(jar)).toBe(4);
    // Both counted: 28 more fit in the minute.
    const more = await product(100);
    for (let i = 0; i < 28; i++) await submit(user.id, order(more));
    expect(await refusal(submit(user.id, order(more)))).toBeInstanceOf(RateLimited);
  });

  it("a twin refused for what the first order took (its last unit) answers the first order", async () => {
    const user = await customer();
    const jar = await product(1);
    const key = newId();
    const [a, b] = [await submitOrder(user.id, key), await submitOrder(user.id, key)];
    if (a.replayed || b.replayed) throw new Error("nothing was placed with this key yet");
    const placed = await a.place(order(jar));
    expect(await b.place(order(jar))).toEqual({ id: placed.id, replayed: true });
    expect(await stock(jar)).toBe(0);
    // Without the key the same order is refused: the product is sold out.
    expect(await refusal(placeOrder(user.id, order(jar)))).toBeInstanceOf(OrderError);
  });

  it("a key that is too long is refused before anything is read or counted", async () => {
    const user = await customer();
    expect(await refusal(submitOrder(user.id, "k".repeat(201)))).toBeInstanceOf(OrderError);
    expect(await refusal(submitOrder(user.id, ""))).toBeInstanceOf(OrderError);
  });
});
