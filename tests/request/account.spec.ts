// tests/e2e/account.spec.ts's JS-off half, over HTTP (issue #51): /account's email shown, name and
// phone changed by the registration's rules, the password changed with the current one, ending the
// other sessions.
import { expect, labelled, NAV, PlainBrowser, queryOne, test, TOASTER, where } from "./support/fixtures";

const PHONE_INVALID = "Phone must be 10 digits and start with 6–9.";

test("a guest is sent to log in", async ({ plain: b }) => {
  await b.open("/account");
  expect(where(b)).toMatch(/\/login\?redirect=%2Faccount$/);
});

test("name and phone: a bad phone gets the spec's message, a good one is saved", async ({
  plain: b,
  registerViaApi,
}) => {
  const user = await registerViaApi({ name: "Asha Rao" });
  await b.open("/");
  await b.follow("Account", NAV);
  expect(where(b)).toMatch(/\/account$/);
  expect(b.texts("h1")).toContain("Account");
  expect(b.text()).toContain(user.email);
  expect(b.value(b.field("Name"))).toBe("Asha Rao");
  expect(b.value(b.field("Phone"))).toBe("9876543210");
  expect(() => b.field("Email")).toThrow(); // shown, not a field

  await b.submit("Save details", labelled(b, { Name: "  आशा Menon ", Phone: "12345" }));
  expect(b.text()).toContain(PHONE_INVALID);
  const unchanged = await queryOne<{ name: string; phone: string }>(
    "select name, phone from users where email = ?",
    user.email,
  );
  expect(unchanged).toEqual({ name: "Asha Rao", phone: "9876543210" });

  await b.submit("Save details", labelled(b, { Phone: "+91 87654-32109" }));
  expect(b.text(TOASTER)).toContain("Account updated");
  expect(where(b)).toMatch(/\/account$/);
  expect(b.value(b.field("Name"))).toBe("आशा Menon");
  expect(b.value(b.field("Phone"))).toBe("8765432109");
  const row = await queryOne<{ name: string; phone: string }>(
    "select name, phone from users where email = ?",
    user.email,
  );
  expect(row).toEqual({ name: "आशा Menon", phone: "8765432109" });
});

test("password: the current one is required; a change ends the other sessions, not this one", async ({
  plain: b,
  registerViaApi,
  baseURL,
}) => {
  const user = await registerViaApi();
  // The same account logged in on another device.
  const other = new PlainBrowser(baseURL!);
  expect((await other.api("/api/auth/login", user)).status).toBe(200);
  await other.open("/account");
  expect(where(other)).toMatch(/\/account$/);

  await b.open("/account");
  await b.submit(
    "Change password",
    labelled(b, { "Current password": "not-my-password", "New password": "brand-new-1" }),
  );
  expect(b.texts("[role=alert]")).toEqual(["Your current password is not right."]);

  await b.submit("Change password", labelled(b, { "Current password": user.password, "New password": "12345" }));
  expect(b.text()).toContain("Password must be at least 6 characters.");

  const before = await queryOne<{ h: string }>("select password_hash as h from users where email = ?", user.email);
  await b.submit("Change password", labelled(b, { "Current password": user.password, "New password": "brand-new-1" }));
  expect(b.text(TOASTER)).toContain("Password changed");
  expect(b.value(b.field("Current password"))).toBe("");
  expect(b.value(b.field("New password"))).toBe("");
  const after = await queryOne<{ h: string }>("select password_hash as h from users where email = ?", user.email);
  expect(after!.h).not.toBe(before!.h);

  // This browser stays logged in; the other one is logged out.
  await b.open("/orders");
  expect(where(b)).toMatch(/\/orders$/);
  await other.open("/account");
  expect(where(other)).toMatch(/\/login\?redirect=%2Faccount$/);
  expect((await other.api("/api/auth/me")).status).toBe(401);
  const relogin = await other.api("/api/auth/login", { email: user.email, password: "brand-new-1" });
  expect(relogin.status).toBe(200);
  expect((await other.api("/api/auth/login", { email: user.email, password: user.password })).status).toBe(401);
});
