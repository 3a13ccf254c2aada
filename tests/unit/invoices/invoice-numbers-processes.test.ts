import { expect, it } from "vitest";
import * as app from "~/db/client.server";
import { financialYear } from "~/lib/invoice-number";
import { createUser } from "~/models/accounts/users.server";
import { placeOrder } from "~/models/flows/place-order.server";
import { newId } from "~/utils/id.server";
import { testDb } from "../../support/db";
import { startWorker } from "../../support/workers/worker-process";

// The shop runs as one worker process per core over one SQLite file, or as several app servers
// over one PostgreSQL: invoice numbers must be consecutive across all of them, never the same twice.

const raw = testDb(app);

/** An order-placing process on this test file's database; result(): the invoice numbers it got. */
const start = (user: string, product: string, n: number) =>
  startWorker<string[]>("./order-worker.ts", [user, product, String(n)]);

it("orders placed at once by two worker processes and this one are numbered 1..N, no gap, no repeat", async () => {
  const user = await createUser({
    name: "Asha",
    email: "asha-fy@example.com",
    phone: "9876543210",
    password: "secret1",
  });
  const product = newId();
  await raw.run("insert into products (id, name, price, stock) values (?, 'Jar', 33333, 1000)", product);
  const PER_PROCESS = 20;
  const [a, b] = await Promise.all([start(user.id, product, PER_PROCESS), start(user.id, product, PER_PROCESS)]);
  a.go();
  b.go();
  const contact = { name: "Asha", email: "asha@example.com", phone: "9876543210" };
  const shippingAddress = { address: "1 MG Road", city: "Bengaluru", state: "Karnataka", pin: "560001" };
  for (let i = 0; i < PER_PROCESS; i++)
    await placeOrder(user.id, { contact, shippingAddress, items: [{ product, qty: 1 }] });
  const [fromA, fromB] = [await a.result(), await b.result()];

  const total = 3 * PER_PROCESS;
  const stored = await raw.all<{ n: string }>("select invoice_number as n from orders");
  const fy = financialYear(new Date()).slice(2);
  const serials = stored.map(({ n }) => {
    expect(n).toMatch(new RegExp(`^RK/${fy}/\\d{6}$`));
    return Number(n.slice(-6));
  });
  expect(serials.sort((x, y) => x - y)).toEqual(Array.from({ length: total }, (_, i) => i + 1));
  // Each process saw its own numbers rise, and they are the stored ones.
  for (const mine of [fromA, fromB]) {
    expect(mine).toHaveLength(PER_PROCESS);
    expect([...mine].sort()).toEqual(mine);
    for (const n of mine) expect(stored.map((s) => s.n)).toContain(n);
  }
  expect(await raw.value<number>("select last from invoice_counters where fy = ?", financialYear(new Date()))).toBe(
    total,
  );
  expect(await raw.value<number>("select stock from products where id = ?", product)).toBe(1000 - total);
}, 120_000);
