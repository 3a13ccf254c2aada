import { expect, nav, test, toaster } from "./support/fixtures";

// JS off, the tests that skip with this are tests/request/shell.spec.ts's, over HTTP (issue #51); the
// phone menu and the toasts are CSS, and stay in the browser.
const OVER_HTTP = "JS off: tests/request/shell.spec.ts drives the same forms over HTTP";

test("navigation shows links by login state and marks the active one", async ({
  page,
  goto,
  jsEnabled,
  registerViaApi,
}) => {
  test.skip(!jsEnabled, OVER_HTTP);
  await goto("/");
  const links = nav(page);
  await expect(links.getByRole("link", { name: "Home" })).toHaveAttribute("aria-current", "page");
  for (const name of ["Shop", "Login", "Sign up"])
    await expect(links.getByRole("link", { name, exact: true })).toBeVisible();
  for (const name of ["My Orders", "Admin", "Cart"]) await expect(links.getByRole("link", { name })).toHaveCount(0);
  await expect(links.getByRole("button", { name: "Logout" })).toHaveCount(0);

  // "/" is active only on itself; other links when the path starts with them.
  await goto("/login?redirect=%2Forders");
  await expect(links.getByRole("link", { name: "Login" })).toHaveAttribute("aria-current", "page");
  await expect(links.getByRole("link", { name: "Home" })).not.toHaveAttribute("aria-current", "page");

  await registerViaApi();
  await goto("/orders");
  await expect(links.getByRole("link", { name: "My Orders" })).toHaveAttribute("aria-current", "page");
  await expect(links.getByRole("link", { name: "Home" })).not.toHaveAttribute("aria-current", "page");
  await expect(links.getByRole("link", { name: /Cart/ })).toContainText("0");
  await expect(links.getByRole("button", { name: "Logout" })).toBeVisible();
  await expect(links.getByRole("link", { name: "Login" })).toHaveCount(0);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the menu collapses into a toggle that opens and closes on navigation", async ({ page, goto }) => {
    await goto("/about");
    const shop = nav(page).getByRole("link", { name: "Shop" });
    await expect(shop).toBeHidden();
    await nav(page).getByText("Menu").click();
    await expect(shop).toBeVisible();
    await nav(page).getByRole("link", { name: "Login" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("heading", { name: "Login" })).toBeVisible();
    await expect(nav(page).getByRole("link", { name: "Shop" })).toBeHidden();
  });
});

test("footer has support, social and policy links; policy pages carry the facts", async ({ page, goto, jsEnabled }) => {
  test.skip(!jsEnabled, OVER_HTTP);
  await goto("/");
  const footer = page.locator("footer");
  await expect(footer.locator('a[href^="mailto:"]')).toBeVisible();
  await expect(footer.locator('a[href^="tel:"]')).toBeVisible();
  await expect(footer.getByRole("link", { name: "Chat on WhatsApp" })).toBeVisible();
  await expect(footer.getByRole("link", { name: "Instagram" })).toBeVisible();

  await footer.getByRole("link", { name: "Refund & Returns" }).click();
  await expect(page).toHaveURL(/\/policy\/refund$/);
  const body = page.locator("main");
  for (const fact of [
    "2-4 business days",
    "5-9 business days",
    "only in India",
    "within 7 days",
    "unboxing video",
    "Used candles are not returnable",
    "5-7 business days",
  ]) {
    await expect(body).toContainText(fact);
  }
  for (const [link, heading] of [
    ["Terms", "Terms"],
    ["Privacy", "Privacy"],
    ["About", "About"],
  ] as const) {
    await page.locator("footer").getByRole("link", { name: link, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
  }
  await expect(page).toHaveURL(/\/about$/);
});

test("any other path redirects to /", async ({ page, jsEnabled }) => {
  test.skip(!jsEnabled, OVER_HTTP);
  await page.goto("/no/such/page?x=1");
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  await expect(nav(page).getByRole("link", { name: "Home" })).toHaveAttribute("aria-current", "page");
});

test("toasts close on click", async ({ page, goto, registerViaApi }) => {
  await registerViaApi();
  await goto("/");
  await nav(page).getByRole("button", { name: "Logout" }).click();
  const toast = toaster(page).getByText("Logged out");
  await expect(toast).toBeVisible();
  await toast.click();
  await expect(toast).toBeHidden();
});

test("toasts pause on hover and close by themselves after 2.5 s", async ({ page, goto, registerViaApi }) => {
  await registerViaApi();
  await goto("/");
  await nav(page).getByRole("button", { name: "Logout" }).click();
  const toast = toaster(page).getByText("Logged out");
  await toast.hover();
  // eslint-disable-next-line playwright/no-wait-for-timeout -- a hovered toast must outlive its 2.5 s fade
  await page.waitForTimeout(3000);
  await expect(toast).toBeVisible();
  await page.mouse.move(5, 400);
  await expect(toast).toBeHidden();
});
