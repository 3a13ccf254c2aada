// Forgot password (issue #23 item 4), JS off and on: the link arrives in a real mail (the e2e
// server's SMTP catcher, tests/e2e/support/mail.ts), sets the new password, ends every session of the
// account and logs this browser in, once; the same answer for any email; a used, expired or
// tampered link is refused with a clear message and changes nothing.
import { createHash, randomBytes } from "node:crypto";
import { expect, nav, queryOne, sharedDb, test, toaster } from "./support/fixtures";
import { mailsTo, waitForMail } from "./support/mail";

test.skip(
  ({ javaScriptEnabled }) => javaScriptEnabled === false,
  "JS off: tests/request/password-reset.spec.ts drives the same forms over HTTP",
);

const RESET_SENT =
  "If an account exists for that email, we have sent a link to reset the password. It works for 1 hour.";
const RESET_LINK_INVALID = "This reset link has expired or was already used. Ask for a new one.";

const sha256 = (token: string) => createHash("sha256").update(token).digest("hex");

/** A reset row for `email` made in the database, for the refusals (the mail flow has its own test). */
async function resetRow(email: string, fields: { expiresAt?: number; usedAt?: number | null } = {}) {
  const token = randomBytes(32).toString("base64url");
  const user = await queryOne<{ id: string }>("select id from users where email = ?", email);
  await sharedDb().run(
    "insert into password_resets (token_hash, user_id, expires_at, used_at) values (?, ?, ?, ?)",
    sha256(token),
    user!.id,
    fields.expiresAt ?? Date.now() + 60 * 60_000,
    fields.usedAt ?? null,
  );
  return token;
}

const passwordHash = async (email: string) =>
  (await queryOne<{ h: string }>("select password_hash as h from users where email = ?", email))!.h;

test("/login links to the form; any email gets the same answer and only an account gets a mail", async ({
  page,
  goto,
  registerViaApi,
  context,
  uniqueEmail,
}) => {
  const user = await registerViaApi();
  await context.clearCookies();
  const mails = (to: string) =>
    sharedDb().value<number>(
      "select cast(count(*) as integer) from mail_outbox where kind = 'password-reset' and to_address like ?",
      `%${to}%`,
    );
  const unknown = uniqueEmail();
  const answers: string[] = [];
  for (const email of [user.email, unknown]) {
    await goto("/login");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    // /login has an Email field too: fill the new page's, once it is on screen.
    await expect(page.getByRole("heading", { name: "Forgot password" })).toBeVisible();
    await page.getByLabel("Email").fill(email.toUpperCase());
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.locator("main").getByRole("status")).toHaveText(RESET_SENT);
    await expect(page).toHaveURL(/\/forgot-password\?sent$/);
    answers.push(await page.locator("main").innerText());
  }
  expect(answers[1]).toBe(answers[0]);
  expect(await mails(user.email)).toBe(1);
  expect(await mails(unknown)).toBe(0);
  // Over SMTP too: the account's mail arrives; by then the unknown address has none.
  await waitForMail(user.email, "Reset your RK Candles password");
  expect(await mailsTo(unknown)).toEqual([]);

  await goto("/forgot-password");
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByText("Please enter a valid email address.")).toBeVisible();
  await expect(page).toHaveURL(/\/forgot-password$/);
});

test("a used, expired, tampered or missing link is refused and changes nothing", async ({
  page,
  goto,
  registerViaApi,
  context,
}) => {
  const user = await registerViaApi();
  await context.clearCookies();
  const before = await passwordHash(user.email);
  const used = await resetRow(user.email, { usedAt: Date.now() - 1000 });
  const expired = await resetRow(user.email, { expiresAt: Date.now() - 1 });
  const valid = await resetRow(user.email);
  const tampered = (valid[0] === "A" ? "B" : "A") + valid.slice(1);

  for (const link of [`?token=${used}`, `?token=${expired}`, `?token=${tampered}`, "", "?token="]) {
    await goto(`/reset-password${link}`);
    await expect(page.getByRole("alert"), link).toHaveText(RESET_LINK_INVALID);
    await expect(page.getByLabel("New password")).toHaveCount(0);
    await page.getByRole("link", { name: "Ask for a new link" }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
  }

  // A link that dies between showing the form and sending it (used in another tab): refused too.
  await goto(`/reset-password?token=${valid}`);
  await page.getByLabel("New password").fill("never-set-1");
  await sharedDb().run("update password_resets set used_at = ? where token_hash = ?", Date.now(), sha256(valid));
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByRole("alert")).toHaveText(RESET_LINK_INVALID);
  expect(await passwordHash(user.email)).toBe(before);
  expect((await page.request.get("/api/auth/me")).status()).toBe(401);
});

test("forgot password: the mailed link sets a new password, logs in and ends the other sessions", async ({
  page,
  goto,
  registerViaApi,
  context,
  browser,
  baseURL,
}) => {
  const user = await registerViaApi({ name: "Asha <b>Rao</b>" });
  // The same account logged in elsewhere, and this browser logged out.
  const elsewhere = await browser.newContext({ baseURL });
  expect((await elsewhere.request.post("/api/auth/login", { data: user })).status()).toBe(200);
  await context.clearCookies();

  await goto("/login");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  // /login has an Email field too (with JS the link is a client-side navigation): wait for the new page.
  await expect(page.getByRole("heading", { name: "Forgot password" })).toBeVisible();
  await page.getByLabel("Email").fill(user.email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.locator("main").getByRole("status")).toContainText("If an account exists for that email");

  const mail = await waitForMail(user.email, "Reset your RK Candles password");
  expect(mail.to).toMatchObject({ value: [{ address: user.email }] });
  const text = mail.text ?? "";
  expect(text).toContain("1 hour");
  expect(text).toContain("ignore this mail");
  const link = /https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]{43}/.exec(text)?.[0];
  expect(link, text).toBeTruthy();
  expect(String(mail.html)).toContain(`href="${link}"`);
  expect(String(mail.html)).not.toContain("<b>Rao</b>");
  const { pathname, search } = new URL(link!);

  await goto(pathname + search);
  // The page names the account it resets (issue #34).
  await expect(page.locator("main")).toContainText(`For the account ${user.email}.`);
  await page.getByLabel("New password").fill("12345");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByText("Password must be at least 6 characters.")).toBeVisible();
  await page.getByLabel("New password").fill("reset-new-1");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(toaster(page)).toContainText("Password changed");
  await expect(nav(page).getByRole("link", { name: "Account" })).toBeVisible();

  expect((await elsewhere.request.get("/api/auth/me")).status(), "the other session ended").toBe(401);
  expect((await elsewhere.request.post("/api/auth/login", { data: user })).status(), "old password").toBe(401);
  const login = await elsewhere.request.post("/api/auth/login", {
    data: { email: user.email, password: "reset-new-1" },
  });
  expect(login.status()).toBe(200);
  await elsewhere.close();

  // The link works once.
  await goto(pathname + search);
  await expect(page.getByRole("alert")).toHaveText(RESET_LINK_INVALID);
});
