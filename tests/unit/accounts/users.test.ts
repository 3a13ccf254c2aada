import { describe, expect, it } from "vitest";
import * as app from "~/db/client.server";
import { registerSchema } from "~/lib/auth-schemas";
import { createUser, EmailTakenError, ensureAdmin, getUserByEmail, verifyLogin } from "~/models/accounts/users.server";
import { testDb } from "../../support/db";

const raw = testDb(app); // the app's own connections (tests/support/db.ts)

describe("user model", () => {
  it("stores a bcrypt hash, never the password, and logs in case-insensitively", async () => {
    const input = registerSchema.parse({
      name: "Meera",
      email: "Meera@Example.com",
      phone: "09876543210",
      password: "candle1",
    });
    const user = await createUser(input);
    expect(user.passwordHash).toMatch(/^\$2[aby]\$10\$/);
    expect(user.passwordHash).not.toContain("candle1");
    expect(user.phone).toBe("9876543210");
    expect((await verifyLogin("  MEERA@example.COM ", "candle1"))?.id).toBe(user.id);
    expect(await verifyLogin("meera@example.com", "wrong")).toBeNull();
    expect(await verifyLogin("nobody@example.com", "candle1")).toBeNull();
  });

  it("refuses a second account with the same email, whatever its case", async () => {
    const base = { name: "A", phone: "9876543210", password: "secret1" };
    await createUser(registerSchema.parse({ ...base, email: "dup@example.com" }));
    await expect(createUser(registerSchema.parse({ ...base, email: "DUP@example.com" }))).rejects.toBeInstanceOf(
      EmailTakenError,
    );
    expect(await raw.value("select cast(count(*) as integer) from users where email = ?", "dup@example.com")).toBe(1);
  });

  it("creates the ADMIN_EMAIL admin, or promotes an existing account without touching its password", async () => {
    await ensureAdmin("Boss@Example.com".toLowerCase(), "admin-pass-1");
    const boss = (await getUserByEmail("boss@example.com"))!;
    expect(boss.isAdmin).toBe(true);
    expect(await verifyLogin("boss@example.com", "admin-pass-1")).not.toBeNull();

    await createUser(
      registerSchema.parse({ name: "Kiran", email: "kiran@example.com", phone: "9876543210", password: "mine-123" }),
    );
    await ensureAdmin("kiran@example.com", "other-pass");
    expect((await getUserByEmail("kiran@example.com"))!.isAdmin).toBe(true);
    expect(await verifyLogin("kiran@example.com", "mine-123")).not.toBeNull();
  });

  it("does nothing without both ADMIN_EMAIL and ADMIN_PASSWORD", async () => {
    await ensureAdmin("half@example.com", undefined);
    await ensureAdmin(undefined, "pass");
    expect(await getUserByEmail("half@example.com")).toBeUndefined();
  });
});

describe("sessions end with the password or the account", () => {
  it("a new password or a deleted account removes the account's sessions", async () => {
    const { createUser: create, setPassword, deleteUser } = await import("~/models/accounts/users.server");
    const { startUserSession, getUser } = await import("~/models/accounts/auth.server");
    const user = await create(
      registerSchema.parse({ name: "S", email: "sess@example.com", phone: "9876543210", password: "secret1" }),
    );
    const cookieOf = async () => (await startUserSession(new Request("http://x/"), user.id)).split(";")[0]!;
    const req = (cookie: string) => new Request("http://x/", { headers: { Cookie: cookie } });

    const a = await cookieOf();
    expect((await getUser(req(a)))?.id).toBe(user.id);
    await setPassword(user.id, "new-secret");
    expect(await getUser(req(a))).toBeNull();
    expect(await verifyLogin("sess@example.com", "new-secret")).not.toBeNull();

    const b = await cookieOf();
    expect((await getUser(req(b)))?.id).toBe(user.id);
    expect(await deleteUser(user.id)).toBe(true);
    expect(await getUser(req(b))).toBeNull();
    expect(await raw.value("select cast(count(*) as integer) from sessions where user_id = ?", user.id)).toBe(0);
  });
});
