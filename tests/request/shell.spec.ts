// tests/e2e/shell.spec.ts's JS-off half, over HTTP (issue #51): the nav's links by login state and
// which one is current, the footer's links and policy pages, and the redirect of an unknown path.
// The phone menu and the toasts are CSS (a checkbox, an animation, :hover): they stay in the browser.
import { expect, NAV, type PlainBrowser, test, where } from "./support/fixtures";

/** The aria-current of each link in the nav named `name` exactly (the bar and the menu may both have it). */
const currentOf = (b: PlainBrowser, name: string) => {
  const texts = b.texts(`${NAV} a`);
  return b
    .all(`${NAV} a`)
    .filter((_, i) => texts[i] === name)
    .map((a) => a.attribs["aria-current"]);
};
/** The nav's links or buttons whose name holds `name`, as getByRole's name without `exact` finds them. */
const named = (b: PlainBrowser, tag: "a" | "button", name: string) =>
  b.texts(`${NAV} ${tag}`).filter((text) => text.toLowerCase().includes(name.toLowerCase()));

test("navigation shows links by login state and marks the active one", async ({ plain: b, registerViaApi }) => {
  await b.open("/");
  expect(currentOf(b, "Home")).toEqual(["page"]);
  for (const name of ["Shop", "Login", "Sign up"]) expect(b.links(name, NAV), name).toHaveLength(1);
  for (const name of ["My Orders", "Admin", "Cart"]) expect(named(b, "a", name), name).toHaveLength(0);
  expect(named(b, "button", "Logout")).toHaveLength(0);

  // "/" is active only on itself; other links when the path starts with them.
  await b.open("/login?redirect=%2Forders");
  expect(currentOf(b, "Login")).toEqual(["page"]);
  expect(currentOf(b, "Home")).not.toContain("page");

  await registerViaApi();
  await b.open("/orders");
  expect(currentOf(b, "My Orders")).toEqual(["page"]);
  expect(currentOf(b, "Home")).not.toContain("page");
  // The cart link is in the bar and in the menu: each says 0.
  const carts = named(b, "a", "Cart");
  expect(carts.length).toBeGreaterThan(0);
  for (const cart of carts) expect(cart).toContain("0");
  expect(named(b, "button", "Logout")).toHaveLength(1);
  expect(b.links("Login", NAV)).toHaveLength(0);
});

test("footer has support, social and policy links; policy pages carry the facts", async ({ plain: b }) => {
  await b.open("/");
  const hrefs = b.all("footer a").map((a) => a.attribs.href ?? "");
  expect(hrefs.filter((href) => href.startsWith("mailto:"))).toHaveLength(1);
  expect(hrefs.filter((href) => href.startsWith("tel:"))).toHaveLength(1);
  expect(b.links("Chat on WhatsApp", "footer")).toHaveLength(1);
  expect(b.links("Instagram", "footer")).toHaveLength(1);

  await b.follow("Refund & Returns", "footer");
  expect(where(b)).toMatch(/\/policy\/refund$/);
  const body = b.text("main");
  for (const fact of [
    "2-4 business days",
    "5-9 business days",
    "only in India",
    "within 7 days",
    "unboxing video",
    "Used candles are not returnable",
    "5-7 business days",
  ]) {
    expect(body).toContain(fact);
  }
  for (const [link, heading] of [
    ["Terms", "Terms"],
    ["Privacy", "Privacy"],
    ["About", "About"],
  ] as const) {
    await b.follow(link, "footer");
    expect(b.current().status).toBe(200);
    expect(b.texts("h1")).toContain(heading);
  }
  expect(where(b)).toMatch(/\/about$/);
});

test("any other path redirects to /", async ({ plain: b }) => {
  await b.open("/no/such/page?x=1");
  expect(b.hops).toEqual([302, 200]);
  expect(where(b)).toBe("/");
  expect(currentOf(b, "Home")).toEqual(["page"]);
});

test("HEAD of a page answers the GET's status and headers with no body", async ({ baseURL }) => {
  const get = await fetch(`${baseURL}/shop`);
  const head = await fetch(`${baseURL}/shop`, { method: "HEAD" });
  expect(head.status).toBe(get.status);
  expect(head.headers.get("Content-Type")).toBe(get.headers.get("Content-Type"));
  expect(head.headers.get("Content-Type")).toMatch(/^text\/html/);
  expect(await head.text()).toBe("");
  expect((await fetch(`${baseURL}/no-such-page`, { method: "HEAD", redirect: "manual" })).status).toBe(
    (await fetch(`${baseURL}/no-such-page`, { redirect: "manual" })).status,
  );
});
