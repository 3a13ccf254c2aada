import type { APIRequestContext, Page } from "@playwright/test";
import { expect, newProduct, queryOne, test, toaster } from "./support/fixtures";

test.skip(
  ({ javaScriptEnabled }) => javaScriptEnabled === false,
  "JS off: tests/request/double-submit.spec.ts drives the same forms over HTTP",
);

// Issue #11, double submission, through the HTML door (JS on; JS off in tests/request/): the checkout
// form's one-time token makes any number of posts of one form one order; a customer's second
// review of a product replaces the first.

const CONTACT = { name: "Double Buyer", email: "double@example.com", phone: "9876543210" };
const ADDRESS = { address: "5 Park Street", city: "Kolkata", state: "West Bengal", pin: "700016" };

const stockOf = async (id: string) =>
  (await queryOne<{ stock: number }>("select stock from products where id = ?", id))!.stock;
const ordersOf = async (email: string) =>
  (await queryOne<{ n: number }>(
    "select count(*) n from orders o join users u on u.id = o.user_id where u.email = ?",
    email,
  ))!.n;
const cartCookie = async (page: Page) =>
  (await page.context().cookies()).find((c) => c.name === "rk_cart_v1")?.value ?? "";

async function fillCart(page: Page, baseURL: string, product: string, qty: number) {
  const res = await page.request.post("/cart", {
    form: { intent: "add", productId: product, qty: String(qty) },
    headers: { Origin: baseURL },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(302);
}

/** The hidden one-time token of the checkout form, as the server rendered it. */
async function checkoutToken(request: APIRequestContext): Promise<string> {
  const html = await (await request.get("/checkout")).text();
  const token = /<input type="hidden" name="orderToken" value="([^"]+)"/.exec(html)?.[1];
  expect(token, "the checkout form carries a hidden orderToken").toMatch(/^[0-9a-f]{48}$/);
  return token!;
}

test("five Place Order posts of one checkout form at once make one order and take the stock once", async ({
  page,
  playwright,
  baseURL,
  registerViaApi,
}) => {
  const user = await registerViaApi({ name: "Double Buyer" });
  const product = await newProduct(playwright, baseURL!, {
    name: `Double Lavender ${test.info().project.name} ${Date.now()}`,
    stock: 10,
  });
  await fillCart(page, baseURL!, product, 2);
  const token = await checkoutToken(page.request);

  const post = () =>
    page.request.post("/checkout", {
      form: { ...CONTACT, ...ADDRESS, intent: "place", orderToken: token },
      headers: { Origin: baseURL! },
      maxRedirects: 0,
    });
  const answers = await Promise.all(Array.from({ length: 5 }, post));

  const orderRows = (await queryOne<{ n: number; id: string }>(
    "select count(*) n, max(o.id) id from orders o join users u on u.id = o.user_id where u.email = ?",
    user.email,
  ))!;
  expect(orderRows.n).toBe(1);
  expect(await stockOf(product)).toBe(8);
  expect((await queryOne<{ n: number }>("select count(*) n from order_items where product_id = ?", product))!.n).toBe(
    1,
  );
  expect((await queryOne<{ k: string }>("select idempotency_key k from orders where id = ?", orderRows.id))!.k).toBe(
    token,
  );
  // Every post got what the first got: the thank-you page of that one order, and an empty cart.
  for (const res of answers) {
    expect(res.status()).toBe(302);
    expect(res.headers()["location"]).toBe(`/thank-you?o=${orderRows.id}`);
    expect(
      res
        .headersArray()
        .filter((h) => h.name.toLowerCase() === "set-cookie")
        .map((h) => h.value.split("=")[0]),
    ).toEqual(expect.arrayContaining(["rk_cart_v1", "__toast"]));
  }
  expect(await cartCookie(page)).toBe("");

  // Later, with the cart long empty (Back and submit again), the same form still answers that order.
  const late = await post();
  expect(late.status()).toBe(302);
  expect(late.headers()["location"]).toBe(`/thank-you?o=${orderRows.id}`);
  expect(await ordersOf(user.email)).toBe(1);
  expect(await stockOf(product)).toBe(8);
});

