import { expect, nav, queryOne, test, toaster } from "./support/fixtures";

test.skip(
  ({ javaScriptEnabled }) => javaScriptEnabled === false,
  "JS off: tests/request/orders.spec.ts drives the same forms over HTTP",
);

const contact = { name: "Focus Tester", email: "f@example.com", phone: "9876543210" };
const shippingAddress = { address: "1 Residency Road", city: "Bangalore", state: "Karnataka", pin: "560025" };
const productId = async (name: string) =>
  (await queryOne<{ id: string }>("select id from products where name = ?", name))!.id;

test("My Orders: Refresh shows new orders; with JS, regaining focus does too", async ({
  page,
  goto,
  jsEnabled,
  registerViaApi,
}) => {
  await registerViaApi();
  await goto("/orders");
  await expect(page.getByText("You have no orders yet.")).toBeVisible();
  const res = await page.request.post("/api/orders", {
    data: { contact, shippingAddress, items: [{ product: await productId("Honey Oat"), qty: 1 }] },
  });
  expect(res.status()).toBe(201);
  const { _id } = await res.json();
  if (jsEnabled) {
    await page.evaluate(() => window.dispatchEvent(new Event("focus")));
  } else {
    await page.getByRole("link", { name: "Refresh" }).click();
  }
  await expect(page.locator(`#order-${_id}`)).toContainText(`Order #${_id.slice(-6)}`);
});

test("with JS: the thank-you page keeps the last order id, My Orders highlights it and forgets it after 5 s", async ({
  page,
  goto,
  jsEnabled,
  registerViaApi,
}) => {
  test.skip(!jsEnabled, "localStorage is a JS enhancement");
  await registerViaApi();
  const res = await page.request.post("/api/orders", {
    data: { contact, shippingAddress, items: [{ product: await productId("Honey Oat"), qty: 1 }] },
  });
  const { _id } = await res.json();
  await goto(`/thank-you?o=${_id}`);
  await expect(page.getByText(`#${_id.slice(-6)}`)).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("rk_last_order_v1"))).toBe(_id);
  await nav(page).getByRole("link", { name: "My Orders" }).click();
  await expect(page).toHaveURL(/\/orders$/);
  await expect(page.locator(`#order-${_id}`)).toHaveAttribute("aria-current", "true");
  await expect.poll(() => page.evaluate(() => localStorage.getItem("rk_last_order_v1"))).toBeNull();
});

test("with JS: a network error on My Orders says so and retries once by itself after 3 s", async ({
  page,
  goto,
  jsEnabled,
  registerViaApi,
}) => {
  test.skip(!jsEnabled, "client-side loading only exists with JS");
  await registerViaApi();
  await goto("/");
  let failures = 0;
  await page.route("**/orders.data*", async (route) => {
    if (failures++ === 0) return route.abort("internetdisconnected");
    return route.continue();
  });
  await nav(page).getByRole("link", { name: "My Orders" }).click();
  await expect(page.getByRole("alert")).toHaveText("Network issue or server waking up. Please retry.");
  await expect(toaster(page)).toContainText("Waking server or network issue. Please try again in a moment.");
  await expect(page.getByText("You have no orders yet.")).toBeVisible();
  expect(failures).toBe(2);
});

test("with JS: a server error on My Orders shows the spec's text and a Retry", async ({
  page,
  goto,
  jsEnabled,
  registerViaApi,
}) => {
  test.skip(!jsEnabled, "client-side loading only exists with JS");
  await registerViaApi();
  await goto("/");
  let fail = true;
  await page.route("**/orders.data*", (route) =>
    fail ? route.fulfill({ status: 503, body: "down" }) : route.continue(),
  );
  await nav(page).getByRole("link", { name: "My Orders" }).click();
  await expect(page.getByRole("alert")).toHaveText("Server is waking up or temporary issue. Please try again.");
  fail = false;
  await page.getByRole("link", { name: "Retry" }).click();
  await expect(toaster(page)).toContainText("Retrying…");
  await expect(page.getByText("You have no orders yet.")).toBeVisible();
});

test("one customer's order is not in another customer's list", async ({
  page,
  goto,
  registerViaApi,
  playwright,
  baseURL,
  uniqueEmail,
}) => {
  const other = await playwright.request.newContext({ baseURL });
  await other.post("/api/auth/register", {
    data: { name: "Other", email: uniqueEmail(), password: "secret12", phone: "9876543210" },
  });
  const { _id } = await (
    await other.post("/api/orders", {
      data: { contact, shippingAddress, items: [{ product: await productId("Honey Oat"), qty: 1 }] },
    })
  ).json();
  await other.dispose();
  await registerViaApi();
  await goto(`/orders?o=${_id}`);
  await expect(page.locator(`#order-${_id}`)).toHaveCount(0);
  await expect(page.getByText("You have no orders yet.")).toBeVisible();
});
