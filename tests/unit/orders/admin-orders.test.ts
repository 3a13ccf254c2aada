import { beforeAll, describe, expect, it } from "vitest";
import { writeTransaction } from "~/db/client.server";
import * as app from "~/db/client.server";
import { orderItems, orders, products } from "~/db/schema";
import { ADMIN_ORDERS_PER_PAGE, listAllOrders, pageOfOrders } from "~/models/orders/read.server";
import { newId } from "~/utils/id.server";
import { testDb } from "../../support/db";

const raw = testDb(app); // the app's own connections (tests/support/db.ts)

// The admin lists all orders. The Orders tab shows them a page at a time; GET /api/orders
// answers every one, each with all of its lines.
describe("every order, for the admin", () => {
  const N = 1_234;
  const product = newId();
  const ids: string[] = [];
  let newestFirst: string[] = [];
  beforeAll(async () => {
    const orderRows: (typeof orders.$inferInsert)[] = [];
    const itemRows: (typeof orderItems.$inferInsert)[] = [];
    const contact = {
      contactName: "A",
      contactEmail: "a@example.com",
      contactPhone: "9876543210",
      address: "x",
      city: "y",
      state: "z",
      pin: "560001",
    };
    for (let i = 0; i < N; i++) {
      const id = newId();
      ids.push(id);
      // Several orders share a second: newest first, then by id.
      const createdAt = new Date((1_700_000_000 + Math.floor(i / 4)) * 1000);
      orderRows.push({ id, ...contact, subtotal: (i % 3) + 1, shipping: 4900, grandTotal: (i % 3) + 4901, createdAt });
      for (let line = 1; line <= (i % 3) + 1; line++)
        itemRows.push({
          id: newId(),
          orderId: id,
          productId: product,
          name: `Line ${line} of ${i}`,
          qty: line,
          price: 100,
        });
    }
    await writeTransaction(async (tx) => {
      await tx.insert(products).values({ id: product, name: "Jar", price: 100, stock: 0 });
      // In slices: both databases limit the parameters of one statement.
      for (let i = 0; i < orderRows.length; i += 500) await tx.insert(orders).values(orderRows.slice(i, i + 500));
      for (let i = 0; i < itemRows.length; i += 500) await tx.insert(orderItems).values(itemRows.slice(i, i + 500));
    });
    newestFirst = (await raw.all<{ id: string }>("select id from orders order by created_at desc, id desc")).map(
      (r) => r.id,
    );
  });

  it("GET /api/orders's list: every order, past any cap, each with its own lines in order", async () => {
    const all = await listAllOrders();
    expect(all.map((o) => o.id)).toEqual(newestFirst);
    for (const o of all) {
      const i = ids.indexOf(o.id);
      expect(o.items.map((l) => l.name)).toEqual(
        Array.from({ length: (i % 3) + 1 }, (_, k) => `Line ${k + 1} of ${i}`),
      );
    }
  });

  it("the Orders tab's pages cover every order once, in the same order; a page past the end shows the last", async () => {
    const first = await pageOfOrders(1);
    expect(first.totalItems).toBe(N);
    expect(first.totalPages).toBe(Math.ceil(N / ADMIN_ORDERS_PER_PAGE));
    const seen: string[] = [];
    for (let page = 1; page <= first.totalPages; page++) {
      const p = await pageOfOrders(page);
      expect(p.page).toBe(page);
      expect(p.orders.length).toBe(
        page < first.totalPages ? ADMIN_ORDERS_PER_PAGE : N - (first.totalPages - 1) * ADMIN_ORDERS_PER_PAGE,
      );
      for (const o of p.orders) expect(o.items.length).toBe((ids.indexOf(o.id) % 3) + 1);
      seen.push(...p.orders.map((o) => o.id));
    }
    expect(seen).toEqual(newestFirst);
    expect((await pageOfOrders(10_000)).page).toBe(first.totalPages);
    expect((await pageOfOrders(0)).page).toBe(1);
    expect((await pageOfOrders(Number.NaN)).page).toBe(1);
  });
});
