// Who is looking at a public page, as far as the page can show it (issue #40): logged in or not,
// the owner or not, and the cart's count; the guest page cache keeps one copy per answer
// (app/utils/page-cache.server.ts). Accounts and the cart meet here, so it is a flow.
import { LRUCache } from "lru-cache";
import { productVersion } from "~/db/client.server";
import { CART_COOKIE, cartCount } from "~/lib/cart";
import { userOfCookie } from "~/models/accounts/auth.server";
import { readCartCookie } from "~/models/cart/cart.server";
import { reviewBy } from "~/models/catalogue/reviews.server";
import { LANGUAGE_COOKIE } from "~/utils/language-choice.server";
import { productOfPath, type ViewerOf } from "~/utils/page-cache.server";
import { SESSION_COOKIE } from "~/utils/session.server";

/** The cookies a public page's header may read; any other (a toast, a coupon) means a fresh render. */
const KNOWN = new Set([SESSION_COOKIE, CART_COOKIE, LANGUAGE_COOKIE]);

const cookieNames = (header: string) =>
  header
    .split(";")
    .map((c) => c.split("=", 1)[0]!.trim())
    .filter(Boolean);

/**
 * Whether this customer's page at `pathname` holds their own data, so no copy kept for others may
 * stand in for it (issue #50): the product page of a product they reviewed shows their review in
 * its form. It is the product loader's markPersonal reason read from the other side (the sold-out
 * form's prefilled e-mail needs no check: every customer's copy of such a page has theirs, so none
 * is ever kept, and the stock write that sold it out made older copies stale).
 */
async function ownDataOn(pathname: string, userId: string): Promise<boolean> {
  const product = productOfPath(pathname);
  if (product === null) return false;
  // Any review written or removed moves the product's version, so a reading under the current
  // one is still true.
  const key = `${productVersion(product)}|${userId}|${product}`;
  let own = reviewed.get(key);
  if (own === undefined) reviewed.set(key, (own = (await reviewBy(product, userId)) !== null));
  return own;
}

// The viewer readings of a sale's browsing, kept in this process (issue #52): on PostgreSQL each
// was two or three round trips on half the requests. A session's reading is kept for a few
// seconds by its signed cookie (a login makes a new one): what it decides is which shared copy
// of a public page is sent, never anything of the person's own, so a session ended on another
// device still shows as logged in on public pages for at most SESSION_READING_MS.
const SESSION_READING_MS = 5_000;
const sessionReadings = new LRUCache<string, Awaited<ReturnType<typeof userOfCookie>>>({
  max: 10_000,
  ttl: SESSION_READING_MS,
});
const reviewed = new LRUCache<string, boolean>({ max: 10_000 });
const SESSION_VALUE = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=([^;]*)`);

async function sessionReading(cookieHeader: string) {
  const cookie = SESSION_VALUE.exec(cookieHeader)?.[1];
  if (!cookie) return userOfCookie(cookieHeader);
  let reading = sessionReadings.get(cookie);
  if (!reading) sessionReadings.set(cookie, (reading = await userOfCookie(cookieHeader)));
  return reading;
}

export const viewerOfCookies: ViewerOf = async (cookieHeader, pathname) => {
  if (!cookieNames(cookieHeader).every((name) => KNOWN.has(name))) return null;
  const [{ user, sessionId }, cart] = await Promise.all([sessionReading(cookieHeader), readCartCookie(cookieHeader)]);
  const count = cartCount(cart);
  if (!user) return { key: `g${count}`, secrets: [] };
  if (await ownDataOn(pathname, user.id)) return null;
  return {
    key: `${user.isAdmin ? "a" : "c"}${count}`,
    // What only this person's page could hold: a kept page never does (page-cache.server.ts checks).
    secrets: [user.id, user.email, sessionId].filter((s) => s.length >= 6),
  };
};
