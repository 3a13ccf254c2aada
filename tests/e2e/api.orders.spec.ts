import type { APIRequestContext } from "@playwright/test";
import { expect, queryOne, test } from "./support/fixtures";

const productId = async (name: string) =>
  (await queryOne<{ id: string }>("select id from products where name = ?", name))!.id;
const stockOf = async (id: string) =>
  (await queryOne<{ stock: number }>("select stock from products where id = ?", id))!.stock;
const orderCount = async (email: string) =>
  (await queryOne<{ n: number }>(
    "select count(*) n from orders o join users u on u.id = o.user_id where u.email = ?",
    email,
  ))!.n;

const contact = { name: "Api Buyer", email: "buyer@example.com", phone: "9876543210" };
const shippingAddress = { address: "5 Park Street", city: "Kolkata", state: "West Bengal", pin: "700016" };

async function customer(request: APIRequestContext, email: string) {
  const res = await request.post("/api/auth/register", {
    data: { name: "Api Buyer", email, password: "secret12", phone: "9876543210" },
  });
  expect(res.status()).toBe(201);
}

test("POST /api/orders takes prices from the database and stock in the same transaction", async ({
  request,
  uniqueEmail,
}) => {
  const email = uniqueEmail();
  await customer(request, email);
  const id = await productId("Ocean Breeze");
  const stock = await stockOf(id);
  const price = (await queryOne<{ price: number }>("select price from products where id = ?", id))!.price;

  // A tampered price refuses the order and writes nothing.
  const tampered = await request.post("/api/orders", {
    data: {
      contact,
      shippingAddress,
      items: [{ product: id, name: "Cheap!", qty: 2, price: 1, image: "x" }],
      paymentMethod: "COD",
    },
  });
  expect(tampered.status()).toBe(400);
  expect((await tampered.json()).message).toMatch(
    /^The price of Ocean Breeze is now ₹[\d,]+\.\d\d\. Please review your order\.$/,
  );
  expect(await orderCount(email)).toBe(0);
  expect(await stockOf(id)).toBe(stock);

  // The client's name and image are ignored; its (correct) price is only checked.
  const res = await request.post("/api/orders", {
    data: {
      contact,
      shippingAddress,
      items: [{ product: id, name: "Cheap!", qty: 2, price: price / 100, image: "x" }],
      paymentMethod: "COD",
    },
  });
  expect(res.status()).toBe(201);
  const order = await res.json();
  expect(order).toMatchObject({ status: "Placed", isPaid: false, paymentMethod: "COD", contact, shippingAddress });
  expect(order.items).toEqual([
    { product: id, name: "Ocean Breeze", qty: 2, price: price / 100, image: expect.any(String) },
  ]);
  expect(order.totals).toEqual({ subtotal: (2 * price) / 100, shipping: 49, grandTotal: (2 * price + 4900) / 100 });
  expect(await stockOf(id)).toBeLessThanOrEqual(stock - 2);

  const mine = await request.get(`/api/orders/my?t=${Date.now()}`);
  expect(mine.status()).toBe(200);
  expect(mine.headers()["cache-control"]).toContain("no-store");
  expect((await mine.json())[0]._id).toBe(order._id);
});

test("bad orders answer 400 with a message and write nothing", async ({ request, uniqueEmail }) => {
  const email = uniqueEmail();
  await customer(request, email);
  const id = await productId("Kesar Saffron");
  const stock = await stockOf(id);
  const cases: [unknown, string | RegExp][] = [
    [{ contact, shippingAddress, items: [{ product: id, qty: stock + 1 }] }, /Only \d+ left of Kesar Saffron\./],
    [
      { contact, shippingAddress, items: [{ product: "0".repeat(24), qty: 1 }] },
      "A product in your order is no longer available.",
    ],
    [{ contact, shippingAddress, items: [] }, "Your cart is empty"],
    [{ contact, shippingAddress, items: [{ product: id, qty: 0 }] }, "Quantity must be a whole number of at least 1."],
    [
      { contact, shippingAddress, items: [{ product: id, qty: 1.5 }] },
      "Quantity must be a whole number of at least 1.",
    ],
    [
      { contact: { ...contact, name: "" }, shippingAddress, items: [{ product: id, qty: 1 }] },
      "Please complete all required fields",
    ],
    [
      { contact, shippingAddress: { ...shippingAddress, pin: "12345" }, items: [{ product: id, qty: 1 }] },
      "Please enter a valid 6-digit PIN",
    ],
    [
      { contact, shippingAddress, items: [{ product: id, qty: 1 }], paymentMethod: "CARD" },
      "Only cash on delivery is available for now.",
    ],
    [{ shippingAddress, items: [{ product: id, qty: 1 }] }, "Please complete all required fields"],
  ];
  for (const [data, message] of cases) {
    const res = await request.post("/api/orders", { data: data as object });
    expect(res.status(), JSON.stringify(data)).toBe(400);
    const body = await res.json();
    if (typeof message === "string") expect(body).toEqual({ message });
    else expect(body.message).toMatch(message);
  }
  expect(await orderCount(email)).toBe(0);
  expect(await stockOf(id)).toBe(stock);
});

