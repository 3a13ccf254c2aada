import { beforeAll, describe, expect, it } from "vitest";
import * as app from "~/db/client.server";
import {
  CART_EMPTY,
  CHECKOUT_INCOMPLETE,
  checkoutSchema,
  orderRequestMessage,
  orderRequestSchema,
  QTY_MAX,
  QTY_TOO_MANY,
} from "~/lib/checkout-schema";
import { createUser } from "~/models/accounts/users.server";
import { deleteProduct } from "~/models/catalogue/product-admin.server";
import { placeOrder } from "~/models/flows/place-order.server";
import { toApiOrder } from "~/models/orders/api.server";
import { OrderError } from "~/models/orders/order-error.server";
import { getOrderFor, listOrdersForUser } from "~/models/orders/read.server";
import { newId } from "~/utils/id.server";
import { testDb } from "../../support/db";

const raw = testDb(app); // the app's own connections (tests/support/db.ts)

const contact = { name: "Asha", email: "asha@example.com", phone: "98" };
const shippingAddress = { address: "1 MG Road", city: "Bengaluru", state: "Karnataka", pin: "560001" };

async function product(price: number, stock: number) {
  const id = newId();
  await raw.run(
    "insert into products (id, name, price, stock) values (?, ?, ?, ?)",
    id,
    `P ${id.slice(-4)}`,
    price,
    stock,
  );
  return id;
}
const stock = (id: string) => raw.value<number>("select stock from products where id = ?", id);
const orderRows = () => raw.value<number>("select cast(count(*) as integer) from orders");
const itemRows = () => raw.value<number>("select cast(count(*) as integer) from order_items");

let asha: { id: string; isAdmin: boolean };
let ravi: { id: string; isAdmin: boolean };
beforeAll(async () => {
  asha = await createUser({ name: "Asha", email: "asha-orders@example.com", phone: "9876543210", password: "secret1" });
  ravi = await createUser({ name: "Ravi", email: "ravi-orders@example.com", phone: "9876543211", password: "secret1" });
});

