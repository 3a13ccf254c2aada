import { expect, queryOne, test } from "./fixtures";

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
  expect((await request.get("/api/no/such/thing")).status()).toBe(404);
});
