// POST /api/orders with sizes (issue #37): a line of a product id alone takes the default size
// at its price (what the spec's clients send); `sizeId` picks another; an unknown one is a 400.
import { addSizes, sizeStock } from "../support/sizes";
import { expect, newProduct, sharedDb, test } from "./support/fixtures";

const contact = { name: "Api Buyer", email: "buyer@example.com", phone: "9876543210" };
const shippingAddress = { address: "5 Park Street", city: "Kolkata", state: "West Bengal", pin: "700016" };

test("POST /api/orders: without sizeId the default size, with it that size; order lines name it", async ({
  request,
  playwright,
  baseURL,
  uniqueEmail,
}) => {
  const id = await newProduct(playwright, baseURL!, { name: "Api Sized Candle", stock: 1 });
  const [tin, jar] = await addSizes(sharedDb(), id, [
    { label: "100 g tin", price: 349_00, stock: 5 },
    { label: "200 g jar", price: 599_00, stock: 4 },
  ]);
  expect(
    (
      await request.post("/api/auth/register", {
        data: { name: "Api Buyer", email: uniqueEmail(), password: "secret12", phone: "9876543210" },
      })
    ).status(),
  ).toBe(201);
  // The product's JSON shows the default size's figures, as a client of the spec expects.
  const product = await (await request.get(`/api/products/${id}`)).json();
  expect([product.price, product.stock]).toEqual([349, 5]);
  // Additive: its sizes, the default first.
  expect(product.sizes.map((s: Record<string, unknown>) => [s._id, s.label, s.price, s.stock])).toEqual([
    [tin, "100 g tin", 349, 5],
    [jar, "200 g jar", 599, 4],
  ]);

  const res = await request.post("/api/orders", {
    data: {
      contact,
      shippingAddress,
      items: [
        { product: id, qty: 1, price: product.price },
        { product: id, qty: 2, sizeId: jar, price: 599 },
      ],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const order = await res.json();
  expect(order.items.map((i: Record<string, unknown>) => [i.name, i.qty, i.price, i.sizeId, i.sizeLabel])).toEqual([
    ["Api Sized Candle", 1, 349, tin, "100 g tin"],
    ["Api Sized Candle", 2, 599, jar, "200 g jar"],
  ]);
  expect([await sizeStock(sharedDb(), tin!), await sizeStock(sharedDb(), jar!)]).toEqual([4, 2]);

  // An unknown size, or one that is not a size id, is a clear 400 and changes nothing.
  const unknown = await request.post("/api/orders", {
    data: { contact, shippingAddress, items: [{ product: id, qty: 1, sizeId: "f".repeat(24) }] },
  });
  expect([unknown.status(), (await unknown.json()).message]).toEqual([
    400,
    "A size in your order is no longer available.",
  ]);
  const junk = await request.post("/api/orders", {
    data: { contact, shippingAddress, items: [{ product: id, qty: 1, sizeId: "jar" }] },
  });
  expect([junk.status(), (await junk.json()).message]).toEqual([
    400,
    "sizeId must be the id of one of the product's sizes.",
  ]);
  expect(await sizeStock(sharedDb(), jar!)).toBe(2);
});
