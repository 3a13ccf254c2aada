// tests/e2e/double-submit.spec.ts's JS-off half, over HTTP (issue #51). Issue #11, double submission,
// through the HTML door: the checkout form's one-time token makes any number of posts of one form
// one order; a customer's second review of a product replaces the first.
import { expect, labelled, newProduct, type PlainBrowser, queryOne, test, TOASTER, where } from "./support/fixtures";

const CONTACT = { name: "Double Buyer", email: "double@example.com", phone: "9876543210" };
const ADDRESS = { address: "5 Park Street", city: "Kolkata", state: "West Bengal", pin: "700016" };

const stockOf = async (id: string) =>
  (await queryOne<{ stock: number }>("select stock from products where id = ?", id))!.stock;
const ordersOf = async (email: string) =>
  (await queryOne<{ n: number }>(
    "select count(*) n from orders o join users u on u.id = o.user_id where u.email = ?",
    email,
  ))!.n;
const cartCookie = (b: PlainBrowser) => b.cookies.get("rk_cart_v1") ?? "";

async function fillCart(b: PlainBrowser, product: string, qty: number) {
  const res = await b.api("/cart", new URLSearchParams({ intent: "add", productId: product, qty: String(qty) }));
  expect(res.status).toBe(302);
}

/** The hidden one-time token of the checkout form, as the server rendered it. */
async function checkoutToken(b: PlainBrowser): Promise<string> {
  const html = await (await b.api("/checkout")).text();
  const token = /<input type="hidden" name="orderToken" value="([^"]+)"/.exec(html)?.[1];
  expect(token, "the checkout form carries a hidden orderToken").toMatch(/^[0-9a-f]{48}$/);
  return token!;
}

test("five Place Order posts of one checkout form at once make one order and take the stock once", async ({
  plain: b,
  playwright,
  baseURL,
  registerViaApi,
}) => {
  const user = await registerViaApi({ name: "Double Buyer" });
  const product = await newProduct(playwright, baseURL!, {
    name: `Double Lavender ${test.info().project.name} ${Date.now()}`,
    stock: 10,
  });
  await fillCart(b, product, 2);
  const token = await checkoutToken(b);

  const post = () =>
    b.api("/checkout", new URLSearchParams({ ...CONTACT, ...ADDRESS, intent: "place", orderToken: token }));
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
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/thank-you?o=${orderRows.id}`);
    expect(res.headers.getSetCookie().map((h) => h.split("=")[0])).toEqual(
      expect.arrayContaining(["rk_cart_v1", "__toast"]),
    );
  }
  expect(cartCookie(b)).toBe("");

  // Later, with the cart long empty (Back and submit again), the same form still answers that order.
  const late = await post();
  expect(late.status).toBe(302);
  expect(late.headers.get("location")).toBe(`/thank-you?o=${orderRows.id}`);
  expect(await ordersOf(user.email)).toBe(1);
  expect(await stockOf(product)).toBe(8);
});

test("the checkout form posts its token: the order placed through the page keeps it, and a resend lands on the same thank-you page", async ({
  plain: b,
  playwright,
  baseURL,
  registerViaApi,
}) => {
  const user = await registerViaApi({ name: "Token Buyer" });
  const product = await newProduct(playwright, baseURL!, {
    name: `Token Vetiver ${test.info().project.name} ${Date.now()}`,
    stock: 5,
  });
  await fillCart(b, product, 1);
  await b.open("/checkout");
  const token = b.all('input[type="hidden"][name="orderToken"]')[0]?.attribs.value;
  expect(token).toMatch(/^[0-9a-f]{48}$/);
  await b.submit(
    "Place Order (Cash on Delivery)",
    labelled(b, { Address: ADDRESS.address, PIN: ADDRESS.pin, City: ADDRESS.city, State: ADDRESS.state }),
  );
  expect(where(b)).toMatch(/\/thank-you\?o=[0-9a-f]{24}$/);
  expect(b.text(TOASTER)).toContain("Order placed!");
  const orderId = new URL(b.current().url).searchParams.get("o")!;
  expect((await queryOne<{ k: string }>("select idempotency_key k from orders where id = ?", orderId))!.k).toBe(token);

  // The same form sent again (a double click that reached the server, a resend): no second order.
  const again = await b.api(
    "/checkout",
    new URLSearchParams({
      name: user.name,
      email: user.email,
      phone: "9876543210",
      ...ADDRESS,
      intent: "place",
      orderToken: token!,
    }),
  );
  expect(again.headers.get("location")).toBe(`/thank-you?o=${orderId}`);
  expect(await ordersOf(user.email)).toBe(1);
  expect(await stockOf(product)).toBe(4);

  // A checkout page rendered again has a token of its own: the next order is another one.
  await fillCart(b, product, 1);
  expect(await checkoutToken(b)).not.toBe(token);
});

test("reviewing a product twice through its page updates the one review and says so", async ({
  plain: b,
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
  const note = "You reviewed this product. Posting again updates your review.";

  await b.open(`/product/${product}`);
  expect(b.text()).not.toContain(note);
  expect(b.texts("h3")).toContain("Write a review");
  await b.submit("Submit review", labelled(b, { Rating: "5", Comment: "Smells like a meadow" }));
  expect(b.text(TOASTER)).toContain("Review submitted");
  expect(b.text()).toContain(note);
  expect(b.texts("h3")).toContain("Update your review");
  // The form starts from the stored review.
  expect(b.valueByLabel("Rating")).toBe("5");
  expect(b.valueByLabel("Comment")).toBe("Smells like a meadow");
  expect(await mine()).toBe(1);
  expect(await stored()).toEqual({ rating: 5, num_reviews: 1 });

  await b.submit("Submit review", labelled(b, { Rating: "1", Comment: "Tunnelled after a week" }));
  expect(b.text(TOASTER)).toContain("Review updated");
  const list = b.all(".review-list li");
  expect(list).toHaveLength(1);
  expect(b.texts(".review-list li")[0]).toContain("Tunnelled after a week");
  expect(b.texts(".review-list li")[0]).toContain("Twice Reviewer");
  expect(b.all('[role=img][aria-label="Rated 1.0 out of 5"]', list[0])).toHaveLength(1);
  expect(b.text(".product-info")).toContain("1 review");
  expect(b.text()).toContain(note);
  expect(b.valueByLabel("Rating")).toBe("1");
  expect(b.valueByLabel("Comment")).toBe("Tunnelled after a week");
  expect(await mine()).toBe(1);
  expect(await stored()).toEqual({ rating: 1, num_reviews: 1 });
});
