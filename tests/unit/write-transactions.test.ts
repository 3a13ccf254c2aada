import { spawn } from "node:child_process";
import { once } from "node:events";
import { describe, expect, it } from "vitest";
import { sqlite } from "~/db/client.server";
import { newId } from "~/lib/id";
import { placeOrder, updateOrder } from "~/models/order.server";
import { createUser } from "~/models/user.server";

/**
 * Another process holds the write lock for `ms` while it changes a row, then commits. Resolves
 * once it holds the lock.
 */
async function otherWriter(ms: number) {
  const script = `
    const db = new (require("better-sqlite3"))(process.env.DATABASE_PATH);
    db.exec("BEGIN IMMEDIATE");
    db.prepare("update users set name = name").run();
    process.stdout.write("locked\\n");
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ${ms});
    db.exec("COMMIT");
    db.close();`;
  const child = spawn(process.execPath, ["-e", script], { env: process.env, stdio: ["ignore", "pipe", "inherit"] });
  await once(child.stdout!, "data");
  return child;
}

// A deferred transaction reads, then finds that another connection committed before it could
// write, and fails at once with "database is locked". Write transactions begin IMMEDIATE instead.
describe("write transactions wait for another writer instead of failing", () => {
  it("an order status change made while a script holds the write lock succeeds once it commits", async () => {
    const user = await createUser({ name: "Lock", email: "lock@example.com", phone: "9876543210", password: "secret1" });
    const product = newId();
    sqlite.prepare("insert into products (id, name, price, stock) values (?, 'Jar', 100, 5)").run(product);
    const contact = { name: "Lock", email: "lock@example.com", phone: "9876543210" };
    const { id } = placeOrder(user.id, { contact, shippingAddress: { address: "x", city: "y", state: "z", pin: "560001" }, items: [{ product, qty: 2 }] });

    const child = await otherWriter(300);
    const started = Date.now();
    expect(updateOrder(id, { status: "Cancelled" })?.status).toBe("Cancelled");
    expect(Date.now() - started).toBeGreaterThanOrEqual(200);
    expect(sqlite.prepare("select stock from products where id = ?").pluck().get(product)).toBe(5);
    await once(child, "exit");
  });
});
