import { createHash, randomBytes } from "node:crypto";
import { expect, queryOne, sharedDb, test } from "./support/fixtures";

test("the JSON auth door: register, me, logout, login", async ({ request, uniqueEmail }) => {
  const email = uniqueEmail();
  expect((await request.get("/api/auth/me")).status()).toBe(401);

  const reg = await request.post("/api/auth/register", {
    data: { name: " Kabir Das ", email: ` ${email.toUpperCase()} `, password: "secret12", phone: "0 98765 43210" },
  });
  expect(reg.status()).toBe(201);
  const created = await reg.json();
  expect(created).toMatchObject({ name: "Kabir Das", email: email.toLowerCase(), isAdmin: false });
  expect(created._id).toMatch(/^[0-9a-f]{24}$/);
  expect(created).not.toHaveProperty("passwordHash");
  const setCookie = reg.headers()["set-cookie"] ?? "";
  expect(setCookie).toMatch(/__session=/);
  expect(setCookie).toMatch(/HttpOnly/i);
  expect(setCookie).toMatch(/SameSite=Lax/i);
  expect(setCookie).toMatch(/Secure/i);

  const me = await request.get("/api/auth/me");
  expect(me.status()).toBe(200);
  expect(await me.json()).toEqual(created);

  expect((await request.post("/api/auth/logout")).status()).toBe(200);
  expect((await request.get("/api/auth/me")).status()).toBe(401);

  const login = await request.post("/api/auth/login", { data: { email, password: "secret12" } });
  expect(login.status()).toBe(200);
  expect(await login.json()).toMatchObject({ _id: created._id, name: "Kabir Das", email: email.toLowerCase() });
  expect((await request.get("/api/auth/me")).status()).toBe(200);
});

test("the JSON auth door refuses bad input with { message } and changes nothing", async ({ request, uniqueEmail }) => {
  const email = uniqueEmail();
  const cases: [unknown, number, string][] = [
    [
      { email, password: "secret12", phone: "9876543210" },
      400,
      "Please enter valid name, email, 10‑digit phone (no +91/0), and password.",
    ],
    [{ name: "A", email, password: "secret12", phone: "12345" }, 400, "Phone must be 10 digits and start with 6–9."],
    [{ name: "A", email, password: "12345", phone: "9876543210" }, 400, "Please fill all fields correctly"],
    [{ name: "A", email: "nope", password: "secret12", phone: "9876543210" }, 400, "Please fill all fields correctly"],
    [
      { name: ["A"], email, password: "secret12", phone: "9876543210" },
      400,
      "Please enter valid name, email, 10‑digit phone (no +91/0), and password.",
    ],
  ];
  for (const [data, status, message] of cases) {
    const res = await request.post("/api/auth/register", { data: data as object });
    expect(res.status(), JSON.stringify(data)).toBe(status);
    expect(await res.json()).toEqual({ message });
  }
  const malformed = await request.post("/api/auth/register", {
    headers: { "Content-Type": "application/json" },
    data: "{not json",
  });
  expect(malformed.status()).toBe(400);
  expect((await malformed.json()).message).toEqual(expect.any(String));
  expect(await queryOne("select id from users where email = ?", email)).toBeUndefined();
});

test("duplicate email is 409; wrong password 401; missing field 400", async ({ request, uniqueEmail }) => {
  const email = uniqueEmail();
  const data = { name: "Meera", email, password: "secret12", phone: "9876543210" };
  expect((await request.post("/api/auth/register", { data })).status()).toBe(201);
  const dup = await request.post("/api/auth/register", { data: { ...data, email: email.toUpperCase() } });
  expect(dup.status()).toBe(409);
  expect((await dup.json()).message).toMatch(/already exists/);

  const wrong = await request.post("/api/auth/login", { data: { email, password: "nope-nope" } });
  expect(wrong.status()).toBe(401);
  expect(await wrong.json()).toEqual({ message: "Invalid email or password" });

  const missing = await request.post("/api/auth/login", { data: { email } });
  expect(missing.status()).toBe(400);
  expect(await missing.json()).toEqual({ message: "Email and password required" });

  expect((await request.get("/api/auth/login")).status()).toBe(405);
  // Other methods reach the route's action, which takes POST alone.
  for (const method of ["PUT", "PATCH", "DELETE"])
    expect((await request.fetch("/api/auth/login", { method, data: { email } })).status(), method).toBe(405);
  expect((await request.get("/api/no/such/thing")).status()).toBe(404);
});

const RESET_SENT =
  "If an account exists for that email, we have sent a link to reset the password. It works for 1 hour.";
const RESET_LINK_INVALID = "This reset link has expired or was already used. Ask for a new one.";

