import { expect, test } from "@playwright/test";
import {
  adminClient,
  Client,
  createProduct,
  dbHealth,
  dbOf,
  ordersWithoutLines,
  placeOrder,
  runsHere,
  startServer,
  uniqueEmail,
  type TestServer,
} from "./support/server";

// Server-level test with its own server and database: it needs no browser, so it runs once.
test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "server-level test: runs once");

const servers: TestServer[] = [];

test.afterAll(async () => {
  await Promise.all(servers.map((s) => s.kill9()));
});

test("kill -9 while orders stream in: every confirmed order survives with its items, the database stays sound", async ({}, testInfo) => {
  test.skip(!runsHere(testInfo));
  const first = await startServer();
  servers.push(first);
  const admin = await adminClient(first.url);
  const STOCK = 100_000;
  const products = [
    await createProduct(admin, { name: "Crash Test Cedar", stock: STOCK }),
    await createProduct(admin, { name: "Crash Test Citrus", stock: STOCK }),
  ];
  const customers = await Promise.all(
    Array.from({ length: 4 }, async () => {
      const c = new Client(first.url);
      expect((await c.register(uniqueEmail("crash"))).status).toBe(201);
      return c;
    }),
  );

  // Four customers order one after another, as fast as the server answers, until it dies.
  const confirmed: string[] = [];
  let killed = false;
  let failuresBeforeKill = 0;
  const stream = customers.map(async (customer, i) => {
    for (let n = 0; !killed; n++) {
      try {
        const res = await placeOrder(customer, products[(i + n) % 2]!, 1 + (n % 3));
        if (res.status === 201) confirmed.push(((await res.json()) as { _id: string })._id);
        else if (!killed) failuresBeforeKill++;
      } catch {
        // The connection died with the server: this order's fate is unknown, so it is not counted.
        if (!killed) failuresBeforeKill++;
      }
    }
  });
  // Kill it mid-stream, once a good number are confirmed (however long a loaded machine takes).
  await expect.poll(() => confirmed.length, { timeout: 30_000 }).toBeGreaterThan(10);
  const beforeKill = confirmed.length;
  killed = true;
  const exit = await first.kill9();
  await Promise.all(stream);
  expect(exit.signal).toBe("SIGKILL");
  expect(failuresBeforeKill).toBe(0);
  expect(beforeKill).toBeGreaterThan(10);

  // A new process on the same database (on SQLite, the file recovers from its WAL).
  const second = await startServer({ database: first.database });
  servers.push(second);
  const health = await fetch(`${second.url}/healthz`);
  expect(health.status).toBe(200);
  expect(await health.json()).toEqual({ status: "ok" });

  const db = dbOf(second);
  expect(await dbHealth(db)).toEqual({ integrity: "ok", ordersWithoutItems: 0 });
  const missing = await ordersWithoutLines(db, confirmed);
  expect(missing, `${missing.length} of ${confirmed.length} confirmed orders were lost`).toEqual([]);
  // Stock taken and order lines written commit together, even for the order cut off by the kill.
  for (const id of products) {
    const stock = (await db.value<number>("select stock from products where id = ?", id))!;
    const sold = (await db.value<number>("select coalesce(sum(qty), 0) from order_items where product_id = ?", id))!;
    expect(stock + sold).toBe(STOCK);
  }

  // The restarted server takes orders again.
  const again = new Client(second.url);
  expect((await again.register(uniqueEmail("crash"))).status).toBe(201);
  expect((await placeOrder(again, products[0]!, 1)).status).toBe(201);
  testInfo.annotations.push({ type: "orders", description: `${confirmed.length} confirmed before kill -9` });
});