test("the checkout form posts its token: the order placed through the page keeps it, and a resend lands on the same thank-you page", async ({
  page,
  goto,
  playwright,
  baseURL,
  registerViaApi,
}) => {
  const user = await registerViaApi({ name: "Token Buyer" });
  const product = await newProduct(playwright, baseURL!, {
    name: `Token Vetiver ${test.info().project.name} ${Date.now()}`,
    stock: 5,
  });
  await fillCart(page, baseURL!, product, 1);
  await goto("/checkout");
  const token = await page.locator('input[type="hidden"][name="orderToken"]').getAttribute("value");
  expect(token).toMatch(/^[0-9a-f]{48}$/);
  await page.getByLabel("Address").fill(ADDRESS.address);
  await page.getByLabel("PIN").fill(ADDRESS.pin);
  await page.getByLabel("City").fill(ADDRESS.city);
  await page.getByLabel("State").fill(ADDRESS.state);
  await page.getByRole("button", { name: /Place Order/ }).click();
  await expect(page).toHaveURL(/\/thank-you\?o=[0-9a-f]{24}$/);
  await expect(toaster(page)).toContainText("Order placed!");
  const orderId = new URL(page.url()).searchParams.get("o")!;
  expect((await queryOne<{ k: string }>("select idempotency_key k from orders where id = ?", orderId))!.k).toBe(token);

  // The same form sent again (a double click that reached the server, a resend): no second order.
  const again = await page.request.post("/checkout", {
    form: { name: user.name, email: user.email, phone: "9876543210", ...ADDRESS, intent: "place", orderToken: token! },
    headers: { Origin: baseURL! },
    maxRedirects: 0,
  });
  expect(again.headers()["location"]).toBe(`/thank-you?o=${orderId}`);
  expect(await ordersOf(user.email)).toBe(1);
  expect(await stockOf(product)).toBe(4);

  // A checkout page rendered again has a token of its own: the next order is another one.
  await fillCart(page, baseURL!, product, 1);
  expect(await checkoutToken(page.request)).not.toBe(token);
});

test("reviewing a product twice through its page updates the one review and says so", async ({
  page,
  goto,
  playwright,
  baseURL,
  registerViaApi,
}) => {
  const user = await registerViaApi({ name: "Twice Reviewer" });
  const product = await newProduct(playwright, baseURL!, {
    name: `Review Twice ${test.info().project.name} ${Date.now()}`,
    stock: 5,
  });
  const mine = async () =>
    (await queryOne<{ n: number }>(
      "select count(*) n from reviews r join users u on u.id = r.user_id where u.email = ? and r.product_id = ?",
      user.email,
      product,
    ))!.n;
  const stored = async () =>
    (await queryOne<{ rating: number; num_reviews: number }>(
      "select rating, num_reviews from products where id = ?",
      product,
    ))!;
  const note = page.getByText("You reviewed this product. Posting again updates your review.");

  await goto(`/product/${product}`);
  await expect(note).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Write a review" })).toBeVisible();
  await page.getByLabel("Rating").selectOption("5");
  await page.getByLabel("Comment").fill("Smells like a meadow");
  await page.getByRole("button", { name: "Submit review" }).click();
  await expect(toaster(page)).toContainText("Review submitted");
  await expect(note).toBeVisible();
  await expect(page.getByRole("heading", { name: "Update your review" })).toBeVisible();
  // The form starts from the stored review.
  await expect(page.getByLabel("Rating")).toHaveValue("5");
  await expect(page.getByLabel("Comment")).toHaveValue("Smells like a meadow");
  expect(await mine()).toBe(1);
  expect(await stored()).toEqual({ rating: 5, num_reviews: 1 });

  await page.getByLabel("Rating").selectOption("1");
  await page.getByLabel("Comment").fill("Tunnelled after a week");
  await page.getByRole("button", { name: "Submit review" }).click();
  await expect(toaster(page)).toContainText("Review updated");
  const list = page.locator(".review-list li");
  await expect(list).toHaveCount(1);
  await expect(list.first()).toContainText("Tunnelled after a week");
  await expect(list.first()).toContainText("Twice Reviewer");
  await expect(list.first().getByRole("img", { name: "Rated 1.0 out of 5" })).toBeVisible();
  await expect(page.locator(".product-info")).toContainText("1 review");
  await expect(note).toBeVisible();
  await expect(page.getByLabel("Rating")).toHaveValue("1");
  await expect(page.getByLabel("Comment")).toHaveValue("Tunnelled after a week");
  expect(await mine()).toBe(1);
  expect(await stored()).toEqual({ rating: 1, num_reviews: 1 });
});
