import { expect, test } from "@playwright/test";
import {
  adminClient,
  Client,
  createProduct,
  dbHealth,
  dbOf,
  placeOrder,
  runsHere,
  startServer,
  uniqueEmail,
  type TestServer,
} from "./support/server";

// Server-level test with its own server and database: it needs no browser, so it runs once.
test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "server-level test: runs once");

let server: TestServer;

test.beforeAll(async ({}, testInfo) => {
  if (runsHere(testInfo)) server = await startServer();
});

test.afterAll(async () => {
  await server?.stop();
});

test("20 customers racing for the last 5 candles: exactly 5 orders, stock 0, never oversold", async () => {
  const admin = await adminClient(server.url);
  const product = await createProduct(admin, { name: "Last Five Lavender", stock: 5 });

  const customers = Array.from({ length: 20 }, () => new Client(server.url));
  for (const customer of customers) expect((await customer.register(uniqueEmail("race"))).status).toBe(201);

  const answers = await Promise.all(
    customers.map(async (customer) => {
      const res = await placeOrder(customer, product, 1);
      return { status: res.status, body: (await res.json()) as { _id?: string; message?: string } };
    }),
  );
  const won = answers.filter((a) => a.status === 201);
  const lost = answers.filter((a) => a.status !== 201);
  expect(won).toHaveLength(5);
  expect(lost).toHaveLength(15);
  for (const a of lost) {
    expect(a.status).toBeGreaterThanOrEqual(400);
    expect(a.status).toBeLessThan(500);
    expect(a.body.message).toEqual(expect.any(String));
    expect(a.body.message).toMatch(/Last Five Lavender/);
  }

  const db = dbOf(server);
  expect(await db.value("select stock from products where id = ?", product)).toBe(0);
  const orderIds = (
    await db.all<{ order_id: string }>("select distinct order_id from order_items where product_id = ?", product)
  ).map((r) => r.order_id);
  expect(orderIds.sort()).toEqual(won.map((a) => a.body._id).sort());
  expect(await db.value("select coalesce(sum(qty), 0) from order_items where product_id = ?", product)).toBe(5);
  expect((await dbHealth(db)).ordersWithoutItems).toBe(0);
});
