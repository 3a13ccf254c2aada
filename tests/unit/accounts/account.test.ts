// The account page's rules (issue #23), shared by /account and PUT /api/auth/me: name and phone by
// the registration's rules and messages; a password change needs the current password and ends
// every other session of the account, keeping the one it was made from.
import { beforeEach, describe, expect, it } from "vitest";
import * as app from "~/db/client.server";
import { NAME_REQUIRED, PASSWORD_SHORT, passwordChangeSchema, PHONE_INVALID, profileSchema } from "~/lib/auth-schemas";
import { getUser, startUserSession } from "~/models/accounts/auth.server";
import { hashResetToken, userOfResetToken } from "~/models/accounts/password-reset.server";
import {
  changePassword,
  createUser,
  updateProfile,
  verifyLogin,
  WrongPasswordError,
} from "~/models/accounts/users.server";
import { RateLimited, resetRateLimits } from "~/utils/rate-limit.server";
import { getSession } from "~/utils/session.server";
import { testDb } from "../../support/db";

const raw = testDb(app);
let n = 0;
const newUser = () =>
  createUser({ name: "Meera", email: `account-${++n}@example.com`, phone: "9876543210", password: "old-pass-1" });
const requestWith = (setCookie: string) =>
  new Request("http://shop.test/account", { headers: { Cookie: setCookie.split(";")[0]! } });

beforeEach(() => resetRateLimits());

describe("name and phone", () => {
  it("are checked with the registration's rules and messages", () => {
    expect(profileSchema.parse({ name: "  Meera Nair ", phone: "+91 98765 43210" })).toEqual({
      name: "Meera Nair",
      phone: "9876543210",
    });
    const bad = profileSchema.safeParse({ name: " ", phone: "12345" });
    expect(bad.success).toBe(false);
    const messages = Object.fromEntries(bad.error!.issues.map((i) => [String(i.path[0]), i.message]));
    expect(messages).toEqual({ name: NAME_REQUIRED, phone: PHONE_INVALID });
    expect(profileSchema.safeParse({ name: "A", phone: "5876543210" }).error?.issues[0]?.message).toBe(PHONE_INVALID);
  });

  it("are saved; the email and the password stay", async () => {
    const user = await newUser();
    const updated = await updateProfile(user.id, profileSchema.parse({ name: "मीरा", phone: "08765432109" }));
    expect(updated).toMatchObject({ name: "मीरा", phone: "8765432109", email: user.email });
    expect(await verifyLogin(user.email, "old-pass-1")).not.toBeNull();
    // The JSON door may send one of the two.
    expect(await updateProfile(user.id, { phone: "7654321098" })).toMatchObject({ name: "मीरा", phone: "7654321098" });
    expect(await updateProfile(user.id, {})).toMatchObject({ name: "मीरा", phone: "7654321098" });
  });
});

describe("password change", () => {
  it("needs the current password and a new one of at least 6", () => {
    expect(
      passwordChangeSchema.safeParse({ currentPassword: "x", newPassword: "12345" }).error?.issues[0]?.message,
    ).toBe(PASSWORD_SHORT);
    expect(passwordChangeSchema.safeParse({ newPassword: "123456" }).success).toBe(false);
  });

  it("a wrong current password changes nothing, and counts as a failed login", async () => {
    const user = await newUser();
    const cookie = await startUserSession(new Request("http://shop.test/"), user.id);
    const { id } = await getSession(requestWith(cookie));
    await expect(changePassword(user.id, "not-it", "new-pass-1", id)).rejects.toBeInstanceOf(WrongPasswordError);
    expect(await verifyLogin(user.email, "old-pass-1")).not.toBeNull();
    expect(await getUser(requestWith(cookie))).not.toBeNull();
    for (let i = 0; i < 9; i++) await changePassword(user.id, "not-it", "x-new-pass", id).catch(() => {});
    await expect(changePassword(user.id, "old-pass-1", "new-pass-1", id)).rejects.toBeInstanceOf(RateLimited);
  });

  it("ends every other session of the account and keeps this one", async () => {
    const user = await newUser();
    const other = await newUser();
    const mine = await startUserSession(new Request("http://shop.test/"), user.id);
    const phone = await startUserSession(new Request("http://shop.test/"), user.id);
    const laptop = await startUserSession(new Request("http://shop.test/"), user.id);
    const someoneElse = await startUserSession(new Request("http://shop.test/"), other.id);
    const { id } = await getSession(requestWith(mine));

    await changePassword(user.id, "old-pass-1", "new-pass-1", id);
    expect(await verifyLogin(user.email, "new-pass-1")).not.toBeNull();
    expect(await verifyLogin(user.email, "old-pass-1")).toBeNull();
    expect((await getUser(requestWith(mine)))?.id).toBe(user.id);
    expect(await getUser(requestWith(phone))).toBeNull();
    expect(await getUser(requestWith(laptop))).toBeNull();
    expect((await getUser(requestWith(someoneElse)))?.id).toBe(other.id);
    expect(await raw.value("select cast(count(*) as integer) from sessions where user_id = ?", user.id)).toBe(1);
  });
});

describe("password change and reset links", () => {
  it("a reset link asked for before the change no longer works after it", async () => {
    const user = await newUser();
    await raw.run(
      "insert into password_resets (token_hash, user_id, expires_at) values (?, ?, ?)",
      hashResetToken("an-old-link"),
      user.id,
      Date.now() + 60 * 60_000,
    );
    expect(await userOfResetToken("an-old-link")).toBe(user.id);
    await changePassword(user.id, "old-pass-1", "new-pass-1", undefined);
    expect(await userOfResetToken("an-old-link")).toBeNull();
    expect(await raw.value("select cast(count(*) as integer) from password_resets where user_id = ?", user.id)).toBe(0);
  });
});
