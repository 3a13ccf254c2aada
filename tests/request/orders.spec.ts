// tests/e2e/orders.spec.ts's JS-off half, over HTTP (issue #51): My Orders without JS (its Refresh
// link), and one customer's orders kept from another. The JS-only tests (focus, localStorage,
// client-side loading) stay in the browser.
import { expect, PlainBrowser, queryOne, test } from "./support/fixtures";

const contact = { name: "Focus Tester", email: "f@example.com", phone: "9876543210" };
const shippingAddress = { address: "1 Residency Road", city: "Bangalore", state: "Karnataka", pin: "560025" };
const productId = async (name: string) =>
  (await queryOne<{ id: string }>("select id from products where name = ?", name))!.id;

test("My Orders: Refresh shows new orders; with JS, regaining focus does too", async ({ plain: b, registerViaApi }) => {
  await registerViaApi();
  await b.open("/orders");
  expect(b.text()).toContain("You have no orders yet.");
  const res = await b.api("/api/orders", {
    contact,
    shippingAddress,
    items: [{ product: await productId("Honey Oat"), qty: 1 }],
  });
  expect(res.status).toBe(201);
  const { _id } = (await res.json()) as { _id: string };
  await b.follow("Refresh");
  expect(b.text(`#order-${_id}`)).toContain(`Order #${_id.slice(-6)}`);
});

test("one customer's order is not in another customer's list", async ({
  plain: b,
  registerViaApi,
  baseURL,
  uniqueEmail,
}) => {
  const other = new PlainBrowser(baseURL!);
  await other.api("/api/auth/register", {
    name: "Other",
    email: uniqueEmail(),
    password: "secret12",
    phone: "9876543210",
  });
  const { _id } = (await (
    await other.api("/api/orders", {
      contact,
      shippingAddress,
      items: [{ product: await productId("Honey Oat"), qty: 1 }],
    })
  ).json()) as { _id: string };
  await registerViaApi();
  await b.open(`/orders?o=${_id}`);
  expect(b.all(`#order-${_id}`)).toHaveLength(0);
  expect(b.text()).toContain("You have no orders yet.");
});
