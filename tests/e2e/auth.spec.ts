import { expect, nav, queryOne, test, toaster } from "./support/fixtures";

test.skip(
  ({ javaScriptEnabled }) => javaScriptEnabled === false,
  "JS off: tests/request/auth.spec.ts drives the same forms over HTTP",
);

const REGISTER_INCOMPLETE = "Please enter valid name, email, 10‑digit phone (no +91/0), and password.";
const PHONE_INVALID = "Phone must be 10 digits and start with 6–9.";

test("register, log out, and log in again landing where ?redirect= says", async ({ page, goto, uniqueEmail }) => {
  const email = uniqueEmail();
  await goto("/register");
  await expect(page.getByText("Enter 10‑digit mobile without +91/0 (starts 6–9)")).toBeVisible();
  await page.getByLabel("Name").fill("  Asha Rao ");
  await page.getByLabel("Email").fill(`  ${email.toUpperCase()} `);
  await page.getByLabel("Phone").fill("+91 98765-43210");
  await page.getByLabel("Password").fill("secret12");
  await page.getByRole("button", { name: "Sign up" }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(toaster(page)).toContainText("Account created!");
  await expect(toaster(page)).toContainText("Asha");
  await expect(nav(page).getByRole("link", { name: "My Orders" })).toBeVisible();
  await expect(nav(page).getByRole("link", { name: "Login" })).toHaveCount(0);

  const row = await queryOne<{ name: string; phone: string; password_hash: string; is_admin: number }>(
    "select name, phone, password_hash, is_admin from users where email = ?",
    email.toLowerCase(),
  );
  expect(row).toMatchObject({ name: "Asha Rao", phone: "9876543210", is_admin: 0 });
  expect(row!.password_hash).toMatch(/^\$2[aby]\$/);

  await nav(page).getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(toaster(page)).toContainText("Logged out");
  await expect(nav(page).getByRole("link", { name: "Login" })).toBeVisible();
  await expect(nav(page).getByRole("button", { name: "Logout" })).toHaveCount(0);

  await goto("/login?redirect=%2Fpolicy%2Frefund%3Ffrom%3Dtest");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("secret12");
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/policy\/refund\?from=test$/);
  await expect(toaster(page)).toContainText("Welcome back!");
  await expect(toaster(page)).toContainText("Asha");
  await expect(nav(page).getByRole("button", { name: "Logout" })).toBeVisible();
});

test("login without redirect goes home; a wrong password is refused", async ({
  page,
  goto,
  registerViaApi,
  context,
  jsEnabled,
}) => {
  const user = await registerViaApi();
  await context.clearCookies();
  await goto("/login");
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill("wrong-password");
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByRole("alert")).toHaveText("Invalid email or password");
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByLabel("Email")).toHaveValue(user.email);
  // The server never sends a password back into the page.
  if (!jsEnabled) await expect(page.getByLabel("Password")).toHaveValue("");

  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(toaster(page)).toContainText("Welcome back!");
});

test("login with an empty field shows 'Email and password required'", async ({ page, goto }) => {
  await goto("/login");
  await page.getByLabel("Email").fill("someone@example.com");
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByRole("alert")).toHaveText("Email and password required");
  await expect(page).toHaveURL(/\/login/);
});

test("registration with bad input shows the spec's messages and creates nothing", async ({
  page,
  goto,
  uniqueEmail,
}) => {
  await goto("/register");
  await page.getByRole("button", { name: "Sign up" }).click();
  await expect(page.getByRole("alert")).toHaveText(REGISTER_INCOMPLETE);

  const email = uniqueEmail();
  await page.getByLabel("Name").fill("Ravi");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Phone").fill("12345");
  await page.getByLabel("Password").fill("secret12");
  await page.getByRole("button", { name: "Sign up" }).click();
  await expect(page.getByRole("alert")).toHaveText(PHONE_INVALID);
  await expect(page.locator(".field-error", { hasText: PHONE_INVALID })).toBeVisible();

  await page.getByLabel("Phone").fill("9876543210");
  await page.getByLabel("Password").fill("123");
  await page.getByRole("button", { name: "Sign up" }).click();
  await expect(page.getByRole("alert")).toHaveText("Please fill all fields correctly");
  await expect(page.getByText("Password must be at least 6 characters.")).toBeVisible();

  // Other tests create users in parallel, so count this email's rows, not all users.
  expect(await queryOne("select id from users where email = ?", email)).toBeUndefined();
});

test("a second account with the same email is refused with a clear error", async ({
  page,
  goto,
  registerViaApi,
  context,
}) => {
  const user = await registerViaApi();
  await context.clearCookies();
  await goto("/register");
  await page.getByLabel("Name").fill("Someone Else");
  await page.getByLabel("Email").fill(user.email.toUpperCase());
  await page.getByLabel("Phone").fill("9123456789");
  await page.getByLabel("Password").fill("another1");
  await page.getByRole("button", { name: "Sign up" }).click();
  await expect(page.getByRole("alert")).toHaveText("An account with this email already exists. Please log in instead.");
  expect((await queryOne<{ n: number }>("select count(*) n from users where email = ?", user.email))!.n).toBe(1);
  expect(await queryOne("select id from users where phone = ?", "9123456789")).toBeUndefined();
});
