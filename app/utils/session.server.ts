import { and, eq, gt, lt, sql } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import { createCookie, createSessionStorage, type Cookie } from "react-router";
import { db, prepared, writeTransaction } from "~/db/client.server";
import { sessions } from "~/db/schema";
import { env } from "~/env.server";
import { newId } from "~/utils/id.server";

/** A session ends after 30 days without use (sliding, enforced in the database). */
export const SESSION_MAX_AGE = 60 * 60 * 24 * 30;
const DAY = 60 * 60 * 24;

export type SessionData = { userId?: string };

export const SESSION_COOKIE = "__session";

const signedCookie = createCookie(SESSION_COOKIE, {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  secure: env.cookieSecure,
  secrets: [env.sessionSecret],
  // The browser may keep the id longer; the database decides when it stops working.
  maxAge: 400 * DAY,
});

// Checking the cookie's signature (HMAC through WebCrypto, the key imported anew each time) was
// ~5% of the CPU of a logged-in page. The answer depends only on the Cookie header and the
// secret, so this process remembers the headers it has verified (bounded; an unsigned or forged
// cookie is never remembered and is checked every time, as before).
const verified = new LRUCache<string, string>({
  max: 10_000,
  maxSize: 4 * 1024 * 1024,
  sizeCalculation: (_id, header) => header.length,
});

const cookie: Cookie = {
  get name() {
    return signedCookie.name;
  },
  get isSigned() {
    return signedCookie.isSigned;
  },
  get expires() {
    return signedCookie.expires;
  },
  async parse(header, options) {
    if (!header || options) return signedCookie.parse(header, options);
    const known = verified.get(header);
    if (known !== undefined) return known;
    const id: unknown = await signedCookie.parse(header);
    if (typeof id === "string" && header.length <= 4096) verified.set(header, id);
    return id;
  },
  serialize: (value, options) => signedCookie.serialize(value, options),
};

const nowSeconds = () => Math.floor(Date.now() / 1000);
const expiry = () => nowSeconds() + SESSION_MAX_AGE;

// Read on every request that carries a session cookie: built and prepared once.
const liveSession = prepared(
  "live_session",
  db
    .select()
    .from(sessions)
    .where(and(eq(sessions.id, sql.placeholder("id")), gt(sessions.expiresAt, sql.placeholder("now")))),
);

// Sessions are rows in the shop's database; the cookie holds only a signed random id, so logging out
// (or an admin deleting a user) really ends the session.
export const sessionStorage = createSessionStorage<SessionData>({
  cookie,
  async createData(data) {
    const id = newId() + newId();
    await writeTransaction((tx) =>
      tx.insert(sessions).values({ id, userId: data.userId ?? null, data: JSON.stringify(data), expiresAt: expiry() }),
    );
    return id;
  },
  async readData(id) {
    const [row] = await liveSession({ id, now: nowSeconds() });
    if (!row) return null;
    // Each day of use pushes the idle deadline back to 30 days from now.
    if (row.expiresAt - nowSeconds() < SESSION_MAX_AGE - DAY) {
      await writeTransaction((tx) => tx.update(sessions).set({ expiresAt: expiry() }).where(eq(sessions.id, id)));
    }
    return JSON.parse(row.data) as SessionData;
  },
  async updateData(id, data) {
    await writeTransaction((tx) =>
      tx
        .update(sessions)
        .set({ userId: data.userId ?? null, data: JSON.stringify(data), expiresAt: expiry() })
        .where(eq(sessions.id, id)),
    );
  },
  async deleteData(id) {
    await writeTransaction((tx) => tx.delete(sessions).where(eq(sessions.id, id)));
  },
});

export function getSession(request: Request) {
  return sessionStorage.getSession(request.headers.get("Cookie"));
}

/** The session a Cookie header opens (an empty one when it opens none). */
export const sessionOfCookie = (cookieHeader: string | null) => sessionStorage.getSession(cookieHeader);

/** Whether the browser sent a session cookie at all, whether or not it still opens a session. */
export function sentSessionCookie(request: Request): boolean {
  return (request.headers.get("Cookie") ?? "").split(/;\s*/).some((c) => c.startsWith(`${cookie.name}=`));
}

export async function deleteExpiredSessions(): Promise<void> {
  await writeTransaction((tx) => tx.delete(sessions).where(lt(sessions.expiresAt, nowSeconds())));
}
