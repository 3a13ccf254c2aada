import bcrypt from "bcryptjs";
import { eq, sql } from "drizzle-orm";
import { db, isUniqueViolation, prepared, rowsChanged, writeTransaction } from "~/db/client.server";
import { sessions, users, type User } from "~/db/schema";
import type { RegisterInput } from "~/lib/auth-schemas";
import { newId } from "~/utils/id.server";

const BCRYPT_ROUNDS = 10;

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

/** Input must already be parsed by registerSchema (trimmed, lower-cased, phone normalised). */
export async function createUser(input: RegisterInput): Promise<User> {
  if (await getUserByEmail(input.email)) throw new EmailTakenError();
  const passwordHash = await bcrypt.hash(input.password, BCRYPT_ROUNDS);
  try {
    const [user] = await writeTransaction((tx) =>
      tx
        .insert(users)
        .values({ id: newId(), name: input.name, email: input.email, phone: input.phone, passwordHash })
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

/** A new password ends every session of the account: a stolen cookie stops working. */
export async function setPassword(userId: string, password: string): Promise<void> {
  const passwordHash = await bcrypt.hash(password, BCRYPT_ROUNDS);
  await writeTransaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
  });
}

/** Removing an account removes its sessions too (foreign key cascade); orders stay, unowned. */
export async function deleteUser(userId: string): Promise<boolean> {
  return rowsChanged(await writeTransaction((tx) => tx.delete(users).where(eq(users.id, userId)))) === 1;
}