describe("placeOrder", () => {
  it("prices from the database, totals with shipping, stock taken", async () => {
    const a = await product(499_00, 10);
    const b = await product(250_50, 3);
    const { id } = await placeOrder(asha.id, {
      contact,
      shippingAddress,
      items: [
        { product: a, qty: 2 },
        { product: b, qty: 3 },
        { product: a, qty: 1 },
      ],
    });
    const order = (await getOrderFor(asha, id))!;
    expect(order).toMatchObject({
      status: "Placed",
      isPaid: false,
      paymentMethod: "COD",
      subtotal: 3 * 499_00 + 3 * 250_50,
      shipping: 49_00,
    });
    expect(order.grandTotal).toBe(order.subtotal + order.shipping);
    expect(order.items.map((i) => [i.productId, i.qty, i.price])).toEqual([
      [a, 3, 499_00],
      [b, 3, 250_50],
    ]);
    expect(await stock(a)).toBe(7);
    expect(await stock(b)).toBe(0);
    expect(toApiOrder(order).totals).toEqual({ subtotal: 2248.5, shipping: 49, grandTotal: 2297.5 });
  });

  it("lists an order's lines in the cart's order: each line keeps its position, whatever order the rows come back in", async () => {
    const [a, b, c] = [await product(100_00, 5), await product(200_00, 5), await product(300_00, 5)];
    const { id } = await placeOrder(asha.id, {
      contact,
      shippingAddress,
      items: [
        { product: c, qty: 1 },
        { product: a, qty: 1 },
        { product: b, qty: 1 },
      ],
    });
    const lines = async () => (await getOrderFor(asha, id))!.items.map((i) => i.productId);
    expect(await lines()).toEqual([c, a, b]);
    // Stock was taken product by product in id order; the lines are still the cart's.
    expect(
      await raw.value<number>("select position from order_items where order_id = ? and product_id = ?", id, b),
    ).toBe(2);
    // The position decides, not the rows' physical order: turned round, the list turns round.
    await raw.run("update order_items set position = 2 - position where order_id = ?", id);
    expect(await lines()).toEqual([b, a, c]);
  });

  it("refuses more than the stock, a sold-out or unknown product, or nothing — and writes nothing", async () => {
    const a = await product(100_00, 2);
    const soldOut = await product(100_00, 0);
    const before = [await orderRows(), await itemRows()];
    const attempt = (items: { product: string; qty: number }[]) =>
      placeOrder(asha.id, { contact, shippingAddress, items });
    await expect(
      attempt([
        { product: a, qty: 1 },
        { product: a, qty: 2 },
      ]),
    ).rejects.toThrow(/Only 2 left of/);
    await expect(
      attempt([
        { product: a, qty: 1 },
        { product: soldOut, qty: 1 },
      ]),
    ).rejects.toThrow(/is sold out/);
    await expect(
      attempt([
        { product: a, qty: 1 },
        { product: newId(), qty: 1 },
      ]),
    ).rejects.toThrow(OrderError);
    await expect(attempt([])).rejects.toThrow(CART_EMPTY);
    expect([await orderRows(), await itemRows()]).toEqual(before);
    expect(await stock(a)).toBe(2);
  });

  it("a client price that differs from the database refuses the order; a matching one is fine", async () => {
    const a = await product(499_00, 5);
    const before = await orderRows();
    await expect(
      placeOrder(asha.id, { contact, shippingAddress, items: [{ product: a, qty: 1, price: 1 }] }),
    ).rejects.toThrow(/is now ₹499\.00/);
    expect(await orderRows()).toBe(before);
    expect(await stock(a)).toBe(5);
    await placeOrder(asha.id, { contact, shippingAddress, items: [{ product: a, qty: 1, price: 499 }] });
    expect(await stock(a)).toBe(4);
  });

  it("a deleted product cannot be ordered", async () => {
    const a = await product(100_00, 5);
    await deleteProduct(a);
    await expect(placeOrder(asha.id, { contact, shippingAddress, items: [{ product: a, qty: 1 }] })).rejects.toThrow(
      "A product in your order is no longer available.",
    );
  });

  it("never oversells: orders one after another stop at zero stock", async () => {
    const a = await product(100_00, 5);
    let ok = 0;
    for (let i = 0; i < 20; i++) {
      try {
        await placeOrder(i % 2 ? asha.id : ravi.id, { contact, shippingAddress, items: [{ product: a, qty: 1 }] });
        ok++;
      } catch (e) {
        expect(e).toBeInstanceOf(OrderError);
      }
    }
    expect(ok).toBe(5);
    expect(await stock(a)).toBe(0);
  });
});

describe("the per-product cap (issue #20)", () => {
  it("holds on the summed quantity, however the lines are split, and writes nothing", async () => {
    const a = await product(100_00, 1_000);
    const [orders, items] = [await orderRows(), await itemRows()];
    const split = [1, 2, 3].map(() => ({ product: a, qty: 99 }));
    await expect(placeOrder(asha.id, { contact, shippingAddress, items: split })).rejects.toThrow(
      new OrderError(QTY_TOO_MANY),
    );
    const justOver = [
      { product: a, qty: 50 },
      { product: a, qty: 50 },
    ];
    await expect(placeOrder(asha.id, { contact, shippingAddress, items: justOver })).rejects.toThrow(QTY_TOO_MANY);
    expect([await orderRows(), await itemRows(), await stock(a)]).toEqual([orders, items, 1_000]);

    const atTheCap = [
      { product: a, qty: 90 },
      { product: a, qty: 9 },
    ];
    const { id } = await placeOrder(asha.id, { contact, shippingAddress, items: atTheCap });
    const order = await getOrderFor(asha, id);
    expect(order!.items.map((i) => i.qty)).toEqual([QTY_MAX]);
    expect(await stock(a)).toBe(1_000 - QTY_MAX);
  });
});

