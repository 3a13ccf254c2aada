import { expect, test } from "@playwright/test";
import { Client, dbOf, runsHere, startServer, uniqueEmail, type TestServer } from "./support/server";

// Sessions against a server of our own, whose database the tests edit directly (expiry, users).
test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "server-level test: runs once");
test.describe.configure({ mode: "default" });

let server: TestServer;

test.beforeAll(async ({}, testInfo) => {
  if (runsHere(testInfo)) server = await startServer();
});

test.afterAll(async () => {
  await server?.stop();
});

const DAY = 24 * 60 * 60;
const now = () => Math.floor(Date.now() / 1000);

/** The session id inside a signed __session cookie value: base64(JSON string) "." signature. */
function sessionIdOf(cookieValue: string): string {
  const raw = decodeURIComponent(cookieValue);
  const dot = raw.lastIndexOf(".");
  expect(dot, "the cookie is signed").toBeGreaterThan(0);
  expect(raw.slice(dot + 1)).toMatch(/^[A-Za-z0-9+/]{43}=?$/);
  const payload = Buffer.from(raw.slice(0, dot), "base64").toString("utf8");
  return JSON.parse(payload) as string;
}

const rowOf = (id: string) =>
  dbOf(server).get<{ id: string; userId: string; expiresAt: number }>(
    'select id, user_id as "userId", expires_at as "expiresAt" from sessions where id = ?',
    id,
  );
const setExpiry = (id: string, expiresAt: number) =>
  dbOf(server).run("update sessions set expires_at = ? where id = ?", expiresAt, id);

async function signedUp() {
  const client = new Client(server.url);
  const email = uniqueEmail("sessions");
  const res = await client.register(email);
  expect(res.status).toBe(201);
  const userId = ((await res.json()) as { _id: string })._id;
  return { client, email, userId, res };
}

test("the session cookie is a signed random id only: HttpOnly, SameSite=Lax, Secure in production", async () => {
  const { client, email, userId, res } = await signedUp();
  const header = res.headers.getSetCookie().find((c) => c.startsWith("__session="))!;
  expect(header).toBeTruthy();
  const attributes = header
    .split(";")
    .slice(1)
    .map((a) => a.trim().toLowerCase());
  expect(attributes).toContain("httponly");
  expect(attributes).toContain("samesite=lax");
  expect(attributes).toContain("secure");
  expect(attributes).toContain("path=/");

  const value = client.cookies.get("__session")!;
  const id = sessionIdOf(value);
  expect(id).toMatch(/^[0-9a-f]{48}$/);
  const decoded = Buffer.from(decodeURIComponent(value).split(".")[0]!, "base64").toString("utf8");
  for (const secret of [email, userId, "userId", "Ops Tester", "{"]) expect(decoded).not.toContain(secret);
  expect(await rowOf(id)).toMatchObject({ id, userId });

  // A tampered signature or payload is no session at all. The signature's first character is
  // changed, not its last: base64's last character carries padding bits, and changing only those
  // leaves the decoded signature, and so the cookie, valid.
  const raw = decodeURIComponent(value);
  const dot = raw.lastIndexOf(".");
  const [payload, signature] = [raw.slice(0, dot), raw.slice(dot + 1)];
  const flip = (c: string) => (c === "A" ? "B" : "A");
  for (const tampered of [
    `${payload}.${flip(signature[0]!)}${signature.slice(1)}`,
    `${flip(payload[0]!)}${payload.slice(1)}.${signature}`,
  ]) {
    expect(tampered).not.toBe(raw);
    const forged = new Client(server.url);
    forged.cookies.set("__session", encodeURIComponent(tampered));
    expect((await forged.fetch("/api/auth/me")).status).toBe(401);
  }
  // The untouched cookie, sent the same way, is a session: the refusals above are the tampering.
  const honest = new Client(server.url);
  honest.cookies.set("__session", encodeURIComponent(raw));
  expect((await honest.fetch("/api/auth/me")).status).toBe(200);
});

