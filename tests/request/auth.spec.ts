// tests/e2e/auth.spec.ts's JS-off half, over HTTP (issue #51): sign-up, login, logout and their refusals.
import { expect, labelled, NAV, queryOne, test, TOASTER, where } from "./support/fixtures";

const REGISTER_INCOMPLETE = "Please enter valid name, email, 10‑digit phone (no +91/0), and password.";
const PHONE_INVALID = "Phone must be 10 digits and start with 6–9.";

test("register, log out, and log in again landing where ?redirect= says", async ({ plain: b, uniqueEmail }) => {
  const email = uniqueEmail();
  await b.open("/register");
  expect(b.text()).toContain("Enter 10‑digit mobile without +91/0 (starts 6–9)");
  await b.submit(
    "Sign up",
    labelled(b, {
      Name: "  Asha Rao ",
      Email: `  ${email.toUpperCase()} `,
      Phone: "+91 98765-43210",
      Password: "secret12",
    }),
  );

  expect(where(b)).toMatch(/\/$/);
  expect(b.text(TOASTER)).toContain("Account created!");
  expect(b.text(TOASTER)).toContain("Asha");
  expect(b.links("My Orders", NAV)).not.toHaveLength(0);
  expect(b.links("Login", NAV)).toHaveLength(0);

  const row = await queryOne<{ name: string; phone: string; password_hash: string; is_admin: number }>(
    "select name, phone, password_hash, is_admin from users where email = ?",
    email.toLowerCase(),
  );
  expect(row).toMatchObject({ name: "Asha Rao", phone: "9876543210", is_admin: 0 });
  expect(row!.password_hash).toMatch(/^\$2[aby]\$/);

  await b.submit("Logout");
  expect(where(b)).toMatch(/\/$/);
  expect(b.text(TOASTER)).toContain("Logged out");
  expect(b.links("Login", NAV)).not.toHaveLength(0);
  expect(b.texts(`${NAV} button`)).not.toContain("Logout");

  await b.open("/login?redirect=%2Fpolicy%2Frefund%3Ffrom%3Dtest");
  await b.submit("Login", labelled(b, { Email: email, Password: "secret12" }));
  expect(where(b)).toMatch(/\/policy\/refund\?from=test$/);
  expect(b.text(TOASTER)).toContain("Welcome back!");
  expect(b.text(TOASTER)).toContain("Asha");
  expect(b.texts(`${NAV} button`)).toContain("Logout");
});

test("login without redirect goes home; a wrong password is refused", async ({ plain: b, registerViaApi }) => {
  const user = await registerViaApi();
  b.cookies.clear();
  await b.open("/login");
  await b.submit("Login", labelled(b, { Email: user.email, Password: "wrong-password" }));
  expect(b.texts("[role=alert]")).toEqual(["Invalid email or password"]);
  expect(where(b)).toMatch(/\/login/);
  expect(b.value(b.field("Email"))).toBe(user.email);
  // The server never sends a password back into the page.
  expect(b.value(b.field("Password"))).toBe("");

  await b.submit("Login", labelled(b, { Password: user.password }));
  expect(where(b)).toMatch(/\/$/);
  expect(b.text(TOASTER)).toContain("Welcome back!");
});

test("login with an empty field shows 'Email and password required'", async ({ plain: b }) => {
  await b.open("/login");
  await b.submit("Login", labelled(b, { Email: "someone@example.com" }));
  expect(b.texts("[role=alert]")).toEqual(["Email and password required"]);
  expect(where(b)).toMatch(/\/login/);
});

test("registration with bad input shows the spec's messages and creates nothing", async ({ plain: b, uniqueEmail }) => {
  await b.open("/register");
  await b.submit("Sign up");
  expect(b.texts("[role=alert]")).toEqual([REGISTER_INCOMPLETE]);

  const email = uniqueEmail();
  await b.submit("Sign up", labelled(b, { Name: "Ravi", Email: email, Phone: "12345", Password: "secret12" }));
  expect(b.texts("[role=alert]")).toEqual([PHONE_INVALID]);
  expect(b.texts(".field-error")).toContain(PHONE_INVALID);

  await b.submit("Sign up", labelled(b, { Phone: "9876543210", Password: "123" }));
  expect(b.texts("[role=alert]")).toEqual(["Please fill all fields correctly"]);
  expect(b.text()).toContain("Password must be at least 6 characters.");

  // Other tests create users in parallel, so count this email's rows, not all users.
  expect(await queryOne("select id from users where email = ?", email)).toBeUndefined();
});

test("a second account with the same email is refused with a clear error", async ({ plain: b, registerViaApi }) => {
  const user = await registerViaApi();
  b.cookies.clear();
  await b.open("/register");
  await b.submit(
    "Sign up",
    labelled(b, { Name: "Someone Else", Email: user.email.toUpperCase(), Phone: "9123456789", Password: "another1" }),
  );
  expect(b.texts("[role=alert]")).toEqual(["An account with this email already exists. Please log in instead."]);
  expect((await queryOne<{ n: number }>("select count(*) n from users where email = ?", user.email))!.n).toBe(1);
  expect(await queryOne("select id from users where phone = ?", "9123456789")).toBeUndefined();
});
