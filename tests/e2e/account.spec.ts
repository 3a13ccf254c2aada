// /account (issue #23 item 5), JS off and on: the email shown, name and phone changed by the
// registration's rules, the password changed with the current one, ending the other sessions.
import { expect, nav, queryOne, test, toaster } from "./support/fixtures";

test.skip(
  ({ javaScriptEnabled }) => javaScriptEnabled === false,
  "JS off: tests/request/account.spec.ts drives the same forms over HTTP",
);

const PHONE_INVALID = "Phone must be 10 digits and start with 6–9.";

test("a guest is sent to log in", async ({ page, goto }) => {
  await goto("/account");
  await expect(page).toHaveURL(/\/login\?redirect=%2Faccount$/);
});

test("name and phone: a bad phone gets the spec's message, a good one is saved", async ({
  page,
  goto,
  registerViaApi,
}) => {
  const user = await registerViaApi({ name: "Asha Rao" });
  await goto("/");
  await nav(page).getByRole("link", { name: "Account" }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole("heading", { name: "Account", level: 1 })).toBeVisible();
  await expect(page.getByText(user.email)).toBeVisible();
  await expect(page.getByLabel("Name")).toHaveValue("Asha Rao");
  await expect(page.getByLabel("Phone")).toHaveValue("9876543210");
  await expect(page.getByLabel("Email")).toHaveCount(0); // shown, not a field

  await page.getByLabel("Name").fill("  आशा Menon ");
  await page.getByLabel("Phone").fill("12345");
  await page.getByRole("button", { name: "Save details" }).click();
  await expect(page.getByText(PHONE_INVALID)).toBeVisible();
  const unchanged = await queryOne<{ name: string; phone: string }>(
    "select name, phone from users where email = ?",
    user.email,
  );
  expect(unchanged).toEqual({ name: "Asha Rao", phone: "9876543210" });

  await page.getByLabel("Phone").fill("+91 87654-32109");
  await page.getByRole("button", { name: "Save details" }).click();
  await expect(toaster(page)).toContainText("Account updated");
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByLabel("Name")).toHaveValue("आशा Menon");
  await expect(page.getByLabel("Phone")).toHaveValue("8765432109");
  const row = await queryOne<{ name: string; phone: string }>(
    "select name, phone from users where email = ?",
    user.email,
  );
  expect(row).toEqual({ name: "आशा Menon", phone: "8765432109" });
});

test("password: the current one is required; a change ends the other sessions, not this one", async ({
  page,
  goto,
  registerViaApi,
  browser,
  baseURL,
}) => {
  const user = await registerViaApi();
  // The same account logged in on another device.
  const other = await browser.newContext({ baseURL });
  const otherPage = await other.newPage();
  expect((await otherPage.request.post("/api/auth/login", { data: user })).status()).toBe(200);
  await otherPage.goto("/account");
  await expect(otherPage).toHaveURL(/\/account$/);

  await goto("/account");
  await page.getByLabel("Current password").fill("not-my-password");
  await page.getByLabel("New password").fill("brand-new-1");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByRole("alert")).toHaveText("Your current password is not right.");

  await page.getByLabel("Current password").fill(user.password);
  await page.getByLabel("New password").fill("12345");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Password must be at least 6 characters.")).toBeVisible();

  const before = await queryOne<{ h: string }>("select password_hash as h from users where email = ?", user.email);
  await page.getByLabel("Current password").fill(user.password);
  await page.getByLabel("New password").fill("brand-new-1");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(toaster(page)).toContainText("Password changed");
  await expect(page.getByLabel("Current password")).toHaveValue("");
  await expect(page.getByLabel("New password")).toHaveValue("");
  const after = await queryOne<{ h: string }>("select password_hash as h from users where email = ?", user.email);
  expect(after!.h).not.toBe(before!.h);

  // This browser stays logged in; the other one is logged out.
  await goto("/orders");
  await expect(page).toHaveURL(/\/orders$/);
  await otherPage.goto("/account");
  await expect(otherPage).toHaveURL(/\/login\?redirect=%2Faccount$/);
  expect((await otherPage.request.get("/api/auth/me")).status()).toBe(401);
  const relogin = await otherPage.request.post("/api/auth/login", {
    data: { email: user.email, password: "brand-new-1" },
  });
  expect(relogin.status()).toBe(200);
  expect(
    (
      await otherPage.request.post("/api/auth/login", { data: { email: user.email, password: user.password } })
    ).status(),
  ).toBe(401);
  await other.close();
});