describe("who may see an order", () => {
  it("its owner and admins; anyone else gets null, as for a missing order", async () => {
    const { id } = await placeOrder(asha.id, {
      contact,
      shippingAddress,
      items: [{ product: await product(10_00, 1), qty: 1 }],
    });
    expect((await getOrderFor(asha, id))?.id).toBe(id);
    expect(await getOrderFor(ravi, id)).toBeNull();
    expect((await getOrderFor({ id: ravi.id, isAdmin: true }, id))?.id).toBe(id);
    expect(await getOrderFor(asha, "nope")).toBeNull();
    expect((await listOrdersForUser(ravi.id)).every((o) => o.userId === ravi.id)).toBe(true);
    expect((await listOrdersForUser(asha.id)).map((o) => o.id)).toContain(id);
  });
});

describe("checkout schemas", () => {
  it("requires every field, strips non-digits from the PIN, checks 6 digits", () => {
    const ok = checkoutSchema.parse({ ...contact, ...shippingAddress, pin: "560 001" });
    expect(ok.pin).toBe("560001");
    expect(checkoutSchema.safeParse({ ...contact, ...shippingAddress, pin: "56001" }).error?.issues[0]?.message).toBe(
      "Please enter a valid 6-digit PIN",
    );
    expect(checkoutSchema.safeParse({ ...contact, ...shippingAddress, city: "  " }).success).toBe(false);
    expect(checkoutSchema.safeParse({ ...contact, ...shippingAddress, phone: "12" }).success).toBe(true); // hint only
  });

  it("stores an address's line breaks as \\n, whether the form sent CRLF or the API LF", () => {
    const lines = "Flat 4B, Lotus Apartments\r\n12 Residency Road\rNear the temple";
    expect(checkoutSchema.parse({ ...contact, ...shippingAddress, address: lines }).address).toBe(
      "Flat 4B, Lotus Apartments\n12 Residency Road\nNear the temple",
    );
  });

  it("the API's messages", () => {
    const msg = (body: unknown) => orderRequestMessage(orderRequestSchema.safeParse(body).error!);
    const item = { product: newId(), qty: 1 };
    expect(msg({ contact: { ...contact, name: "" }, shippingAddress, items: [item] })).toBe(CHECKOUT_INCOMPLETE);
    expect(msg({ shippingAddress, items: [item] })).toBe(CHECKOUT_INCOMPLETE);
    expect(msg({ contact, shippingAddress, items: [] })).toBe(CART_EMPTY);
    expect(msg({ contact, shippingAddress })).toBe(CART_EMPTY);
    expect(msg({ contact, shippingAddress, items: [item], paymentMethod: "CARD" })).toBe(
      "Only cash on delivery is available for now.",
    );
    expect(
      orderRequestSchema.parse({ contact, shippingAddress, items: [{ ...item, price: 10, name: "x" }] }).items[0],
    ).toEqual({ ...item, price: 10 });
    expect(msg({ contact, shippingAddress, items: [{ ...item, price: "free" }] })).toBe("Price must be a number.");
  });
});

describe("a tampered price hidden behind a second line of the same product", () => {
  it("is refused: every line's price is compared", async () => {
    const user = await createUser({ name: "T", email: "tamper@example.com", phone: "9876543210", password: "secret1" });
    const id = newId();
    await raw.run("insert into products (id, name, price, stock) values (?, 'Tamper', 50000, 9)", id);
    const items = [
      { product: id, qty: 1, price: 1 },
      { product: id, qty: 1, price: 500 },
    ];
    await expect(placeOrder(user.id, { contact, shippingAddress, items })).rejects.toThrow(/is now ₹500\.00/);
    expect(await stock(id)).toBe(9);
  });
});
