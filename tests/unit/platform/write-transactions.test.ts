import { spawn } from "node:child_process";
import { once } from "node:events";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, dialect, writeTransaction } from "~/db/client.server";
import * as app from "~/db/client.server";
import { products } from "~/db/schema";
import { createUser } from "~/models/accounts/users.server";
import { placeOrder } from "~/models/flows/place-order.server";
import { updateOrder } from "~/models/flows/update-order.server";
import { newId } from "~/utils/id.server";
import { testDb } from "../../support/db";

const raw = testDb(app); // the app's own connections (tests/support/db.ts)

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
// SQLite only: PostgreSQL has no file-wide write lock, it locks the rows a transaction writes.
describe.skipIf(dialect === "pg")(
  "write transactions wait for another writer instead of failing (SQLite's file lock)",
  () => {
    it("an order status change made while a script holds the write lock succeeds once it commits", async () => {
      const user = await createUser({
        name: "Lock",
        email: "lock@example.com",
        phone: "9876543210",
        password: "secret1",
      });
      const product = newId();
      await raw.run("insert into products (id, name, price, stock) values (?, 'Jar', 100, 5)", product);
      const contact = { name: "Lock", email: "lock@example.com", phone: "9876543210" };
      const { id } = await placeOrder(user.id, {
        contact,
        shippingAddress: { address: "x", city: "y", state: "z", pin: "560001" },
        items: [{ product, qty: 2 }],
      });

      const child = await otherWriter(300);
      const started = Date.now();
      expect((await updateOrder(id, { status: "Cancelled" }))?.status).toBe("Cancelled");
      expect(Date.now() - started).toBeGreaterThanOrEqual(200);
      expect(await raw.value("select stock from products where id = ?", product)).toBe(5);
      await once(child, "exit");
    });
  },
);

// Model functions are async: a transaction stays open across awaits while other requests run.
describe("an open write transaction is its own until it commits", () => {
  const count = async (name: string) =>
    (await db.select({ id: products.id }).from(products).where(eq(products.name, name))).length;

  it("other requests neither see its rows nor write into it", async () => {
    let wrote!: () => void;
    const written = new Promise<void>((resolve) => (wrote = resolve));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const first = writeTransaction(async (tx) => {
      await tx.insert(products).values({ id: newId(), name: "Open A", price: 100 });
      wrote();
      await held;
      throw new Error("A rolls back");
    });
    await written;
    expect(await count("Open A"), "a read outside sees only what is committed").toBe(0);
    const second = writeTransaction((tx) => tx.insert(products).values({ id: newId(), name: "Open B", price: 100 }));
    // PostgreSQL runs it beside A, on a connection of its own; SQLite's one writer waits for A.
    if (dialect === "pg") await second;
    release();
    await expect(first).rejects.toThrow("A rolls back");
    await second;
    // Had B joined A, A's rollback would have taken B's row too.
    expect([await count("Open A"), await count("Open B")]).toEqual([0, 1]);
  });

  // SQLite only: its writes go through one connection per process, one transaction at a time;
  // PostgreSQL's each take a pooled connection and run side by side.
  it.skipIf(dialect === "pg")("the next writer starts after it commits (SQLite's one writing connection)", async () => {
    let wrote!: () => void;
    const written = new Promise<void>((resolve) => (wrote = resolve));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const order: string[] = [];
    const first = writeTransaction(async (tx) => {
      await tx.insert(products).values({ id: newId(), name: "Queued A", price: 100 });
      order.push("A wrote");
      wrote();
      await held;
      order.push("A commits");
    });
    await written;
    const second = writeTransaction(async (tx) => {
      order.push("B starts");
      await tx.insert(products).values({ id: newId(), name: "Queued B", price: 100 });
    });
    await new Promise((resolve) => setTimeout(resolve, 20)); // B's chance to start, wrongly
    expect(order).toEqual(["A wrote"]);
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(["A wrote", "A commits", "B starts"]);
    expect([await count("Queued A"), await count("Queued B")]).toEqual([1, 1]);
  });

  it("a transaction that throws leaves nothing, and the next one runs", async () => {
    await expect(
      writeTransaction(async (tx) => {
        await tx.insert(products).values({ id: newId(), name: "Rolled back", price: 100 });
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    expect(await count("Rolled back")).toBe(0);
    await writeTransaction((tx) => tx.insert(products).values({ id: newId(), name: "After", price: 100 }));
    expect(await count("After")).toBe(1);
  });

  // SQLite only: reads have a query-only connection of their own; PostgreSQL's `db` is the pool.
  it.skipIf(dialect === "pg")(
    "a write outside writeTransaction is refused by the reading connection (SQLite's query-only reader)",
    async () => {
      await expect(
        Promise.resolve().then(() => db.insert(products).values({ id: newId(), name: "Stray", price: 1 })),
      ).rejects.toThrow(/readonly|read-only|query_only/i);
      expect(await count("Stray")).toBe(0);
    },
  );
});
