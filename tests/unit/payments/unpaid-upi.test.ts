import pg from "pg";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as app from "~/db/client.server";
import { dialect } from "~/db/client.server";
import { env } from "~/env.server";
import { en } from "~/lib/i18n/en";
import { hi } from "~/lib/i18n/hi";
import { translateFeedback } from "~/lib/i18n/translate";
import { createUser } from "~/models/accounts/users.server";
import { submitOrder } from "~/models/flows/place-order.server";
import { updateOrder } from "~/models/flows/update-order.server";
import type { PlaceOrderInput } from "~/models/orders/lines.server";
import { OrderError } from "~/models/orders/order-error.server";
import { UNPAID_UPI_ORDERS } from "~/models/payments/unpaid-upi.server";
import { sendUtr } from "~/models/payments/upi.server";
import { newId } from "~/utils/id.server";
import { hit, RateLimited, resetRateLimits, RULES } from "~/utils/rate-limit.server";
import { testDb } from "../../support/db";
import { insertJar } from "../../support/jar";
import { refusal } from "../../support/refusal";

// Unpaid UPI orders on both databases (issue #50, item 5): a UPI order holds its stock until paid
// or lapsed, so a customer may have only a few waiting at once, and UPI orders are counted per
// client address too (generously). Both doors place through submitOrder; real rows, real counts
// (RATE_LIMIT_FACTOR unset: the real limits).
const raw = testDb(app);

const shippingAddress = { address: "2 Lake Road", city: "Kolkata", state: "West Bengal", pin: "700029" };
const IP = "203.0.113.50";

let jar: string;
beforeAll(async () => {
  env.payments.upi = { id: "rkcandles@okaxis", name: "RK Candles" };
  jar = await insertJar(raw, 10_000);
});
beforeEach(() => resetRateLimits());

let customers = 0;
async function customer() {
  const email = `upi-waiting-${++customers}-${newId().slice(-6)}@example.com`;
  const user = await createUser({ name: "Nisha", email, phone: "9876543210", password: "secret1" });
  return { id: user.id, email };
}
const order = (email: string, paymentMethod: "UPI" | "COD", product: string): PlaceOrderInput => ({
  contact: { name: "Nisha", email, phone: "9876543210" },
  shippingAddress,
  items: [{ product, qty: 2 }],
  paymentMethod,
});
/** What both doors do: submit, then place, from `ip`. */
async function place(who: { id: string; email: string }, paymentMethod: "UPI" | "COD" = "UPI", ip = IP, product = jar) {
  const submitted = await submitOrder(who.id, newId(), undefined, ip);
  if (submitted.replayed) throw new Error("a new key is never a repeat");
  return (await submitted.place(order(who.email, paymentMethod, product))).id;
}
const stock = () => raw.value<number>("select stock from products where id = ?", jar);
const ordersOf = (userId: string) =>
  raw.value<number>("select cast(count(*) as integer) from orders where user_id = ?", userId);
let serial = 0;
const freshUtr = () => `5${String(Date.now() % 1e9).padStart(9, "0")}${String(++serial % 100).padStart(2, "0")}`;

