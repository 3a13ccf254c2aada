// A separate OS process for tests/unit/invoices/invoice-numbers-processes.test.ts, on the test file's
// database (DATABASE_PATH or DATABASE_URL): prints "ready", waits for a line on stdin, then places
// `n` orders of one candle of `product` for `user`, one after another, and prints one JSON line:
// the invoice numbers they got, in order.
import { once } from "node:events";
import { closeDatabase } from "~/db/client.server";
import { placeOrder } from "~/models/flows/place-order.server";
import { getOrderFor } from "~/models/orders/read.server";

const [user, product, n] = process.argv.slice(2) as [string, string, string];
const contact = { name: "Asha", email: "asha@example.com", phone: "9876543210" };
const shippingAddress = { address: "1 MG Road", city: "Bengaluru", state: "Karnataka", pin: "560001" };

process.stdout.write("ready\n");
await once(process.stdin, "data");
const numbers: (string | null)[] = [];
for (let i = 0; i < Number(n); i++) {
  const { id } = await placeOrder(user, { contact, shippingAddress, items: [{ product, qty: 1 }] });
  numbers.push((await getOrderFor({ id: user, isAdmin: false }, id))!.invoiceNumber);
}
process.stdout.write(`${JSON.stringify(numbers)}\n`);
process.stdin.destroy();
// PostgreSQL's pool and listening connection would keep the process alive.
await closeDatabase();
