import type { APIRequestContext } from "@playwright/test";
import { expect, newProduct, queryOne, test } from "./support/fixtures";

// Issue #11, double submission, through the JSON door: an Idempotency-Key makes repeats of
// POST /api/orders one order; a customer's second review of a product replaces the first.

const contact = { name: "Api Double", email: "api-double@example.com", phone: "9876543210" };
const shippingAddress = { address: "5 Park Street", city: "Kolkata", state: "West Bengal", pin: "700016" };

async function customer(request: APIRequestContext, email: string) {
  const res = await request.post("/api/auth/register", {
    data: { name: "Api Double", email, password: "secret12", phone: "9876543210" },
  });
  expect(res.status()).toBe(201);
}

const stockOf = async (id: string) =>
  (await queryOne<{ stock: number }>("select stock from products where id = ?", id))!.stock;
const ordersOf = async (email: string) =>
  (await queryOne<{ n: number }>(
    "select count(*) n from orders o join users u on u.id = o.user_id where u.email = ?",
    email,
  ))!.n;

test("five POST /api/orders at once with one Idempotency-Key: one order, every answer names it", async ({
  request,
  playwright,
  baseURL,
  uniqueEmail,
}) => {
  const email = uniqueEmail();
  await customer(request, email);
  const product = await newProduct(playwright, baseURL!, { name: `Api Double Jasmine ${Date.now()}`, stock: 10 });
  const key = `order-${Date.now()}-${Math.random()}`;
  const order = () =>
    request.post("/api/orders", {
      data: { contact, shippingAddress, items: [{ product, qty: 3 }], paymentMethod: "COD" },
      headers: { "Idempotency-Key": key },
    });

  const answers = await Promise.all(Array.from({ length: 5 }, order));
  const bodies = await Promise.all(
    answers.map(async (res) => ({
      status: res.status(),
      body: (await res.json()) as { _id: string; items: unknown[] },
      replayed: res.headers()["idempotent-replayed"],
    })),
  );
  const id = bodies[0]!.body._id;
  expect(id).toMatch(/^[0-9a-f]{24}$/);
  for (const a of bodies) {
    expect(a.status).toBe(201);
    expect(a.body._id).toBe(id);
    expect(a.body.items).toEqual([expect.objectContaining({ product, qty: 3 })]);
  }
  // Exactly one answer made the order; the others say they are repeats.
  expect(bodies.filter((a) => a.replayed === "true")).toHaveLength(4);
  expect(await ordersOf(email)).toBe(1);
  expect(await stockOf(product)).toBe(7);
  expect((await queryOne<{ n: number }>("select count(*) n from order_items where product_id = ?", product))!.n).toBe(
    1,
  );

  // A repeat later answers the same, with the same body.
  const later = await order();
  expect(later.status()).toBe(201);
  expect(await later.json()).toEqual(bodies[0]!.body);
  expect(later.headers()["location"]).toBe(`/api/orders/${id}`);

  // Another key, or none (as before), is another order.
  const other = await request.post("/api/orders", {
    data: { contact, shippingAddress, items: [{ product, qty: 1 }] },
    headers: { "Idempotency-Key": `${key}-2` },
  });
  expect(other.status()).toBe(201);
  expect((await other.json())._id).not.toBe(id);
  const none = await request.post("/api/orders", { data: { contact, shippingAddress, items: [{ product, qty: 1 }] } });
  expect(none.status()).toBe(201);
  expect(await ordersOf(email)).toBe(3);
  expect(await stockOf(product)).toBe(5);
});

test("an Idempotency-Key over 200 characters is a 400 with a message and writes nothing; an empty one is no key", async ({
  request,
  playwright,
  baseURL,
  uniqueEmail,
}) => {
  const email = uniqueEmail();
  await customer(request, email);
  const product = await newProduct(playwright, baseURL!, { name: `Api Double Key ${Date.now()}`, stock: 10 });
  const res = await request.post("/api/orders", {
    data: { contact, shippingAddress, items: [{ product, qty: 1 }] },
    headers: { "Idempotency-Key": "k".repeat(201) },
  });
  expect(res.status()).toBe(400);
  expect(await res.json()).toEqual({ message: "Idempotency-Key must be 1 to 200 characters." });
  expect(await ordersOf(email)).toBe(0);
  expect(await stockOf(product)).toBe(10);
  // An empty header never reaches the app (Express's adapter drops empty header values), so it
  // is an order without a key, as if the header were absent. (placeOrder itself refuses "": unit test.)
  const empty = await request.post("/api/orders", {
    data: { contact, shippingAddress, items: [{ product, qty: 1 }] },
    headers: { "Idempotency-Key": "" },
  });
  expect(empty.status()).toBe(201);
  expect(empty.headers()["idempotent-replayed"]).toBeUndefined();
  expect(await ordersOf(email)).toBe(1);
  const longest = await request.post("/api/orders", {
    data: { contact, shippingAddress, items: [{ product, qty: 1 }] },
    headers: { "Idempotency-Key": "k".repeat(200) },
  });
  expect(longest.status()).toBe(201);
});

test("POST /api/products/{id}/reviews twice: one review, replaced (201 then 200), the rating follows the second", async ({
  request,
  playwright,
  baseURL,
  uniqueEmail,
}) => {
  const email = uniqueEmail();
  await customer(request, email);
  const product = await newProduct(playwright, baseURL!, { name: `Api Review Twice ${Date.now()}`, stock: 5 });
  const mine = async () =>
    (await queryOne<{ n: number }>(
      "select count(*) n from reviews r join users u on u.id = r.user_id where u.email = ? and r.product_id = ?",
      email,
      product,
    ))!.n;

  const first = await request.post(`/api/products/${product}/reviews`, { data: { rating: 5, comment: "Great throw" } });
  expect(first.status()).toBe(201);
  expect(await first.json()).toMatchObject({ _id: product, rating: 5, numReviews: 1, message: "Review submitted" });

  const second = await request.post(`/api/products/${product}/reviews`, {
    data: { rating: 1, comment: "Weak throw after all" },
  });
  expect(second.status()).toBe(200);
  const body = await second.json();
  expect(body).toMatchObject({ _id: product, rating: 1, numReviews: 1, message: "Review updated" });
  expect(body.reviews).toEqual([
    expect.objectContaining({ name: "Api Double", rating: 1, comment: "Weak throw after all" }),
  ]);
  expect(await mine()).toBe(1);
  expect(await queryOne("select rating, num_reviews from products where id = ?", product)).toEqual({
    rating: 1,
    num_reviews: 1,
  });

  // Five at once still leave one review.
  const burst = await Promise.all(
    [1, 2, 3, 4, 5].map((rating) =>
      request.post(`/api/products/${product}/reviews`, { data: { rating, comment: `burst ${rating}` } }),
    ),
  );
  expect(burst.map((r) => r.status())).toEqual([200, 200, 200, 200, 200]);
  expect(await mine()).toBe(1);
  expect(
    (await queryOne<{ num_reviews: number }>("select num_reviews from products where id = ?", product))!.num_reviews,
  ).toBe(1);
});