describe("unpaid UPI orders per customer (issue #50)", () => {
  it(`the ${UNPAID_UPI_ORDERS + 1}th waiting one is refused with why, writing nothing; COD and other customers go on`, async () => {
    const nisha = await customer();
    for (let i = 0; i < UNPAID_UPI_ORDERS; i++) await place(nisha);
    const [before, placed] = [await stock(), await ordersOf(nisha.id)];
    const error = await refusal(place(nisha));
    expect(error).toBeInstanceOf(OrderError);
    expect(error!.message).toBe(en.feedback.tooManyUnpaidUpi);
    expect(translateFeedback(hi, error!.message)).toBe(hi.feedback.tooManyUnpaidUpi);
    expect(await stock()).toBe(before);
    expect(await ordersOf(nisha.id)).toBe(placed);
    // Cash on delivery holds no stock unpaid for a day; another customer has their own count.
    await place(nisha, "COD");
    await place(await customer());
  });

  it("paying one, its hold lapsing, or its cancellation makes room; one waiting for the owner's check still counts", async () => {
    const nisha = await customer();
    const ids: string[] = [];
    for (let i = 0; i < UNPAID_UPI_ORDERS; i++) ids.push(await place(nisha));
    // A UTR sent: the stock is still held until the owner's check.
    await sendUtr(nisha.id, ids[0]!, freshUtr());
    expect(await refusal(place(nisha))).toBeInstanceOf(OrderError);

    await updateOrder(ids[0]!, { isPaid: true });
    ids.push(await place(nisha));
    expect(await refusal(place(nisha))).toBeInstanceOf(OrderError);

    // A hold past its time (the clock has not swept it yet) holds nothing that counts.
    await raw.run("update orders set expires_at = ? where id = ?", new Date(Date.now() - 60_000), ids[1]);
    ids.push(await place(nisha));
    expect(await refusal(place(nisha))).toBeInstanceOf(OrderError);

    await updateOrder(ids[2]!, { status: "Cancelled" });
    await place(nisha);
    expect(await refusal(place(nisha))).toBeInstanceOf(OrderError);
  });
});

describe("UPI orders per client address (issue #50)", () => {
  it("past the generous limit a UPI order from that address is refused (429); COD and other addresses are not", async () => {
    for (let i = 0; i < RULES.upiOrderIp.limit; i++) await hit("upiOrderIp", IP);
    const nisha = await customer();
    const before = await stock();
    const error = await refusal(place(nisha));
    expect(error).toBeInstanceOf(RateLimited);
    expect(error!.message).toBe(en.feedback.tooManyUpiOrders);
    expect(translateFeedback(hi, error!.message)).toBe(hi.feedback.tooManyUpiOrders);
    expect(await stock()).toBe(before);
    await place(nisha, "COD");
    await place(nisha, "UPI", "198.51.100.7");
    // Only UPI orders count: a COD order from a fresh address leaves its count alone.
    for (let i = 0; i < RULES.upiOrderIp.limit; i++) await hit("upiOrderIp", "198.51.100.8");
    await place(await customer(), "COD", "198.51.100.8");
  });
});

// PostgreSQL places two orders side by side (READ COMMITTED); SQLite one after the other.
describe.skipIf(dialect !== "pg")("two UPI orders of one customer at once (PostgreSQL)", { timeout: 60_000 }, () => {
  it("with one place left, exactly one of them is placed (different candles: no stock row in common)", async () => {
    const nisha = await customer();
    for (let i = 0; i < UNPAID_UPI_ORDERS - 1; i++) await place(nisha);
    // Both start while the test's own connection holds the invoice counter, which every order
    // takes once it has written its rows (numberOrder): once both wait there, it lets go, and
    // they count one after the other (each would otherwise miss the other's uncommitted order).
    const client = new pg.Client({ connectionString: env.databaseUrl });
    await client.connect();
    await client.query("BEGIN");
    await client.query("SELECT 1 FROM invoice_counters FOR NO KEY UPDATE");
    const both = [place(nisha, "UPI", IP, await insertJar(raw, 5)), place(nisha, "UPI", IP, await insertJar(raw, 5))];
    const outcomes = Promise.allSettled(both);
    let settled = false;
    void outcomes.then(() => (settled = true));
    try {
      const waiting = () =>
        raw.value<number>(
          "SELECT cast(count(*) AS integer) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
        );
      for (let i = 0; i < 1_500 && !settled && ((await waiting()) ?? 0) < 2; i++)
        await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      await client.query("COMMIT");
      await client.end();
    }
    const results = await outcomes;
    expect(results.map((o) => o.status).sort()).toEqual(["fulfilled", "rejected"]);
    const lost = results.find((o) => o.status === "rejected") as PromiseRejectedResult;
    expect((lost.reason as Error).message).toBe(en.feedback.tooManyUnpaidUpi);
    expect(await ordersOf(nisha.id)).toBe(UNPAID_UPI_ORDERS);
  });
});
