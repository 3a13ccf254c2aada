import { describe, expect, it } from "vitest";
import * as app from "~/db/client.server";
import { registerAccount } from "~/models/accounts/login.server";
import { EmailTakenError } from "~/models/accounts/users.server";
import { RateLimited } from "~/utils/rate-limit.server";
import { testDb } from "../../support/db";
import { refusal } from "../../support/refusal";

const raw = testDb(app); // the app's own connections (tests/support/db.ts)

// Issue #19: rules that both doors (the HTML route and its /api twin) share live in the model,
// written once. Real rows, real counts (RATE_LIMIT_FACTOR unset: the real limits).

describe("registerAccount: the sign-up limit per address", () => {
  const account = (email: string) => ({ name: "Tara", email, phone: "9876543212", password: "secret1" });
  const accounts = (email: string) =>
    raw.value<number>("select cast(count(*) as integer) from users where email = ?", email);

  it("the 21st account from one address in an hour is refused with the limit's message and not made", async () => {
    const ip = "198.51.100.21";
    for (let i = 1; i <= 20; i++)
      expect((await registerAccount(account(`tara-${i}@example.com`), ip)).email).toBe(`tara-${i}@example.com`);
    const error = await refusal(registerAccount(account("tara-21@example.com"), ip));
    expect(error).toBeInstanceOf(RateLimited);
    expect(error?.message).toBe("Too many new accounts from your network. Please try again later.");
    expect(await accounts("tara-21@example.com")).toBe(0);
    // Another address may still sign up.
    expect((await registerAccount(account("tara-21@example.com"), "198.51.100.22")).email).toBe("tara-21@example.com");
  });

  it("an email already in use is refused and does not count", async () => {
    const ip = "198.51.100.23";
    await registerAccount(account("taken@example.com"), ip);
    for (let i = 0; i < 25; i++)
      expect(await refusal(registerAccount(account("taken@example.com"), ip))).toBeInstanceOf(EmailTakenError);
    for (let i = 2; i <= 20; i++) await registerAccount(account(`taken-${i}@example.com`), ip);
    expect(await refusal(registerAccount(account("taken-21@example.com"), ip))).toBeInstanceOf(RateLimited);
    expect(await accounts("taken@example.com")).toBe(1);
  });
});
