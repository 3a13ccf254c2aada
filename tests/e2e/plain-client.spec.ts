// A purchase as a text browser makes it (issue #35): no script, no CSS, no Origin header, every
// named field of the HTML sent (disabled or not). Each successful post answers a redirect, so a
// reload never posts again; each refusal answers 4xx with the form and its message.
import { expect, newProduct, queryOne, test } from "./support/fixtures";
import { PlainBrowser } from "./support/plain-browser";

test("a text browser adds, updates, signs up, checks out and reviews", async ({
  playwright,
  baseURL,
  uniqueEmail,
}, testInfo) => {
  test.skip(testInfo.project.name === "js-off", "no browser involved: once per database is enough");
  const name = `Plain Vetiver ${Date.now().toString(36)}`;
  const id = await newProduct(playwright, baseURL!, { name, stock: 5, price: 350 });
  const b = new PlainBrowser(baseURL!);

  await b.open(`/product/${id}`);
  await b.submit("Add to Cart");
  expect(b.hops[0], "Add to Cart answers a redirect").toBeGreaterThanOrEqual(300);
  expect(b.hops.at(-1)).toBe(200);
  expect(b.text()).toContain("Added to cart");

  await b.open("/cart");
  expect(b.text()).toContain(name);
  expect(b.text()).toContain("₹350.00");
  await b.submit("Update", { qty: "2" });
  expect(b.hops[0]).toBeGreaterThanOrEqual(300);
  expect(b.text()).toContain("₹700.00");

  const email = uniqueEmail();
  await b.open("/register?redirect=%2Fcheckout");
  await b.submit("Sign up", { name: "Plain Reader", email: "not-an-email", password: "secret12", phone: "9876543210" });
  expect(b.hops).toEqual([400]);
  expect(b.text()).toMatch(/valid email/i);
  await b.submit("Sign up", { name: "Plain Reader", email, password: "secret12", phone: "9876543210" });
  expect(b.hops[0]).toBeGreaterThanOrEqual(300);
  expect(new URL(b.current().url).pathname).toBe("/checkout");

  const address = { address: "12 MG Road", pin: "560001", city: "", state: "" };
  await b.submit("Look up", address);
  expect(b.value("state")).toBe("Karnataka");
  await b.submit("Place Order (Cash on Delivery)", {
    name: "Plain Reader",
    phone: "9876543210",
    ...address,
    city: b.value("city")!,
    state: "Karnataka",
  });
  expect(b.hops[0]).toBeGreaterThanOrEqual(300);
  expect(new URL(b.current().url).pathname).toBe("/thank-you");
  expect(b.text()).toMatch(/thank you/i);
  const order = await queryOne<{ id: string }>(
    "select o.id from orders o join users u on u.id = o.user_id where u.email = ?",
    email,
  );
  expect(order, "the order is in the database").toBeTruthy();
  // Reading the thank-you page again posts nothing.
  await b.open(b.current().url);
  const orders = await queryOne<{ n: number }>(
    "select count(*) as n from orders o join users u on u.id = o.user_id where u.email = ?",
    email,
  );
  expect(Number(orders?.n)).toBe(1);
  const line = await queryOne<{ qty: number }>("select qty from order_items where order_id = ?", order!.id);
  expect(Number(line?.qty)).toBe(2);

  await b.open(`/product/${id}`);
  await b.submit("Submit review", { rating: "4", comment: "Read and bought in a text browser." });
  expect(b.hops[0]).toBeGreaterThanOrEqual(300);
  expect(b.text()).toContain("Read and bought in a text browser.");
  const review = await queryOne<{ rating: number }>(
    "select r.rating from reviews r join users u on u.id = r.user_id where u.email = ? and r.product_id = ?",
    email,
    id,
  );
  expect(Number(review?.rating)).toBe(4);
});