test("login issues a new session id and ends the one the browser had", async () => {
  const { client, email } = await signedUp();
  const oldCookie = client.cookies.get("__session")!;
  const before = sessionIdOf(oldCookie);
  const res = await client.login(email, "secret12");
  expect(res.status).toBe(200);
  const after = sessionIdOf(client.cookies.get("__session")!);
  expect(after).not.toBe(before);
  expect(await rowOf(before)).toBeUndefined();
  expect(await rowOf(after)).toBeTruthy();

  // The same through the HTML form.
  const viaForm = await client.fetch("/login", { form: { email, password: "secret12", redirect: "" } });
  expect(viaForm.status).toBe(302);
  const third = sessionIdOf(client.cookies.get("__session")!);
  expect(third).not.toBe(after);
  expect(await rowOf(after)).toBeUndefined();

  // The pre-login cookie, replayed, is not logged in.
  const replay = new Client(server.url);
  replay.cookies.set("__session", oldCookie);
  expect((await replay.fetch("/api/auth/me")).status).toBe(401);
});

test("logout deletes the session row, at both doors", async () => {
  const html = await signedUp();
  const id = sessionIdOf(html.client.cookies.get("__session")!);
  const oldCookie = html.client.cookies.get("__session")!;
  expect((await html.client.fetch("/logout", { method: "POST" })).status).toBe(302);
  expect(await rowOf(id)).toBeUndefined();
  const replay = new Client(server.url);
  replay.cookies.set("__session", oldCookie);
  expect((await replay.fetch("/api/auth/me")).status).toBe(401);

  const api = await signedUp();
  const apiId = sessionIdOf(api.client.cookies.get("__session")!);
  expect((await api.client.fetch("/api/auth/logout", { method: "POST" })).status).toBe(200);
  expect(await rowOf(apiId)).toBeUndefined();
});

test("an expired session no longer works", async () => {
  const { client } = await signedUp();
  const id = sessionIdOf(client.cookies.get("__session")!);
  expect((await client.fetch("/api/auth/me")).status).toBe(200);
  await setExpiry(id, now() - 5);
  const me = await client.fetch("/api/auth/me");
  expect(me.status).toBe(401);
  expect(await me.json()).toEqual({ message: expect.any(String) });
  // Pages treat the visitor as a guest too.
  const orders = await client.fetch("/orders");
  expect(orders.status).toBe(302);
  expect(orders.headers.get("location")).toMatch(/^\/login\?redirect=/);
});

test("using a session pushes its 30-day idle deadline forward", async () => {
  const { client } = await signedUp();
  const id = sessionIdOf(client.cookies.get("__session")!);
  expect((await rowOf(id))!.expiresAt).toBeGreaterThanOrEqual(now() + 30 * DAY - 60);
  // Idle for two days: 28 days left.
  await setExpiry(id, now() + 28 * DAY);
  expect((await client.fetch("/api/auth/me")).status).toBe(200);
  expect((await rowOf(id))!.expiresAt).toBeGreaterThanOrEqual(now() + 29 * DAY);
  expect((await rowOf(id))!.expiresAt).toBeLessThanOrEqual(now() + 30 * DAY + 5);
});

test("deleting a user ends all of their sessions", async () => {
  const { client, email, userId } = await signedUp();
  const second = new Client(server.url);
  expect((await second.login(email, "secret12")).status).toBe(200);
  expect((await client.fetch("/api/auth/me")).status).toBe(200);
  expect((await second.fetch("/api/auth/me")).status).toBe(200);
  const sessionsOf = () => dbOf(server).value("select count(*) from sessions where user_id = ?", userId);
  expect(await sessionsOf()).toBe(2);

  await dbOf(server).run("delete from users where id = ?", userId);
  expect(await sessionsOf()).toBe(0);
  expect((await client.fetch("/api/auth/me")).status).toBe(401);
  expect((await second.fetch("/api/auth/me")).status).toBe(401);
});
