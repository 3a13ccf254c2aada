// tests/e2e/guards.spec.ts's JS-off half, over HTTP (issue #51): who may open which page, where the
// others are sent, and what the navigation offers them.
import { ADMIN } from "../playwright.config";
import { expect, labelled, NAV, sharedDb, test, TOASTER, where } from "./support/fixtures";

test("a guest on a protected page goes to /login and comes back after logging in", async ({
  plain: b,
  registerViaApi,
}) => {
  const user = await registerViaApi();
  b.cookies.clear();
  await b.open("/orders?o=abc123");
  expect(where(b)).toMatch(/\/login\?redirect=%2Forders%3Fo%3Dabc123$/);
  await b.submit("Login", labelled(b, { Email: user.email, Password: user.password }));
  expect(where(b)).toMatch(/\/orders\?o=abc123$/);
  expect(b.texts("h1")).toContain("My Orders");
});

test("a session that ended on the server: the next protected page says so once and sends to login", async ({
  plain: b,
  registerViaApi,
}) => {
  const ENDED = "Your session has ended. Please log in again.";
  // A guest who never logged in is just sent to login.
  await b.open("/orders");
  expect(where(b)).toMatch(/\/login\?redirect=%2Forders$/);
  expect(b.text()).not.toContain(ENDED);

  const user = await registerViaApi();
  // The server ends the session (as a new password or a removed account does); the browser still has its cookie.
  await sharedDb().run("delete from sessions where user_id = (select id from users where email = ?)", user.email);
  expect(b.cookies.has("__session")).toBe(true);
  await b.open("/checkout");
  expect(where(b)).toMatch(/\/login\?redirect=%2Fcheckout$/);
  expect(b.text(TOASTER)).toContain(ENDED);
  // The dead cookie is dropped, so it is said once.
  expect(b.cookies.has("__session")).toBe(false);
  await b.open("/orders");
  expect(where(b)).toMatch(/\/login\?redirect=%2Forders$/);
  expect(b.text()).not.toContain(ENDED);
});

test("a guest on /admin goes to /login with the redirect", async ({ plain: b }) => {
  await b.open("/admin?tab=orders");
  expect(where(b)).toMatch(/\/login\?redirect=%2Fadmin%3Ftab%3Dorders$/);
});

test("a customer on /admin goes to /, and sees no Admin link", async ({ plain: b, registerViaApi }) => {
  await registerViaApi();
  await b.open("/admin");
  expect(where(b)).toMatch(/\/$/);
  expect(b.links("Admin", NAV)).toHaveLength(0);
});

test("an admin logging in lands on /admin and sees the Admin link", async ({ plain: b }) => {
  await b.open("/login");
  await b.submit("Login", labelled(b, { Email: ADMIN.email, Password: ADMIN.password }));
  expect(where(b)).toMatch(/\/admin$/);
  expect(b.texts("h1")).toContain("Admin");
  expect(b.texts(`${NAV} a[aria-current=page]`)).toEqual(["Admin"]);
});

test("a logged-in user visiting /login is sent on", async ({ plain: b, registerViaApi }) => {
  await registerViaApi();
  await b.open("/login");
  expect(where(b)).toMatch(/\/$/);
});
