// Invoice numbers in the database: one per order, taken in placeOrder's transaction, consecutive
// within each financial year (Asia/Kolkata), never given twice. The processes test is
// invoice-numbers-processes.test.ts.
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import * as app from "~/db/client.server";
import { createUser } from "~/models/accounts/users.server";
import { placeOrder } from "~/models/flows/place-order.server";
import { updateOrder } from "~/models/flows/update-order.server";
import { deleteOrder } from "~/models/orders/changes.server";
import { OrderError } from "~/models/orders/order-error.server";
import { getOrderFor } from "~/models/orders/read.server";
import { newId } from "~/utils/id.server";
import { testDb } from "../../support/db";

const raw = testDb(app);
const contact = { name: "Asha", email: "asha@example.com", phone: "9876543210" };
const shippingAddress = { address: "1 MG Road", city: "Bengaluru", state: "Karnataka", pin: "560001" };

let user: { id: string; isAdmin: boolean };
let candle: string;
beforeAll(async () => {
  user = await createUser({
    name: "Asha",
    email: "asha-numbers@example.com",
    phone: "9876543210",
    password: "secret1",
  });
  candle = newId();
  await raw.run("insert into products (id, name, price, stock) values (?, 'Jar', 49900, 1000)", candle);
});
afterEach(() => {
  vi.useRealTimers();
});

async function order(product = candle, qty = 1) {
  const { id } = await placeOrder(user.id, { contact, shippingAddress, items: [{ product, qty }] });
  return (await getOrderFor(user, id))!;
}
/** Places an order as if it were `iso` now (only Date is faked: the database runs as ever). */
async function orderAt(iso: string) {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(iso));
  try {
    return await order();
  } finally {
    vi.useRealTimers();
  }
}

describe("invoice numbers", () => {
  it("start again at 000001 on 1 April 00:00 in India, and each year keeps its own count", async () => {
    const march = await orderAt("2027-03-31T18:29:59.000Z"); // 31 March 23:59:59 IST
    const march2 = await orderAt("2027-03-31T18:29:59.500Z");
    const april = await orderAt("2027-03-31T18:30:00.000Z"); // 1 April 00:00 IST
    const april2 = await orderAt("2027-04-01T10:00:00.000Z");
    expect([march.invoiceNumber, march2.invoiceNumber]).toEqual(["RK/26-27/000001", "RK/26-27/000002"]);
    expect([april.invoiceNumber, april2.invoiceNumber]).toEqual(["RK/27-28/000001", "RK/27-28/000002"]);
    // The order's date is the moment its number was taken for (SQLite keeps whole seconds).
    expect(Math.floor(march.createdAt.getTime() / 1000)).toBe(Date.parse("2027-03-31T18:29:59Z") / 1000);
    expect(april.createdAt.getTime()).toBe(Date.parse("2027-03-31T18:30:00Z"));
    // A late order of the old year (a clock behind) continues the old year's count.
    expect((await orderAt("2027-03-31T18:29:59.900Z")).invoiceNumber).toBe("RK/26-27/000003");
    expect(
      await raw.all("select fy, last from invoice_counters where fy in ('2026-27', '2027-28') order by fy"),
    ).toEqual([
      { fy: "2026-27", last: 3 },
      { fy: "2027-28", last: 2 },
    ]);
  });

  it("a refused order takes no number: the next order gets the next one", async () => {
    const before = await order();
    const soldOut = newId();
    await raw.run("insert into products (id, name, price, stock) values (?, 'Rare', 100, 0)", soldOut);
    await expect(order(soldOut)).rejects.toThrow(OrderError);
    const after = await order();
    expect(Number(after.invoiceNumber!.slice(-6))).toBe(Number(before.invoiceNumber!.slice(-6)) + 1);
  });

  it("cancelling or deleting an order never frees its number", async () => {
    const cancelled = await order();
    const deleted = await order();
    await updateOrder(cancelled.id, { status: "Cancelled" });
    expect(await deleteOrder(deleted.id)).toBe(true);
    expect(await deleteOrder(cancelled.id)).toBe(true);
    const next = await order();
    expect(Number(next.invoiceNumber!.slice(-6))).toBe(Number(deleted.invoiceNumber!.slice(-6)) + 1);
  });

  it("the database refuses a second order with the same number", async () => {
    const first = await order();
    await expect(
      raw.run(
        `insert into orders (id, user_id, contact_name, contact_email, contact_phone, address, city, state, pin,
           subtotal, shipping, grand_total, invoice_number) values (?, ?, 'A', 'a@example.com', '98', 'x', 'y', 'z', '560001', 1, 0, 1, ?)`,
        newId(),
        user.id,
        first.invoiceNumber,
      ),
    ).rejects.toThrow(/unique/i);
  });
});

describe("HSN codes on order lines", () => {
  it("are copied from the product when the order is placed, and stay when the product changes", async () => {
    const diya = newId();
    await raw.run("insert into products (id, name, price, stock, hsn) values (?, 'Diya', 9900, 5, '34060010')", diya);
    const plain = newId();
    await raw.run("insert into products (id, name, price, stock) values (?, 'Pillar', 19900, 5)", plain);
    const { id } = await placeOrder(user.id, {
      contact,
      shippingAddress,
      items: [
        { product: diya, qty: 1 },
        { product: plain, qty: 2 },
      ],
    });
    await raw.run("update products set hsn = '340600' where id = ?", diya);
    const placed = (await getOrderFor(user, id))!;
    expect(placed.items.map((i) => [i.name, i.hsn])).toEqual([
      ["Diya", "34060010"],
      ["Pillar", "3406"],
    ]);
  });
});