test("orders and invoices are private: guests 401, other customers 404, admins allowed", async ({
  playwright,
  baseURL,
  uniqueEmail,
}) => {
  const owner = await playwright.request.newContext({ baseURL });
  await customer(owner, uniqueEmail());
  const placed = await owner.post("/api/orders", {
    data: { contact, shippingAddress, items: [{ product: await productId("Honey Oat"), qty: 1 }] },
  });
  expect(placed.status()).toBe(201);
  const { _id } = await placed.json();
  expect((await owner.get(`/api/orders/${_id}/invoice`)).status()).toBe(200);

  const guest = await playwright.request.newContext({ baseURL });
  expect((await guest.get(`/api/orders/${_id}/invoice`)).status()).toBe(401);
  expect((await guest.get("/api/orders/my")).status()).toBe(401);
  expect((await guest.post("/api/orders", { data: {} })).status()).toBe(401);

  const other = await playwright.request.newContext({ baseURL });
  await customer(other, uniqueEmail());
  const stolen = await other.get(`/api/orders/${_id}/invoice`);
  expect(stolen.status()).toBe(404);
  expect(await stolen.json()).toEqual({ message: "Order not found" });
  expect(await (await other.get("/api/orders/my")).json()).toEqual([]);

  const { ADMIN } = await import("../playwright.config");
  const admin = await playwright.request.newContext({ baseURL });
  expect((await admin.post("/api/auth/login", { data: ADMIN })).status()).toBe(200);
  expect((await admin.get(`/api/orders/${_id}/invoice`)).status()).toBe(200);
  await Promise.all([owner, guest, other, admin].map((c) => c.dispose()));
});

test("GET /api/pincode answers in the postal service's shape", async ({ request }) => {
  const ok = await (await request.get("/api/pincode/110001")).json();
  expect(ok[0].Status).toBe("Success");
  expect(ok[0].PostOffice[0]).toMatchObject({ District: "Central Delhi", State: "Delhi" });
  const none = await (await request.get("/api/pincode/899999")).json();
  expect(none).toEqual([{ Message: "No records found", Status: "Error", PostOffice: null }]);
  const bad = await (await request.get("/api/pincode/12ab")).json();
  expect(bad[0]).toMatchObject({ Status: "Error", Message: "Please enter a valid 6-digit PIN" });
});

test("POST /api/orders: the 99-per-product cap holds on lines split of one product; a review's rating is a number", async ({
  request,
  uniqueEmail,
}) => {
  const email = uniqueEmail();
  await customer(request, email);
  const id = await productId("Ocean Breeze");
  const stock = await stockOf(id);
  const split = await request.post("/api/orders", {
    data: { contact, shippingAddress, items: [1, 2, 3].map(() => ({ product: id, qty: 99 })) },
  });
  expect(split.status()).toBe(400);
  expect((await split.json()).message).toBe("At most 99 of one item per order.");
  expect(await orderCount(email)).toBe(0);
  expect(await stockOf(id)).toBe(stock);

  for (const rating of [true, [3], "0x3"]) {
    const review = await request.post(`/api/products/${id}/reviews`, { data: { rating, comment: "Lovely" } });
    expect(review.status(), JSON.stringify(rating)).toBe(400);
    expect((await review.json()).message).toBe("Rating must be a whole number from 1 to 5.");
  }
  const reviews = await queryOne<{ n: number }>(
    "select count(*) n from reviews r join users u on u.id = r.user_id where u.email = ?",
    email,
  );
  expect(Number(reviews!.n)).toBe(0);
});

test("Place Order at another total than the page showed is refused with the new one, at both doors (issue #50)", async ({
  request,
  uniqueEmail,
}) => {
  const email = uniqueEmail();
  await customer(request, email);
  const id = await productId("Ocean Breeze");
  const price = (await queryOne<{ price: number }>("select price from products where id = ?", id))!.price;
  const total = price * 2 + 4900; // two candles and the flat shipping, in paise
  const rupees = (paise: number) => `₹${(paise / 100).toLocaleString("en-IN", { minimumFractionDigits: 2 })}`;
  const order = (sent?: number) =>
    request.post("/api/orders", {
      data: { contact, shippingAddress, items: [{ product: id, qty: 2 }], paymentMethod: "COD", total: sent },
    });

  // The JSON door compares only a total it is sent.
  const stale = await order((total - 100) / 100);
  expect(stale.status()).toBe(409);
  expect((await stale.json()).message).toBe(
    `The total of this order has changed: it is now ${rupees(total)}. Please check it and place the order again.`,
  );
  expect(await orderCount(email)).toBe(0);
  expect((await order(total / 100)).status()).toBe(201);
  expect((await order()).status()).toBe(201);
  expect(await orderCount(email)).toBe(2);

  // The checkout form carries the totals its page showed; a stale one is a 409 with the new figures.
  expect(
    (await request.post("/cart", { form: { intent: "add", productId: id, qty: "2" }, maxRedirects: 0 })).status(),
  ).toBe(302);
  const page = await (await request.get("/checkout")).text();
  expect(page).toContain(`name="shownTotal" value="COD:${total}"`);
  const form = { ...contact, ...shippingAddress, intent: "place", orderToken: `shown-total-${Date.now()}` };
  const refused = await request.post("/checkout", {
    form: { ...form, shownTotal: `COD:${total - 100}` },
    maxRedirects: 0,
  });
  expect(refused.status()).toBe(409);
  expect(await refused.text()).toContain(`it is now ${rupees(total)}`);
  expect(await orderCount(email)).toBe(2);
  const placed = await request.post("/checkout", { form: { ...form, shownTotal: `COD:${total}` }, maxRedirects: 0 });
  expect(placed.status()).toBe(302);
  expect(await orderCount(email)).toBe(3);
});
