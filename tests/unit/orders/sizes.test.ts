// Sizes through an order (issue #37): price and stock per size, the default size mirrored on the
// product, the guard per size, cancellation putting a size's stock back; and the cart reading them.
import { beforeAll, describe, expect, it } from "vitest";
import * as app from "~/db/client.server";
import { en } from "~/lib/i18n/en";
import { createUser } from "~/models/accounts/users.server";
import { readCartLines } from "~/models/cart/cart.server";
import { placeOrder } from "~/models/flows/place-order.server";
import { updateOrder } from "~/models/flows/update-order.server";
import { toApiOrder } from "~/models/orders/api.server";
import { orderCsv } from "~/models/orders/export.server";
import { OrderError } from "~/models/orders/order-error.server";
import { getOrderFor } from "~/models/orders/read.server";
import { newId } from "~/utils/id.server";
import { testDb } from "../../support/db";
import { addSizes, sizeStock } from "../../support/sizes";

const raw = testDb(app);
const contact = { name: "Asha", email: "asha@example.com", phone: "98" };
const shippingAddress = { address: "1 MG Road", city: "Bengaluru", state: "Karnataka", pin: "560001" };

async function product(name: string, price = 100_00, stock = 5) {
  const id = newId();
  await raw.run("insert into products (id, name, price, stock) values (?, ?, ?, ?)", id, name, price, stock);
  return id;
}
const productRow = (id: string) =>
  raw.get<{ price: number; mrp: number | null; stock: number }>(
    "select price, mrp, stock from products where id = ?",
    id,
  );

/** A candle in a 100 g tin (default), a 200 g jar and a 450 g bowl. */
async function sizedCandle(name = `Lavender ${newId().slice(-4)}`) {
  const id = await product(name);
  const [tin, jar, bowl] = await addSizes(raw, id, [
    { label: "100 g tin", labelHi: "100 ग्राम टिन", price: 349_00, mrp: 399_00, stock: 4 },
    { label: "200 g jar", price: 599_00, stock: 3, sku: `JAR-${id.slice(-6)}` },
    { label: "450 g bowl", price: 999_00, stock: 0 },
  ]);
  return { id, name, tin: tin!, jar: jar!, bowl: bowl! };
}

let asha: { id: string; isAdmin: boolean };
beforeAll(async () => {
  asha = await createUser({ name: "Asha", email: "asha-sizes@example.com", phone: "9876543210", password: "secret1" });
});

const refusal = (fn: () => Promise<unknown>) =>
  fn().then(
    () => null,
    (e: unknown) => (e instanceof OrderError ? e.message : Promise.reject(e)),
  );

