import { and, eq, gt, lt } from "drizzle-orm";
import { createCookie, createSessionStorage } from "react-router";
import { db } from "~/db/client.server";
import { sessions } from "~/db/schema";
import { env } from "~/env.server";
import { newId } from "~/lib/id";

export const SESSION_MAX_AGE = 60 * 60 * 24 * 30; // 30 days

export type SessionData = { userId?: string };

const cookie = createCookie("__session", {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  secure: env.cookieSecure,
  secrets: [env.sessionSecret],
  maxAge: SESSION_MAX_AGE,
});

const nowSeconds = () => Math.floor(Date.now() / 1000);
const expiry = (expires?: Date) =>
  expires ? Math.floor(expires.getTime() / 1000) : nowSeconds() + SESSION_MAX_AGE;

// Sessions live in SQLite; the cookie holds only a signed random id, so logging out
// (or an admin deleting a user) really ends the session.
export const sessionStorage = createSessionStorage<SessionData>({
  cookie,
  async createData(data, expires) {
    const id = newId() + newId();
    db.insert(sessions)
      .values({ id, userId: data.userId ?? null, data: JSON.stringify(data), expiresAt: expiry(expires) })
      .run();
    return id;
  },
  async readData(id) {
    const row = db
      .select()
      .from(sessions)
      .where(and(eq(sessions.id, id), gt(sessions.expiresAt, nowSeconds())))
      .get();
    return row ? (JSON.parse(row.data) as SessionData) : null;
  },
  async updateData(id, data, expires) {
    db.update(sessions)
      .set({ userId: data.userId ?? null, data: JSON.stringify(data), expiresAt: expiry(expires) })
      .where(eq(sessions.id, id))
      .run();
  },
  async deleteData(id) {
    db.delete(sessions).where(eq(sessions.id, id)).run();
  },
});

export function getSession(request: Request) {
  return sessionStorage.getSession(request.headers.get("Cookie"));
}

export function deleteExpiredSessions(): void {
  db.delete(sessions).where(lt(sessions.expiresAt, nowSeconds())).run();
}
