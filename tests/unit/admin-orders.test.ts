import { describe, expect, it } from "vitest";
import { sqlite } from "~/db/client.server";
import { newId } from "~/lib/id";
import { ADMIN_ORDERS_PER_PAGE, listAllOrders, pageOfOrders } from "~/models/order.server";

// Spec §6: the admin lists all orders. The Orders tab shows them a page at a time; GET /api/orders
// answers every one, each with all of its lines.
describe("every order, for the admin", () => {
  const N = 1_234;
  const product = newId();
  sqlite!.prepare("insert into products (id, name, price, stock) values (?, 'Jar', 100, 0)").run(product);
  const insOrder = sqlite!.prepare(
    "insert into orders (id, contact_name, contact_email, contact_phone, address, city, state, pin, subtotal, shipping, grand_total, created_at) values (?, 'A', 'a@example.com', '9876543210', 'x', 'y', 'z', '560001', ?, 4900, ?, ?)",
  );
  const insItem = sqlite!.prepare("insert into order_items (id, order_id, product_id, name, qty, price) values (?, ?, ?, ?, ?, 100)");
  const ids: string[] = [];
  sqlite!.transaction(() => {
    for (let i = 0; i < N; i++) {
      const id = newId();
      ids.push(id);
      // Several orders share a second: newest first, then by id.
      insOrder.run(id, (i % 3) + 1, (i % 3) + 4901, 1_700_000_000 + Math.floor(i / 4));
      for (let line = 1; line <= (i % 3) + 1; line++) insItem.run(newId(), id, product, `Line ${line} of ${i}`, line);
    }
  })();
  const newestFirst = sqlite!.prepare("select id from orders order by created_at desc, id desc").pluck().all() as string[];

  it("GET /api/orders's list: every order, past any cap, each with its own lines in order", async () => {
    const all = await listAllOrders();
    expect(all.map((o) => o.id)).toEqual(newestFirst);
    for (const o of all) {
      const i = ids.indexOf(o.id);
      expect(o.items.map((l) => l.name)).toEqual(Array.from({ length: (i % 3) + 1 }, (_, k) => `Line ${k + 1} of ${i}`));
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
      expect(p.orders.length).toBe(page < first.totalPages ? ADMIN_ORDERS_PER_PAGE : N - (first.totalPages - 1) * ADMIN_ORDERS_PER_PAGE);
      for (const o of p.orders) expect(o.items.length).toBe((ids.indexOf(o.id) % 3) + 1);
      seen.push(...p.orders.map((o) => o.id));
    }
    expect(seen).toEqual(newestFirst);
    expect((await pageOfOrders(10_000)).page).toBe(first.totalPages);
    expect((await pageOfOrders(0)).page).toBe(1);
    expect((await pageOfOrders(Number.NaN)).page).toBe(1);
  });
});
