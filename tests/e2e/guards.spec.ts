import { ADMIN } from "../playwright.config";
import { expect, nav, sharedDb, test, toaster } from "./support/fixtures";

test.skip(
  ({ javaScriptEnabled }) => javaScriptEnabled === false,
  "JS off: tests/request/guards.spec.ts drives the same forms over HTTP",
);

test("a guest on a protected page goes to /login and comes back after logging in", async ({
  page,
  goto,
  registerViaApi,
  context,
}) => {
  const user = await registerViaApi();
  await context.clearCookies();
  await goto("/orders?o=abc123");
  await expect(page).toHaveURL(/\/login\?redirect=%2Forders%3Fo%3Dabc123$/);
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/orders\?o=abc123$/);
  await expect(page.getByRole("heading", { name: "My Orders" })).toBeVisible();
});

test("a session that ended on the server: the next protected page says so once and sends to login", async ({
  page,
  goto,
  registerViaApi,
  context,
}) => {
  const ENDED = "Your session has ended. Please log in again.";
  // A guest who never logged in is just sent to login.
  await goto("/orders");
  await expect(page).toHaveURL(/\/login\?redirect=%2Forders$/);
  await expect(page.getByText(ENDED)).toHaveCount(0);

  const user = await registerViaApi();
  // The server ends the session (as a new password or a removed account does); the browser still has its cookie.
  await sharedDb().run("delete from sessions where user_id = (select id from users where email = ?)", user.email);
  expect((await context.cookies()).some((c) => c.name === "__session")).toBe(true);
  await goto("/checkout");
  await expect(page).toHaveURL(/\/login\?redirect=%2Fcheckout$/);
  await expect(toaster(page)).toContainText(ENDED);
  // The dead cookie is dropped, so it is said once.
  expect((await context.cookies()).some((c) => c.name === "__session")).toBe(false);
  await goto("/orders");
  await expect(page).toHaveURL(/\/login\?redirect=%2Forders$/);
  await expect(page.getByText(ENDED)).toHaveCount(0);
});

test("a guest on /admin goes to /login with the redirect", async ({ page, goto }) => {
  await goto("/admin?tab=orders");
  await expect(page).toHaveURL(/\/login\?redirect=%2Fadmin%3Ftab%3Dorders$/);
});

test("a customer on /admin goes to /, and sees no Admin link", async ({ page, goto, registerViaApi }) => {
  await registerViaApi();
  await goto("/admin");
  await expect(page).toHaveURL(/\/$/);
  await expect(nav(page).getByRole("link", { name: "Admin" })).toHaveCount(0);
});

test("an admin logging in lands on /admin and sees the Admin link", async ({ page, goto }) => {
  await goto("/login");
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { name: "Admin" })).toBeVisible();
  await expect(nav(page).getByRole("link", { name: "Admin" })).toHaveAttribute("aria-current", "page");
});

test("a logged-in user visiting /login is sent on", async ({ page, goto, registerViaApi }) => {
  await registerViaApi();
  await goto("/login");
  await expect(page).toHaveURL(/\/$/);
});
