import bcrypt from "bcryptjs";
import { and, eq, ne, sql } from "drizzle-orm";
import { db, isUniqueViolation, prepared, rowsChanged, writeTransaction } from "~/db/client.server";
import { passwordResets, sessions, users, type User } from "~/db/schema";
import type { ProfileInput, RegisterInput } from "~/lib/auth-schemas";
import type { Language } from "~/lib/i18n/languages";
import { newId } from "~/utils/id.server";
import { check, hit } from "~/utils/rate-limit.server";

export const BCRYPT_ROUNDS = 10;

/** What the browser and the JSON door may see of a user. */
export type PublicUser = { _id: string; name: string; email: string; isAdmin: boolean };

export function toPublicUser(user: User): PublicUser {
  return { _id: user.id, name: user.name, email: user.email, isAdmin: user.isAdmin };
}

export class EmailTakenError extends Error {}

// Read on every page a logged-in shopper opens (root loader): built and prepared once.
const userById = prepared(
  "user_by_id",
  db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder("id"))),
);

export async function getUserById(id: string): Promise<User | undefined> {
  return (await userById({ id }))[0];
}

export async function getUserByEmail(email: string): Promise<User | undefined> {
  const [user] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).limit(1);
  return user;
}

/**
 * Input must already be parsed by registerSchema (trimmed, lower-cased, phone normalised).
 * `language`: of the sign-up page, for the account's mails (the JSON API's accounts are English).
 */
export async function createUser(input: RegisterInput, language: Language = "en"): Promise<User> {
  if (await getUserByEmail(input.email)) throw new EmailTakenError();
  const passwordHash = await bcrypt.hash(input.password, BCRYPT_ROUNDS);
  try {
    const [user] = await writeTransaction((tx) =>
      tx
        .insert(users)
        .values({ id: newId(), name: input.name, email: input.email, phone: input.phone, passwordHash, language })
        .returning(),
    );
    return user!;
  } catch (error) {
    // Two registrations racing for one email: the unique index decides.
    if (isUniqueViolation(error, { name: "users_email_unique", columns: ["users.email"] })) {
      throw new EmailTakenError();
    }
    throw error;
  }
}

// Compared against when the email is unknown, so both failures take the same time.
const DUMMY_HASH = bcrypt.hashSync("not-a-real-password", BCRYPT_ROUNDS);

export async function verifyLogin(email: string, password: string): Promise<User | null> {
  const user = await getUserByEmail(email);
  const ok = await bcrypt.compare(password, user?.passwordHash ?? DUMMY_HASH);
  return user && ok ? user : null;
}

/** ADMIN_EMAIL + ADMIN_PASSWORD: create that admin, or promote the existing account. */
export async function ensureAdmin(email: string | undefined, password: string | undefined): Promise<void> {
  if (!email || !password) return;
  const existing = await getUserByEmail(email);
  if (existing) {
    if (!existing.isAdmin)
      await writeTransaction((tx) => tx.update(users).set({ isAdmin: true }).where(eq(users.id, existing.id)));
    return;
  }
  const passwordHash = await bcrypt.hash(password, BCRYPT_ROUNDS);
  await writeTransaction((tx) =>
    tx.insert(users).values({ id: newId(), name: "Admin", email, passwordHash, isAdmin: true }),
  );
}

/**
 * A new password ends every session of the account: a stolen cookie stops working. `keepSessionId`:
 * the one session that stays (the account page's own, so the customer changing it stays logged in).
 */
export async function setPassword(
  userId: string,
  password: string,
  options: { keepSessionId?: string } = {},
): Promise<void> {
  const passwordHash = await bcrypt.hash(password, BCRYPT_ROUNDS);
  await writeTransaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
    // A reset link asked for before the change must not undo it.
    await tx.delete(passwordResets).where(eq(passwordResets.userId, userId));
    await tx
      .delete(sessions)
      .where(
        options.keepSessionId
          ? and(eq(sessions.userId, userId), ne(sessions.id, options.keepSessionId))
          : eq(sessions.userId, userId),
      );
  });
}

export class WrongPasswordError extends Error {}

/**
 * The account page's password change (issue #23), for both doors: the current password must match
 * (WrongPasswordError otherwise; failures count as failed logins of the email, RateLimited when over); the new one is stored and every OTHER session of the account ends.
 * The session the change was made from is kept as it is (same id, same cookie): the customer
 * proved the password just now, so re-issuing the cookie would add nothing.
 */
export async function changePassword(
  userId: string,
  currentPassword: string,
  newPassword: string,
  currentSessionId: string | undefined,
): Promise<void> {
  const user = await getUserById(userId);
  if (!user) throw new WrongPasswordError();
  // Guessing the current password from a borrowed session meets the login's limit for the email.
  await check("loginFailEmail", user.email);
  if (!(await bcrypt.compare(currentPassword, user.passwordHash))) {
    await hit("loginFailEmail", user.email);
    throw new WrongPasswordError();
  }
  await setPassword(userId, newPassword, { keepSessionId: currentSessionId });
}

/** The account page's name and phone (parsed by profileSchema: trimmed, phone normalised). */
export async function updateProfile(userId: string, input: Partial<ProfileInput>): Promise<User> {
  const changes: Partial<ProfileInput> = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.phone !== undefined) changes.phone = input.phone;
  const [user] = await writeTransaction((tx) =>
    Object.keys(changes).length === 0
      ? tx.select().from(users).where(eq(users.id, userId))
      : tx.update(users).set(changes).where(eq(users.id, userId)).returning(),
  );
  if (!user) throw new Error("no such user");
  return user;
}

/** Removing an account removes its sessions too (foreign key cascade); orders stay, unowned. */
export async function deleteUser(userId: string): Promise<boolean> {
  return rowsChanged(await writeTransaction((tx) => tx.delete(users).where(eq(users.id, userId)))) === 1;
}
