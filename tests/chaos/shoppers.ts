// Simulated shoppers: they browse, fill a cart and place orders, through the JSON API (with or
// without an Idempotency-Key) and through the HTML forms (whose one-time token makes a resend
// the same order). Keyed shoppers retry after an error, as a careful app would; the others give up.
import { randomUUID } from "node:crypto";
import { ADDRESS, Client, CONTACT, uniqueEmail } from "../e2e/support/server";
import { chance, type Journal, pick, sleep } from "./journal";

const WORDS = ["cedar", "vanilla", "rose", "jasmine", "sandal", "lavender", "citrus", "amber", "candle", "jar"];
const RETRIES = 4;

/** Whether an answer is worth trying again: none at all (a killed worker), or a 5xx. */
const failed = (res: { status: number } | null) => res === null || res.status >= 500;

async function browse(journal: Journal, client: Client, products: string[], api: boolean): Promise<void> {
  if (api) {
    await journal.call(
      client,
      "browse",
      pick(["/api/products", `/api/products?q=${pick(WORDS)}`, "/api/products?page=2"]),
    );
    await journal.call(client, "browse", `/api/products/${pick(products)}`);
  } else {
    await journal.call(client, "browse", pick(["/", "/shop", `/shop?q=${pick(WORDS)}`, "/about"]));
    await journal.call(client, "browse", `/product/${pick(products)}`);
  }
}

async function apiOrder(journal: Journal, client: Client, products: string[], keyed: boolean): Promise<void> {
  const key = keyed ? randomUUID() : undefined;
  const items = [{ product: pick(products), qty: 1 + Math.floor(Math.random() * 3) }];
  if (chance(0.3)) items.push({ product: pick(products), qty: 1 });
  const json = { contact: CONTACT, shippingAddress: ADDRESS, items, paymentMethod: "COD" };
  for (let attempt = 0; attempt < (keyed ? RETRIES : 1); attempt++) {
    if (attempt > 0) {
      journal.retries++;
      await sleep(500 * attempt);
    }
    const res = await journal.call(client, "order api", "/api/orders", {
      json,
      headers: key ? { "Idempotency-Key": key } : {},
    });
    if (res?.status === 201) {
      journal.ack({ id: (JSON.parse(res.text) as { _id: string })._id, via: "api", key });
      return;
    }
    if (!failed(res)) return; // refused for a reason (stock, a limit): not an order
  }
}

async function formOrder(journal: Journal, client: Client, products: string[]): Promise<void> {
  const product = pick(products);
  const added = await journal.call(client, "cart form", "/cart", {
    form: { intent: "add", productId: product, qty: String(1 + Math.floor(Math.random() * 2)), redirectTo: "/cart" },
  });
  if (added?.status !== 302 && added?.status !== 303) return;
  const page = await journal.call(client, "checkout page", "/checkout");
  const token = page && /name="orderToken" value="([^"]+)"/.exec(page.text)?.[1];
  if (!token) return;
  const form = { ...CONTACT, ...ADDRESS, intent: "place", orderToken: token };
  for (let attempt = 0; attempt < RETRIES; attempt++) {
    if (attempt > 0) {
      journal.retries++;
      await sleep(500 * attempt);
    }
    const res = await journal.call(client, "checkout form", "/checkout", { form });
    const id =
      res && [302, 303].includes(res.status)
        ? /\/thank-you\?o=([^&]+)/.exec(res.headers.get("location") ?? "")?.[1]
        : undefined;
    if (id) {
      journal.ack({ id, via: "form", key: `form:${token}` });
      return;
    }
    if (!failed(res)) return;
  }
}

/** A signed-in customer (API sign-up), retried while workers die. */
async function customer(journal: Journal, url: string): Promise<Client> {
  for (;;) {
    const client = new Client(url);
    const res = await journal.call(client, "register", "/api/auth/register", {
      json: { name: "Chaos Shopper", email: uniqueEmail("chaos"), password: "secret12", phone: "9876543210" },
    });
    if (res?.status === 201) return client;
    await sleep(500);
  }
}

/** One shopper until `until`: "api" (keyed or not, by turns), "form" (HTML with JS off). */
export async function shopper(
  journal: Journal,
  url: string,
  products: string[],
  door: "api" | "form",
  until: () => boolean,
): Promise<void> {
  const client = await customer(journal, url);
  for (let n = 0; !until(); n++) {
    await browse(journal, client, products, door === "api");
    if (door === "api") await apiOrder(journal, client, products, n % 3 !== 2);
    else await formOrder(journal, client, products);
    await sleep(400 + Math.random() * 800);
  }
}
