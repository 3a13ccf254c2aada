import { beforeAll, describe, expect, it } from "vitest";
import * as app from "~/db/client.server";
import { createUser } from "~/models/accounts/users.server";
import { placeOrder } from "~/models/flows/place-order.server";
import { markDelivered, updateOrder } from "~/models/flows/update-order.server";
import { deleteOrder } from "~/models/orders/changes.server";
import { OrderError } from "~/models/orders/order-error.server";
import { newId } from "~/utils/id.server";
import { testDb } from "../../support/db";

const raw = testDb(app); // the app's own connections (tests/support/db.ts)

describe("order status and stock (docs/admin.md: cancel and delete rules)", () => {
  const contact = { name: "A", email: "a@example.com", phone: "1" };
  const shippingAddress = { address: "x", city: "y", state: "z", pin: "560001" };
  let userId = "";
  beforeAll(async () => {
    userId = (
      await createUser({ name: "U", email: "admin-unit@example.com", phone: "9876543210", password: "secret1" })
    ).id;
  });
  const product = async (stock: number) => {
    const id = newId();
    await raw.run("insert into products (id, name, price, stock) values (?, 'P', 100, ?)", id, stock);
    return id;
  };
  const stock = (id: string) => raw.value("select stock from products where id = ?", id);

  it("cancelling returns stock once; reopening takes it again", async () => {
    const p = await product(5);
    const { id } = await placeOrder(userId, { contact, shippingAddress, items: [{ product: p, qty: 3 }] });
    expect(await stock(p)).toBe(2);
    await updateOrder(id, { status: "Cancelled" });
    expect(await stock(p)).toBe(5);
    await updateOrder(id, { status: "Cancelled" });
    await updateOrder(id, { isPaid: true });
    expect(await stock(p)).toBe(5);
    await updateOrder(id, { status: "Processing" });
    expect(await stock(p)).toBe(2);
    await updateOrder(id, { status: "Cancelled" });
    expect(await stock(p)).toBe(5);
  });

  it("reopening is refused when the stock is gone, and changes nothing", async () => {
    const p = await product(2);
    const { id } = await placeOrder(userId, { contact, shippingAddress, items: [{ product: p, qty: 2 }] });
    await updateOrder(id, { status: "Cancelled" });
    await placeOrder(userId, { contact, shippingAddress, items: [{ product: p, qty: 2 }] });
    await expect(updateOrder(id, { status: "Placed" })).rejects.toThrow(OrderError);
    expect(await raw.value("select status from orders where id = ?", id)).toBe("Cancelled");
    expect(await stock(p)).toBe(0);
  });

  it("Mark Delivered sets Delivered and paid together; isPaid alone leaves the status", async () => {
    const p = await product(3);
    const { id } = await placeOrder(userId, { contact, shippingAddress, items: [{ product: p, qty: 1 }] });
    expect(await updateOrder(id, { isPaid: true })).toMatchObject({ status: "Placed", isPaid: true });
    expect(await updateOrder(id, { isPaid: false })).toMatchObject({ status: "Placed", isPaid: false });
    expect(await markDelivered(id)).toMatchObject({ status: "Delivered", isPaid: true });
    expect(await updateOrder("nope", { isPaid: true })).toBeNull();
  });

  it("deleting gives stock back only for orders neither delivered nor cancelled", async () => {
    const p = await product(10);
    const open = (await placeOrder(userId, { contact, shippingAddress, items: [{ product: p, qty: 1 }] })).id;
    const delivered = (await placeOrder(userId, { contact, shippingAddress, items: [{ product: p, qty: 2 }] })).id;
    const cancelled = (await placeOrder(userId, { contact, shippingAddress, items: [{ product: p, qty: 3 }] })).id;
    expect(await stock(p)).toBe(4);
    await markDelivered(delivered);
    await updateOrder(cancelled, { status: "Cancelled" });
    expect(await stock(p)).toBe(7);
    expect(await deleteOrder(open)).toBe(true);
    expect(await stock(p)).toBe(8);
    expect(await deleteOrder(delivered)).toBe(true);
    expect(await stock(p)).toBe(8);
    expect(await deleteOrder(cancelled)).toBe(true);
    expect(await stock(p)).toBe(8);
    expect(await deleteOrder(open)).toBe(false);
    expect(
      await raw.value(
        "select cast(count(*) as integer) from order_items where order_id in (?, ?, ?)",
        open,
        delivered,
        cancelled,
      ),
    ).toBe(0);
  });
});
