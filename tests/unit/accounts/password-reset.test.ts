// Forgot password (issue #23): only a hash of the token is stored, a token works once and for an
// hour, using it ends every session and voids the other tokens, and the mail is written by the
// same transaction as the reset row. Both doors call these functions.
import { createHash } from "node:crypto";
import bcrypt from "bcryptjs";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import * as app from "~/db/client.server";
import { getUser, startUserSession } from "~/models/accounts/auth.server";
import {
  hashResetToken,
  requestPasswordReset,
  RESET_VALID_MS,
  ResetLinkInvalid,
  resetPassword,
  saveResetAndQueueMail,
  userOfResetToken,
} from "~/models/accounts/password-reset.server";
import { createUser, verifyLogin } from "~/models/accounts/users.server";
import { RateLimited, resetRateLimits } from "~/utils/rate-limit.server";
import { testDb } from "../../support/db";

vi.hoisted(() => {
  process.env.PUBLIC_URL = "https://shop.example.in";
});

const raw = testDb(app);
let n = 0;

async function newUser(password = "old-pass-1") {
  const email = `reset-${++n}@example.com`;
  const user = await createUser({ name: "Asha Rao", email, phone: "9876543210", password });
  return user;
}

type MailRow = { to_address: string; subject: string; text_body: string; html_body: string; kind: string };
const mailsTo = (email: string) =>
  raw.all<MailRow>(
    "select kind, to_address, subject, text_body, html_body from mail_outbox where to_address like ?",
    `%${email}%`,
  );
const resetsOf = (userId: string) =>
  raw.all<{ token_hash: string; expires_at: number; used_at: number | null }>(
    "select token_hash, expires_at, used_at from password_resets where user_id = ?",
    userId,
  );

/** The token of the link in the last mail to `email`. */
async function tokenFromMail(email: string): Promise<string> {
  const mails = await mailsTo(email);
  const text = mails.at(-1)!.text_body;
  return /reset-password\?token=([A-Za-z0-9_-]+)/.exec(text)![1]!;
}

const sessionCookie = (setCookie: string) => setCookie.split(";")[0]!;
const requestWith = (cookie: string) => new Request("http://shop.test/", { headers: { Cookie: cookie } });

