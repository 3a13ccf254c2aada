// tests/e2e/password-reset.spec.ts's JS-off half, over HTTP (issue #51): forgot password by the
// forms, the link from a real mail (the run's SMTP catcher) setting the new password, ending every
// session of the account and logging this browser in, once; the same answer for any email; a used,
// expired or tampered link refused, changing nothing.
import { createHash, randomBytes } from "node:crypto";
import { mailsTo, waitForMail } from "../e2e/support/mail";
import { expect, labelled, NAV, PlainBrowser, queryOne, sharedDb, test, TOASTER, where } from "./support/fixtures";

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
  plain: b,
  registerViaApi,
  uniqueEmail,
}) => {
  const user = await registerViaApi();
  b.cookies.clear();
  const mails = (to: string) =>
    sharedDb().value<number>(
      "select cast(count(*) as integer) from mail_outbox where kind = 'password-reset' and to_address like ?",
      `%${to}%`,
    );
  const unknown = uniqueEmail();
  const answers: string[] = [];
  for (const email of [user.email, unknown]) {
    await b.open("/login");
    await b.follow("Forgot password?");
    expect(where(b)).toMatch(/\/forgot-password$/);
    expect(b.texts("h1")).toContain("Forgot password");
    await b.submit("Send reset link", labelled(b, { Email: email.toUpperCase() }));
    expect(b.texts("main [role=status]")).toEqual([RESET_SENT]);
    expect(where(b)).toMatch(/\/forgot-password\?sent$/);
    answers.push(b.text("main"));
  }
  expect(answers[1]).toBe(answers[0]);
  expect(await mails(user.email)).toBe(1);
  expect(await mails(unknown)).toBe(0);
  // Over SMTP too: the account's mail arrives; by then the unknown address has none.
  await waitForMail(user.email, "Reset your RK Candles password");
  expect(await mailsTo(unknown)).toEqual([]);

  await b.open("/forgot-password");
  await b.submit("Send reset link", labelled(b, { Email: "not-an-email" }));
  expect(b.text()).toContain("Please enter a valid email address.");
  expect(where(b)).toMatch(/\/forgot-password$/);
});

test("a used, expired, tampered or missing link is refused and changes nothing", async ({
  plain: b,
  registerViaApi,
}) => {
  const user = await registerViaApi();
  b.cookies.clear();
  const before = await passwordHash(user.email);
  const used = await resetRow(user.email, { usedAt: Date.now() - 1000 });
  const expired = await resetRow(user.email, { expiresAt: Date.now() - 1 });
  const valid = await resetRow(user.email);
  const tampered = (valid[0] === "A" ? "B" : "A") + valid.slice(1);

  for (const link of [`?token=${used}`, `?token=${expired}`, `?token=${tampered}`, "", "?token="]) {
    await b.open(`/reset-password${link}`);
    expect(b.texts("[role=alert]"), link).toEqual([RESET_LINK_INVALID]);
    expect(() => b.field("New password")).toThrow();
    await b.follow("Ask for a new link");
    expect(where(b)).toMatch(/\/forgot-password$/);
  }

  // A link that dies between showing the form and sending it (used in another tab): refused too.
  await b.open(`/reset-password?token=${valid}`);
  const typed = labelled(b, { "New password": "never-set-1" });
  await sharedDb().run("update password_resets set used_at = ? where token_hash = ?", Date.now(), sha256(valid));
  await b.submit("Set new password", typed);
  expect(b.texts("[role=alert]")).toEqual([RESET_LINK_INVALID]);
  expect(await passwordHash(user.email)).toBe(before);
  expect((await b.api("/api/auth/me")).status).toBe(401);
});

test("forgot password: the mailed link sets a new password, logs in and ends the other sessions", async ({
  plain: b,
  registerViaApi,
  baseURL,
}) => {
  const user = await registerViaApi({ name: "Asha <b>Rao</b>" });
  // The same account logged in elsewhere, and this browser logged out.
  const elsewhere = new PlainBrowser(baseURL!);
  expect((await elsewhere.api("/api/auth/login", user)).status).toBe(200);
  b.cookies.clear();

  await b.open("/login");
  await b.follow("Forgot password?");
  expect(b.texts("h1")).toContain("Forgot password");
  await b.submit("Send reset link", labelled(b, { Email: user.email }));
  expect(b.text("main [role=status]")).toContain("If an account exists for that email");

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

  await b.open(pathname + search);
  // The page names the account it resets (issue #34).
  expect(b.text("main").replace(/\n/g, " ")).toContain(`For the account ${user.email}.`);
  await b.submit("Set new password", labelled(b, { "New password": "12345" }));
  expect(b.text()).toContain("Password must be at least 6 characters.");
  await b.submit("Set new password", labelled(b, { "New password": "reset-new-1" }));
  expect(where(b)).toMatch(/\/$/);
  expect(b.text(TOASTER)).toContain("Password changed");
  expect(b.links("Account", NAV)).not.toHaveLength(0);

  expect((await elsewhere.api("/api/auth/me")).status, "the other session ended").toBe(401);
  expect((await elsewhere.api("/api/auth/login", user)).status, "old password").toBe(401);
  const login = await elsewhere.api("/api/auth/login", { email: user.email, password: "reset-new-1" });
  expect(login.status).toBe(200);

  // The link works once.
  await b.open(pathname + search);
  expect(b.texts("[role=alert]")).toEqual([RESET_LINK_INVALID]);
});
