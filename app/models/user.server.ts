import bcrypt from "bcryptjs";
import { eq, sql } from "drizzle-orm";
import { db, writeTransaction } from "~/db/client.server";
import { sessions, users, type User } from "~/db/schema";
import { newId } from "~/lib/id";
import type { RegisterInput } from "~/lib/auth-schemas";

const BCRYPT_ROUNDS = 10;

/** What the browser and the JSON door may see of a user. */
export type PublicUser = { _id: string; name: string; email: string; isAdmin: boolean };

export function toPublicUser(user: User): PublicUser {
  return { _id: user.id, name: user.name, email: user.email, isAdmin: user.isAdmin };
}

export class EmailTakenError extends Error {}

// Read on every page a logged-in shopper opens (root loader): built and prepared once.
const userById = db.select().from(users).where(eq(users.id, sql.placeholder("id"))).prepare();

export function getUserById(id: string): User | undefined {
  return userById.get({ id });
}

export function getUserByEmail(email: string): User | undefined {
  return db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).get();
}

/** Input must already be parsed by registerSchema (trimmed, lower-cased, phone normalised). */
export async function createUser(input: RegisterInput): Promise<User> {
  if (getUserByEmail(input.email)) throw new EmailTakenError();
  const passwordHash = await bcrypt.hash(input.password, BCRYPT_ROUNDS);
  try {
    return db
      .insert(users)
      .values({ id: newId(), name: input.name, email: input.email, phone: input.phone, passwordHash })
      .returning()
      .get();
  } catch (error) {
    // Two registrations racing for one email: the unique index decides.
    if (error instanceof Error && "code" in error && error.code === "SQLITE_CONSTRAINT_UNIQUE") {
      throw new EmailTakenError();
    }
    throw error;
  }
}

// Compared against when the email is unknown, so both failures take the same time.
const DUMMY_HASH = bcrypt.hashSync("not-a-real-password", BCRYPT_ROUNDS);

export async function verifyLogin(email: string, password: string): Promise<User | null> {
  const user = getUserByEmail(email);
  const ok = await bcrypt.compare(password, user?.passwordHash ?? DUMMY_HASH);
  return user && ok ? user : null;
}

/** ADMIN_EMAIL + ADMIN_PASSWORD: create that admin, or promote the existing account. */
export function ensureAdmin(email: string | undefined, password: string | undefined): void {
  if (!email || !password) return;
  const existing = getUserByEmail(email);
  if (existing) {
    if (!existing.isAdmin) db.update(users).set({ isAdmin: true }).where(eq(users.id, existing.id)).run();
    return;
  }
  db.insert(users)
    .values({
      id: newId(),
      name: "Admin",
      email,
      passwordHash: bcrypt.hashSync(password, BCRYPT_ROUNDS),
      isAdmin: true,
    })
    .run();
}

/** A new password ends every session of the account: a stolen cookie stops working. */
export async function setPassword(userId: string, password: string): Promise<void> {
  const passwordHash = await bcrypt.hash(password, BCRYPT_ROUNDS);
  writeTransaction((tx) => {
    tx.update(users).set({ passwordHash }).where(eq(users.id, userId)).run();
    tx.delete(sessions).where(eq(sessions.userId, userId)).run();
  });
}

/** Removing an account removes its sessions too (foreign key cascade); orders stay, unowned. */
export function deleteUser(userId: string): boolean {
  return db.delete(users).where(eq(users.id, userId)).run().changes === 1;
}
