// The owner at work during the run: marks orders through their statuses (the API and the HTML
// Orders tab), cancels some (their stock comes back) and edits the stock of products no shopper
// buys, so the ledger can tell each edit from the orders.
import { adminClient, type Client } from "../e2e/support/server";
import { chance, type Journal, pick, sleep } from "./journal";

const STATUSES = ["Processing", "Shipped", "Delivered", "Cancelled", "Placed"] as const;

/** The full product body PUT /api/products/:id takes, with `stock` changed; null if it could not be read. */
async function productBody(journal: Journal, admin: Client, id: string, stock: number) {
  const res = await journal.call(admin, "owner product", `/api/products/${id}`);
  if (res?.status !== 200) return null;
  const p = JSON.parse(res.text) as { name: string; description: string; price: number; hsn?: string };
  return { name: p.name, description: p.description, price: p.price, stock };
}

export async function signedInOwner(journal: Journal, url: string): Promise<Client> {
  for (;;) {
    try {
      return await adminClient(url);
    } catch {
      journal.networkErrors++;
      await sleep(500);
    }
  }
}

/** Sets `id`'s stock to `stock` through the API, noting whether the shop acknowledged it. */
export async function setStock(journal: Journal, admin: Client, id: string, stock: number): Promise<boolean> {
  const body = await productBody(journal, admin, id, stock);
  if (!body) return false;
  const edits = journal.stockEdits.get(id) ?? { acked: null, unsure: [] };
  journal.stockEdits.set(id, edits);
  const res = await journal.call(admin, "owner stock", `/api/products/${id}`, { method: "PUT", json: body });
  if (res?.status === 200) {
    edits.acked = stock;
    edits.unsure = [];
    return true;
  }
  // A lost answer may or may not have been saved; a refusal was not.
  if (res === null || res.status >= 500) edits.unsure.push(stock);
  return false;
}

export async function owner(journal: Journal, url: string, ownerProducts: string[], until: () => boolean) {
  const admin = await signedInOwner(journal, url);
  while (!until()) {
    await sleep(300 + Math.random() * 500);
    const acked = journal.acks;
    if (acked.length > 0) {
      const { id } = pick(acked);
      const status = pick(STATUSES);
      if (chance(0.5))
        await journal.call(admin, "owner status api", `/api/orders/${id}`, { method: "PUT", json: { status } });
      else
        await journal.call(admin, "owner status form", "/admin/orders", {
          form: { intent: "status", orderId: id, status, back: "/admin/orders" },
        });
    }
    if (chance(0.3)) await setStock(journal, admin, pick(ownerProducts), Math.floor(Math.random() * 500));
    if (chance(0.2)) await journal.call(admin, "owner page", pick(["/admin", "/admin/orders", "/admin/mail"]));
  }
}