beforeEach(async () => {
  await resetRateLimits();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("asking for a reset", () => {
  it("stores only the SHA-256 of a 32-byte token and queues the mail with the link", async () => {
    const user = await newUser();
    const now = Date.now();
    await requestPasswordReset(user.email, "10.0.0.1", { now, minMs: 0 });
    const rows = await resetsOf(user.id);
    expect(rows).toHaveLength(1);
    const token = await tokenFromMail(user.email);
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
    expect(rows[0]!.token_hash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(rows[0]!.token_hash).toBe(hashResetToken(token));
    expect(rows[0]!.token_hash).not.toContain(token);
    expect(Number(rows[0]!.expires_at)).toBe(now + RESET_VALID_MS);
    const everything = JSON.stringify(await raw.all("select * from password_resets"));
    expect(everything).not.toContain(token);

    const [mail] = await mailsTo(user.email);
    expect(mail!.kind).toBe("password-reset");
    expect(mail!.to_address).toBe(`"Asha Rao" <${user.email}>`);
    expect(mail!.subject).toBe("Reset your RK Candles password");
    expect(mail!.text_body).toContain(`https://shop.example.in/reset-password?token=${token}`);
    expect(mail!.text_body).toContain("1 hour");
    expect(mail!.text_body).toContain("ignore this mail");
  });

  it("an unknown email writes nothing and returns the same", async () => {
    const before = await raw.value<number>("select cast(count(*) as integer) from mail_outbox");
    const resets = await raw.value<number>("select cast(count(*) as integer) from password_resets");
    await expect(requestPasswordReset("nobody@example.com", "10.0.0.2", { minMs: 0 })).resolves.toBeUndefined();
    expect(await raw.value("select cast(count(*) as integer) from mail_outbox")).toBe(before);
    expect(await raw.value("select cast(count(*) as integer) from password_resets")).toBe(resets);
  });

  it("the reset row and its mail are one transaction: rolled back, neither exists", async () => {
    const user = await newUser();
    await expect(
      saveResetAndQueueMail(user, "tok", hashResetToken("tok"), Date.now(), {
        afterQueue: () => {
          throw new Error("crash after queueing");
        },
      }),
    ).rejects.toThrow("crash after queueing");
    expect(await resetsOf(user.id)).toEqual([]);
    expect(await mailsTo(user.email)).toEqual([]);
  });

  it("is limited per email and per client address, whether or not the account exists", async () => {
    for (let i = 0; i < 5; i++) await requestPasswordReset("ghost@example.com", `10.3.0.${i}`, { minMs: 0 });
    await expect(requestPasswordReset("ghost@example.com", "10.3.1.1", { minMs: 0 })).rejects.toBeInstanceOf(
      RateLimited,
    );
    for (let i = 0; i < 20; i++) await requestPasswordReset(`ghost-${i}@example.com`, "10.4.0.1", { minMs: 0 });
    await expect(requestPasswordReset("other@example.com", "10.4.0.1", { minMs: 0 })).rejects.toThrow(
      "Too many reset requests from your network",
    );
  });
});

describe("using the link", () => {
  it("sets the password, ends every session, voids the other links, and works once", async () => {
    const user = await newUser();
    const a = sessionCookie(await startUserSession(new Request("http://shop.test/"), user.id));
    const b = sessionCookie(await startUserSession(new Request("http://shop.test/"), user.id));
    expect((await getUser(requestWith(a)))?.id).toBe(user.id);

    await requestPasswordReset(user.email, "10.0.1.1", { minMs: 0 });
    const first = await tokenFromMail(user.email);
    await requestPasswordReset(user.email, "10.0.1.1", { minMs: 0 });
    const second = await tokenFromMail(user.email);
    expect(second).not.toBe(first);
    expect(await resetsOf(user.id)).toHaveLength(2);

    const done = await resetPassword(second, "new-pass-1", "10.0.1.1");
    expect(done.id).toBe(user.id);
    expect(await verifyLogin(user.email, "new-pass-1")).not.toBeNull();
    expect(await verifyLogin(user.email, "old-pass-1")).toBeNull();
    expect(await getUser(requestWith(a))).toBeNull();
    expect(await getUser(requestWith(b))).toBeNull();
    expect(await raw.value("select cast(count(*) as integer) from sessions where user_id = ?", user.id)).toBe(0);
    const rows = await resetsOf(user.id);
    expect(rows, "the other link is deleted, this one marked used").toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(hashResetToken(second));
    expect(rows[0]!.used_at).not.toBeNull();

    // Used: refused, nothing changes.
    const hash = await raw.value("select password_hash from users where id = ?", user.id);
    await expect(resetPassword(second, "third-pass", "10.0.1.1")).rejects.toBeInstanceOf(ResetLinkInvalid);
    await expect(resetPassword(first, "third-pass", "10.0.1.1")).rejects.toBeInstanceOf(ResetLinkInvalid);
    expect(await raw.value("select password_hash from users where id = ?", user.id)).toBe(hash);
  });

  it("works until one hour after the request, not after", async () => {
    const user = await newUser();
    const asked = Date.now();
    await requestPasswordReset(user.email, "10.0.2.1", { now: asked, minMs: 0 });
    const token = await tokenFromMail(user.email);
    expect(await userOfResetToken(token, asked + RESET_VALID_MS - 1)).toBe(user.id);
    expect(await userOfResetToken(token, asked + RESET_VALID_MS)).toBeNull();
    await expect(
      resetPassword(token, "new-pass-1", "10.0.2.1", { now: asked + RESET_VALID_MS }),
    ).rejects.toBeInstanceOf(ResetLinkInvalid);
    expect(await verifyLogin(user.email, "old-pass-1")).not.toBeNull();
    await resetPassword(token, "new-pass-1", "10.0.2.1", { now: asked + RESET_VALID_MS - 1 });
    expect(await verifyLogin(user.email, "new-pass-1")).not.toBeNull();
  });

  it("a tampered, unknown or empty token is refused and changes nothing", async () => {
    const user = await newUser();
    await requestPasswordReset(user.email, "10.0.3.1", { minMs: 0 });
    const token = await tokenFromMail(user.email);
    const flipped = (token[0] === "A" ? "B" : "A") + token.slice(1);
    for (const bad of [flipped, token.slice(0, -1), `${token}x`, hashResetToken(token), "", "x".repeat(500)]) {
      await expect(resetPassword(bad, "new-pass-1", "10.0.3.1"), bad).rejects.toBeInstanceOf(ResetLinkInvalid);
    }
    expect(await verifyLogin(user.email, "old-pass-1")).not.toBeNull();
    expect((await resetsOf(user.id))[0]!.used_at).toBeNull();
  });

  it("two uses racing: one wins", async () => {
    const user = await newUser();
    await requestPasswordReset(user.email, "10.0.4.1", { minMs: 0 });
    const token = await tokenFromMail(user.email);
    const results = await Promise.allSettled([
      resetPassword(token, "racer-one", "10.0.4.1"),
      resetPassword(token, "racer-two", "10.0.4.1"),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const winner = results[0]!.status === "fulfilled" ? "racer-one" : "racer-two";
    expect(
      await bcrypt.compare(winner, (await raw.value<string>("select password_hash from users where id = ?", user.id))!),
    ).toBe(true);
  });

  it("wrong links from one address are limited", async () => {
    for (let i = 0; i < 20; i++) {
      await expect(resetPassword(`nope-${i}`, "new-pass-1", "10.0.5.1")).rejects.toBeInstanceOf(ResetLinkInvalid);
    }
    await expect(resetPassword("nope", "new-pass-1", "10.0.5.1")).rejects.toBeInstanceOf(RateLimited);
  });
});
