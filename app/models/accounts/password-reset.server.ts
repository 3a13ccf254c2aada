import bcrypt from "bcryptjs";
import { and, eq, gt, isNull, ne } from "drizzle-orm";
import { db, writeTransaction } from "~/db/client.server";
import { passwordResets, sessions, users, type User } from "~/db/schema";
import { env } from "~/env.server";
import { type Language, localizedPath } from "~/lib/i18n/languages";
import { usableLanguage } from "~/models/accounts/customer-language.server";
import { BCRYPT_ROUNDS, getUserByEmail } from "~/models/accounts/users.server";
import { mailsQueued, queueMail } from "~/models/mail/outbox.server";
import { passwordResetMail } from "~/models/mail/templates.server";
import { check, hit } from "~/utils/rate-limit.server";
import { hashToken, newToken } from "~/utils/token.server";

/**
 * Forgot password (issue #23), one function per step for both doors (the pages and /api/auth).
 *
 * The mail carries a random token (32 bytes, base64url); the database keeps only its SHA-256, so a
 * copy of the database (a backup, a leak) opens no account. A token works once, for an hour, and
 * using one ends every session of the account and voids its other tokens.
 */

export const RESET_VALID_MS = 60 * 60_000;

/**
 * The least time a reset request takes, found or not. The work both paths share (rate limits, the
 * user lookup, making a token) is the same; only an existing account adds a short transaction (two
 * inserts). Waiting out a floor well above that transaction hides the difference, as bcrypt's
 * DUMMY_HASH does for logins (tests/unit/accounts/password-reset-timing.test.ts).
 */
export const RESET_REQUEST_MIN_MS = 250;

export class ResetLinkInvalid extends Error {}

export const hashResetToken = hashToken;
const newResetToken = newToken;

/** The reset page's address with `token`, in the customer's language ("/hi/reset-password?…"). */
export const resetUrl = (token: string, language: Language = "en") =>
  `${env.mail.publicUrl}${localizedPath(language, "/reset-password")}?token=${token}`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * "Forgot password" for `email` (already trimmed and lower-cased) from client address `ip`. Counts
 * against the per-email and per-address limits whether or not the account exists (RateLimited when
 * over). For an account, writes the reset row and queues its mail in one transaction. Returns the
 * same (nothing) either way, after at least RESET_REQUEST_MIN_MS. `pageLanguage`: the language of
 * the page it was asked on (not given by the JSON API), the mail's. It is not kept as the account's:
 * anyone may ask for a reset of any address, so asking must not change the owner's mails.
 */
export async function requestPasswordReset(
  email: string,
  ip: string,
  options: { now?: number; minMs?: number; pageLanguage?: Language } = {},
): Promise<void> {
  const started = performance.now();
  const now = options.now ?? Date.now();
  await hit("resetEmail", email);
  await hit("resetIp", ip);
  const { token, tokenHash } = newResetToken();
  const user = await getUserByEmail(email);
  if (user) await saveResetAndQueueMail(user, token, tokenHash, now, { pageLanguage: options.pageLanguage });
  const rest = (options.minMs ?? RESET_REQUEST_MIN_MS) - (performance.now() - started);
  if (rest > 0) await sleep(rest);
}

/**
 * The reset row and its mail (in the page's language, else the account's), together or not at
 * all. Exported for the rollback test.
 */
export async function saveResetAndQueueMail(
  user: Pick<User, "id" | "name" | "email" | "language">,
  token: string,
  tokenHash: string,
  now: number,
  options: { pageLanguage?: Language; afterQueue?: () => void } = {},
): Promise<void> {
  const language = options.pageLanguage ?? usableLanguage(user.language);
  await writeTransaction(async (tx) => {
    await tx.insert(passwordResets).values({ tokenHash, userId: user.id, expiresAt: now + RESET_VALID_MS });
    const mail = passwordResetMail(user, resetUrl(token, language), RESET_VALID_MS / 60_000, language);
    await queueMail(tx, "password-reset", mail);
    options.afterQueue?.();
  });
  // Committed: this process's sender sends it now rather than at its next look.
  mailsQueued();
}

/** The user a token would reset, or null when it is unknown, used or expired. Reads only. */
export async function userOfResetToken(token: string, now = Date.now()): Promise<string | null> {
  if (!token || token.length > 200) return null;
  const [row] = await db
    .select({ userId: passwordResets.userId })
    .from(passwordResets)
    .where(
      and(
        eq(passwordResets.tokenHash, hashResetToken(token)),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, now),
      ),
    )
    .limit(1);
  return row?.userId ?? null;
}

/**
 * Sets a new password with a reset token, in one transaction: the token is marked used (only if it
 * still is unused and unexpired: two tabs racing get one success), the account's other tokens are
 * deleted, the new bcrypt hash is stored and every session of the account ends. Returns the user,
 * whom the caller logs in; ResetLinkInvalid changes nothing. A wrong token counts against `ip`.
 */
export async function resetPassword(
  token: string,
  password: string,
  ip: string,
  options: { now?: number } = {},
): Promise<User> {
  const now = options.now ?? Date.now();
  await check("resetFailIp", ip);
  const invalid = async () => {
    await hit("resetFailIp", ip);
    return new ResetLinkInvalid();
  };
  // A cheap look first, so a dead link costs no bcrypt; the transaction checks again.
  if (!(await userOfResetToken(token, now))) throw await invalid();
  const passwordHash = await bcrypt.hash(password, BCRYPT_ROUNDS);
  const tokenHash = hashResetToken(token);
  const user = await writeTransaction(async (tx) => {
    const used = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(
        and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)),
      )
      .returning({ userId: passwordResets.userId });
    const userId = used[0]?.userId;
    if (!userId) return null;
    await tx
      .delete(passwordResets)
      .where(and(eq(passwordResets.userId, userId), ne(passwordResets.tokenHash, tokenHash)));
    const [updated] = await tx.update(users).set({ passwordHash }).where(eq(users.id, userId)).returning();
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    return updated ?? null;
  });
  if (!user) throw await invalid();
  return user;
}
