import { redirect, type RouterContextProvider } from "react-router";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import type { User } from "~/db/schema";
import { LOGIN_FAILED, LOGIN_REQUIRED, loginSchema, SESSION_ENDED } from "~/lib/auth-schemas";
import { apiError } from "~/utils/http.server";
import { appPath, requestLanguage } from "~/utils/language.server";
import { ipOf } from "~/utils/request-context.server";
import { getSession, sentSessionCookie, sessionOfCookie, sessionStorage } from "~/utils/session.server";
import { flashToast } from "~/utils/toast.server";
import { rememberLanguage } from "./customer-language.server";
import { attemptLogin, LoginError } from "./login.server";
import { getUserById } from "./users.server";

export const authenticator = new Authenticator<User>();

/** The client address of a login form post: remix-auth hands the strategy the request only. */
const loginIps = new WeakMap<Request, string>();

authenticator.use(
  new FormStrategy(async ({ form, request }) => {
    const parsed = loginSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) throw new LoginError(LOGIN_REQUIRED);
    const user = await attemptLogin(parsed.data.email, parsed.data.password, loginIps.get(request) ?? "unknown");
    if (!user) throw new LoginError(LOGIN_FAILED);
    // The login page's language becomes the account's, for its mails (the JSON API's login does not).
    await rememberLanguage(user, requestLanguage(request));
    return user;
  }),
  "form",
);

/** The login form's check of email and password, limited per email and per client address. */
export function authenticateForm(request: Request, context: Readonly<RouterContextProvider>): Promise<User> {
  loginIps.set(request, ipOf(context));
  return authenticator.authenticate("form", request);
}

async function readUser(request: Request): Promise<User | null> {
  return (await userOfCookie(request.headers.get("Cookie"))).user;
}

/** Who a Cookie header's session belongs to, and the session's id (null, "" when none). */
export async function userOfCookie(cookieHeader: string | null): Promise<{ user: User | null; sessionId: string }> {
  const session = await sessionOfCookie(cookieHeader);
  const userId = session.get("userId");
  return { user: userId ? ((await getUserById(userId)) ?? null) : null, sessionId: session.id };
}

// A page's loaders (the root's and the product page's) each ask who is logged in. On a GET no
// action runs before them, so nothing can change the answer: the session is read once per request.
const usersOfRequest = new WeakMap<Request, Promise<User | null>>();

export function getUser(request: Request): Promise<User | null> {
  if (request.method !== "GET" && request.method !== "HEAD") return readUser(request);
  let user = usersOfRequest.get(request);
  if (!user) {
    user = readUser(request);
    usersOfRequest.set(request, user);
  }
  return user;
}

/** A fresh session id on every login, so a planted cookie cannot be carried into an account. */
export async function startUserSession(request: Request, userId: string): Promise<string> {
  const old = await getSession(request);
  if (old.id) await sessionStorage.destroySession(old);
  const session = await sessionStorage.getSession();
  session.set("userId", userId);
  return sessionStorage.commitSession(session);
}

export async function endUserSession(request: Request): Promise<string> {
  return sessionStorage.destroySession(await getSession(request));
}

// The app's own path: React Router puts the language's prefix back on both redirects (issue #36).
function loginUrl(request: Request): string {
  const url = new URL(request.url);
  return `/login?redirect=${encodeURIComponent(appPath(url.pathname) + url.search)}`;
}

/** Pages: a guest is sent to /login?redirect=<where they were going>. */
export async function requireUser(request: Request): Promise<User> {
  const user = await getUser(request);
  if (user) return user;
  // A session cookie that opens no session: it expired, or was ended elsewhere (a new password, a
  // removed account). Say so once (a toast: the session has ended), and drop the dead cookie.
  if (sentSessionCookie(request)) {
    const headers = new Headers();
    headers.append("Set-Cookie", await endUserSession(request));
    headers.append("Set-Cookie", await flashToast(request, { type: "info", title: SESSION_ENDED }));
    throw redirect(loginUrl(request), { headers });
  }
  throw redirect(loginUrl(request));
}

/** Pages: guests to /login, customers to /. */
export async function requireAdmin(request: Request): Promise<User> {
  const user = await requireUser(request);
  if (!user.isAdmin) throw redirect("/");
  return user;
}

/** JSON door: 401 for guests. */
export async function requireApiUser(request: Request): Promise<User> {
  const user = await getUser(request);
  if (!user) throw apiError(401, "Please log in to continue.");
  return user;
}

/** JSON door: 401 for guests, 403 for customers. */
export async function requireApiAdmin(request: Request): Promise<User> {
  const user = await requireApiUser(request);
  if (!user.isAdmin) throw apiError(403, "Admin access required.");
  return user;
}