test("POST /api/auth/forgot: 202 and the same message for any email; 400 for a malformed one", async ({
  request,
  uniqueEmail,
}) => {
  const email = uniqueEmail();
  expect(
    (
      await request.post("/api/auth/register", {
        data: { name: "Ravi", email, password: "secret12", phone: "9876543210" },
      })
    ).status(),
  ).toBe(201);
  for (const to of [email, ` ${email.toUpperCase()} `, uniqueEmail()]) {
    const res = await request.post("/api/auth/forgot", { data: { email: to } });
    expect(res.status(), to).toBe(202);
    expect(await res.json()).toEqual({ message: RESET_SENT });
  }
  const rows = await sharedDb().value<number>(
    "select cast(count(*) as integer) from password_resets r join users u on u.id = r.user_id where u.email = ?",
    email,
  );
  expect(rows).toBe(2);
  for (const data of [{}, { email: "nope" }, { email: ["a@b.co"] }]) {
    const res = await request.post("/api/auth/forgot", { data });
    expect(res.status(), JSON.stringify(data)).toBe(400);
    expect(await res.json()).toEqual({ message: "Please enter a valid email address." });
  }
  expect((await request.get("/api/auth/forgot")).status()).toBe(405);
});

test("POST /api/auth/reset: a good token logs in and ends other sessions; a dead one is 400", async ({
  request,
  playwright,
  baseURL,
  uniqueEmail,
}) => {
  const email = uniqueEmail();
  const reg = await request.post("/api/auth/register", {
    data: { name: "Ravi", email, password: "secret12", phone: "9876543210" },
  });
  const { _id: userId } = (await reg.json()) as { _id: string };
  const token = randomBytes(32).toString("base64url");
  await sharedDb().run(
    "insert into password_resets (token_hash, user_id, expires_at) values (?, ?, ?)",
    createHash("sha256").update(token).digest("hex"),
    userId,
    Date.now() + 60 * 60_000,
  );
  const fresh = await playwright.request.newContext({ baseURL });
  try {
    const short = await fresh.post("/api/auth/reset", { data: { token, password: "12345" } });
    expect(short.status()).toBe(400);
    expect(await short.json()).toEqual({ message: "Password must be at least 6 characters." });
    for (const bad of [`${token}x`, "", undefined]) {
      const res = await fresh.post("/api/auth/reset", { data: { token: bad, password: "new-secret" } });
      expect(res.status(), String(bad)).toBe(400);
      expect(await res.json()).toEqual({ message: RESET_LINK_INVALID });
    }

    const ok = await fresh.post("/api/auth/reset", { data: { token, password: "new-secret" } });
    expect(ok.status()).toBe(200);
    expect(await ok.json()).toMatchObject({ _id: userId, email, name: "Ravi", isAdmin: false });
    expect(ok.headers()["set-cookie"]).toMatch(/__session=/);
    expect((await fresh.get("/api/auth/me")).status()).toBe(200);
    // The session made at registration has ended.
    expect((await request.get("/api/auth/me")).status()).toBe(401);

    const again = await fresh.post("/api/auth/reset", { data: { token, password: "third-secret" } });
    expect(again.status()).toBe(400);
    expect(await again.json()).toEqual({ message: RESET_LINK_INVALID });
    expect((await request.post("/api/auth/login", { data: { email, password: "new-secret" } })).status()).toBe(200);
  } finally {
    await fresh.dispose();
  }
});

test("PUT /api/auth/me: name and phone by the registration's rules; password with the current one", async ({
  request,
  playwright,
  baseURL,
  uniqueEmail,
}) => {
  const email = uniqueEmail();
  const user = { name: "Ravi", email, password: "secret12", phone: "9876543210" };
  expect((await request.put("/api/auth/me", { data: { name: "X" } })).status()).toBe(401);
  expect((await request.post("/api/auth/register", { data: user })).status()).toBe(201);

  const bad = await request.put("/api/auth/me", { data: { phone: "12345" } });
  expect(bad.status()).toBe(400);
  expect(await bad.json()).toEqual({ message: "Phone must be 10 digits and start with 6–9." });
  const blank = await request.put("/api/auth/me", { data: { name: "  " } });
  expect(blank.status()).toBe(400);
  expect(await blank.json()).toEqual({ message: "Please enter your name." });

  const named = await request.put("/api/auth/me", { data: { name: " Ravi Kumar " } });
  expect(named.status()).toBe(200);
  expect(await named.json()).toMatchObject({ name: "Ravi Kumar", email });
  expect((await request.put("/api/auth/me", { data: { phone: "+91 87654 32109" } })).status()).toBe(200);
  expect(await queryOne("select name, phone from users where email = ?", email)).toEqual({
    name: "Ravi Kumar",
    phone: "8765432109",
  });

  const other = await playwright.request.newContext({ baseURL });
  try {
    expect((await other.post("/api/auth/login", { data: { email, password: "secret12" } })).status()).toBe(200);
    const wrong = await request.put("/api/auth/me", { data: { currentPassword: "nope", newPassword: "new-secret" } });
    expect(wrong.status()).toBe(400);
    expect(await wrong.json()).toEqual({ message: "Your current password is not right." });
    const short = await request.put("/api/auth/me", { data: { currentPassword: "secret12", newPassword: "123" } });
    expect(short.status()).toBe(400);
    expect(await short.json()).toEqual({ message: "Password must be at least 6 characters." });

    const changed = await request.put("/api/auth/me", {
      data: { currentPassword: "secret12", newPassword: "new-secret" },
    });
    expect(changed.status()).toBe(200);
    expect(await changed.json()).toMatchObject({ email, name: "Ravi Kumar" });
    expect((await request.get("/api/auth/me")).status(), "this session stays").toBe(200);
    expect((await other.get("/api/auth/me")).status(), "the other one ends").toBe(401);
  } finally {
    await other.dispose();
  }
});
