import { describe, expect, it } from "vitest";
import {
  requireAdmin,
  requireApiAdmin,
  requireApiUser,
  requireUser,
  startUserSession,
} from "~/models/accounts/auth.server";
import { createUser, ensureAdmin, getUserByEmail } from "~/models/accounts/users.server";

async function cookieFor(email: string, isAdmin = false) {
  if (isAdmin) await ensureAdmin(email, "admin-pass");
  else await createUser({ name: "Test User", email, phone: "9876543210", password: "secret1" });
  const user = (await getUserByEmail(email))!;
  const setCookie = await startUserSession(new Request("http://x/"), user.id);
  return setCookie.split(";")[0]!;
}

const req = (path: string, cookie?: string) =>
  new Request(`http://shop.test${path}`, { headers: cookie ? { Cookie: cookie } : {} });

async function thrown(p: Promise<unknown>): Promise<Response> {
  try {
    await p;
  } catch (e) {
    if (e instanceof Response) return e;
    throw e;
  }
  throw new Error("expected a thrown Response");
}

describe("page guards", () => {
  it("send a guest to /login with the path and query to come back to", async () => {
    const res = await thrown(requireUser(req("/orders?o=abc&x=1")));
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/login?redirect=${encodeURIComponent("/orders?o=abc&x=1")}`);
  });

  it("let a customer through requireUser, but send them home from admin pages", async () => {
    const cookie = await cookieFor("guard-customer@example.com");
    const user = await requireUser(req("/orders", cookie));
    expect(user.email).toBe("guard-customer@example.com");
    const res = await thrown(requireAdmin(req("/admin", cookie)));
    expect(res.headers.get("Location")).toBe("/");
  });

  it("let an admin through", async () => {
    const cookie = await cookieFor("guard-admin@example.com", true);
    expect((await requireAdmin(req("/admin", cookie))).isAdmin).toBe(true);
  });

  it("treat a forged cookie as a guest", async () => {
    const res = await thrown(requireUser(req("/orders", "__session=forged")));
    expect(res.headers.get("Location")).toBe("/login?redirect=%2Forders");
  });
});

describe("api guards", () => {
  it("answer 401 JSON to a guest", async () => {
    const res = await thrown(requireApiUser(req("/api/orders/my")));
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: expect.any(String) });
  });

  it("answer 403 JSON to a customer on admin calls, and pass an admin", async () => {
    const customer = await cookieFor("api-customer@example.com");
    const res = await thrown(requireApiAdmin(req("/api/orders", customer)));
    expect(res.status).toBe(403);
    expect((await res.json()).message).toMatch(/admin/i);
    const admin = await cookieFor("api-admin@example.com", true);
    expect((await requireApiAdmin(req("/api/orders", admin))).isAdmin).toBe(true);
  });

  it("401 for guests on admin calls (not 403)", async () => {
    expect((await thrown(requireApiAdmin(req("/api/orders")))).status).toBe(401);
  });
});