describe("an order of sizes", () => {
  it("sells the chosen size at its price from its stock; a line without a size is the default size", async () => {
    const c = await sizedCandle();
    const plain = await product("Plain", 250_00, 9);
    const { id } = await placeOrder(asha.id, {
      contact,
      shippingAddress,
      items: [
        { product: c.id, qty: 2, sizeId: c.jar, price: 599 },
        { product: c.id, qty: 1 },
        { product: plain, qty: 1 },
        { product: c.id, qty: 1, sizeId: c.tin },
      ],
    });
    expect(await sizeStock(raw, c.jar)).toBe(1);
    expect(await sizeStock(raw, c.tin)).toBe(2);
    // The product mirrors its default size (the tin) after the order.
    expect(await productRow(c.id)).toEqual({ price: 349_00, mrp: 399_00, stock: 2 });
    expect(await productRow(plain)).toMatchObject({ stock: 8 });
    const order = (await getOrderFor(asha, id))!;
    expect(order.items.map((i) => [i.name, i.sizeLabel, i.sizeId, i.qty, i.price])).toEqual([
      [c.name, "200 g jar", c.jar, 2, 599_00],
      [c.name, "100 g tin", c.tin, 2, 349_00],
      ["Plain", "", null, 1, 250_00],
    ]);
    expect(order.subtotal).toBe(2 * 599_00 + 2 * 349_00 + 250_00);
    expect(toApiOrder(order).items.map((i) => ["sizeId" in i ? [i.sizeId, i.sizeLabel] : "no size"])).toEqual([
      [[c.jar, "200 g jar"]],
      [[c.tin, "100 g tin"]],
      ["no size"],
    ]);

    // The confirmation names each line's size; the line without one reads as it always did.
    const mail = await raw.value<string>(
      "select text_body from mail_outbox where kind = 'order-confirmation' and text_body like ?",
      `%${c.name}%`,
    );
    expect(mail).toContain(`${c.name} — 200 g jar × 2`);
    expect(mail).toContain(`${c.name} — 100 g tin × 2`);
    expect(mail).toMatch(/^- Plain × 1/m);

    // The CSV export's line names its size too.
    let csv = "";
    for await (const piece of orderCsv({ q: id })) csv += piece;
    expect(csv).toContain(`${c.name} — 200 g jar`);

    // Cancelling puts each size's stock back, and the mirror follows.
    await updateOrder(id, { status: "Cancelled" });
    expect(await sizeStock(raw, c.jar)).toBe(3);
    expect(await productRow(c.id)).toMatchObject({ stock: 4 });
    // Reopening takes them again.
    await updateOrder(id, { status: "Placed" });
    expect(await sizeStock(raw, c.jar)).toBe(1);
    expect(await productRow(c.id)).toMatchObject({ stock: 2 });
  });

  it("guards each size's stock and price; a size sold out, removed or unknown refuses the order", async () => {
    const c = await sizedCandle();
    const other = await sizedCandle();
    const place = (item: { qty: number; sizeId?: string; price?: number; product?: string }) =>
      refusal(() => placeOrder(asha.id, { contact, shippingAddress, items: [{ product: c.id, ...item }] }));
    expect(await place({ qty: 4, sizeId: c.jar })).toBe(en.feedback.onlyLeft(3, `${c.name} — 200 g jar`));
    expect(await place({ qty: 1, sizeId: c.bowl })).toBe(en.feedback.soldOut(`${c.name} — 450 g bowl`));
    // The client's price is compared with the chosen size's; the default size's for a bare line.
    expect(await place({ qty: 1, sizeId: c.jar, price: 349 })).toBe(
      en.feedback.priceChanged(`${c.name} — 200 g jar`, "₹599.00"),
    );
    expect(await place({ qty: 1, sizeId: other.jar })).toBe(en.feedback.sizeGone);
    await raw.run("update product_sizes set deleted_at = ? where id = ?", new Date(), c.jar);
    expect(await place({ qty: 1, sizeId: c.jar })).toBe(en.feedback.sizeGone);
    expect(await sizeStock(raw, c.jar)).toBe(3);
    expect(await sizeStock(raw, c.tin)).toBe(4);
    expect(await raw.value("select cast(count(*) as integer) from order_items where product_id = ?", c.id)).toBe(0);
  });
});

describe("the cart with sizes", () => {
  it("reads each entry's size (none: the default), its Hindi label, and drops a removed size", async () => {
    const c = await sizedCandle();
    const plain = await product("Plain cart", 250_00, 9);
    const cart = [
      { id: c.id, qty: 1 },
      { id: c.id, qty: 2, size: c.jar },
      { id: plain, qty: 1 },
      { id: c.id, qty: 1, size: newId() },
    ];
    const { lines, goneSizes } = await readCartLines(cart, "hi");
    expect(lines.map((l) => [l.size, l.sizeId, l.sizeLabel, l.price, l.stock, l.status])).toEqual([
      ["", c.tin, "100 ग्राम टिन", 349_00, 4, "ok"],
      [c.jar, c.jar, "200 g jar", 599_00, 3, "ok"],
      ["", null, "", 250_00, 9, "ok"],
    ]);
    expect(goneSizes).toEqual([c.name]);
  });
});
