import { beforeAll, describe, expect, it } from "vitest";
import * as app from "~/db/client.server";
import { env } from "~/env.server";
import { createUser } from "~/models/accounts/users.server";
import { placeOrder } from "~/models/flows/place-order.server";
import { expireDueOrders, startPaymentClock } from "~/models/payments/clock.server";
import { testDb } from "../../support/db";
import { insertJar } from "../../support/jar";

// The payment clock's sweep on both databases (issue #50, item 9): one tick clears every due
// order, batch after batch (it once cancelled 50 a minute, whatever the backlog), and stops at its
// bound; a page's sweep is one batch.
const raw = testDb(app);

const contact = { name: "Isha", email: "isha-clock@example.com", phone: "9876543210" };
const shippingAddress = { address: "2 Lake Road", city: "Kolkata", state: "West Bengal", pin: "700029" };

let isha: { id: string };
let jar: string;
beforeAll(async () => {
  env.payments.upi = { id: "rkcandles@okaxis", name: "RK Candles" };
  isha = await createUser({ ...contact, password: "secret1" });
  jar = await insertJar(raw, 10_000);
});

/** `n` UPI orders whose hold ran out a minute ago; their ids. */
async function dueOrders(n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const { id } = await placeOrder(isha.id, {
      contact,
      shippingAddress,
      items: [{ product: jar, qty: 1 }],
      paymentMethod: "UPI",
    });
    ids.push(id);
  }
  await raw.run(
    `update orders set expires_at = ? where id in (${ids.map(() => "?").join(", ")})`,
    new Date(Date.now() - 60_000),
    ...ids,
  );
  return ids;
}
const stillDue = (ids: string[]) =>
  raw.value<number>(
    `select cast(count(*) as integer) from orders where status = 'Placed' and id in (${ids.map(() => "?").join(", ")})`,
    ...ids,
  );

describe("the payment clock's sweep (issue #50)", { timeout: 60_000 }, () => {
  it("one tick cancels every due order, past the 50 of one batch, each once, its stock back", async () => {
    const ids = await dueOrders(120);
    const stockBefore = await raw.value<number>("select stock from products where id = ?", jar);
    const clock = startPaymentClock(3_600_000);
    await clock.stop(); // waits for the first tick, which runs at once
    expect(await stillDue(ids)).toBe(0);
    expect(await raw.value<number>("select stock from products where id = ?", jar)).toBe(stockBefore! + 120);
    const mails = await raw.value<number>(
      "select cast(count(*) as integer) from mail_outbox where kind = 'order-status' and to_address like ?",
      `%${contact.email}%`,
    );
    expect(mails).toBe(120);
  });

  it("a sweep stops at its bound, and a page's sweep is one batch", async () => {
    const ids = await dueOrders(40);
    expect(await expireDueOrders(new Date(), { batch: 10, max: 25 })).toHaveLength(25);
    expect(await stillDue(ids)).toBe(15);
    expect(await expireDueOrders(new Date(), { batch: 10 })).toHaveLength(10);
    expect(await expireDueOrders()).toHaveLength(5);
    expect(await stillDue(ids)).toBe(0);
  });
});
