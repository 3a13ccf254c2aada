// Who is looking at a public page, as far as the page can show it (issue #40): logged in or not,
// the owner or not, and the cart's count; the guest page cache keeps one copy per answer
// (app/utils/page-cache.server.ts). Accounts and the cart meet here, so it is a flow.
import { CART_COOKIE, cartCount } from "~/lib/cart";
import { userOfCookie } from "~/models/accounts/auth.server";
import { readCartCookie } from "~/models/cart/cart.server";
import { reviewBy } from "~/models/catalogue/reviews.server";
import { LANGUAGE_COOKIE } from "~/utils/language-choice.server";
import { appPath } from "~/utils/language.server";
import type { ViewerOf } from "~/utils/page-cache.server";
import { SESSION_COOKIE } from "~/utils/session.server";

/** The cookies a public page's header may read; any other (a toast, a coupon) means a fresh render. */
const KNOWN = new Set([SESSION_COOKIE, CART_COOKIE, LANGUAGE_COOKIE]);

const cookieNames = (header: string) =>
  header
    .split(";")
    .map((c) => c.split("=", 1)[0]!.trim())
    .filter(Boolean);

/** The product a page shows (any language's path), or null. */
const productOfPath = (pathname: string) => {
  const match = /^\/product\/([^/]+)$/.exec(appPath(pathname));
  return match ? decodeURIComponent(match[1]!) : null;
};

/**
 * Whether this customer's page at `pathname` holds their own data, so no copy kept for others may
 * stand in for it (issue #50): the product page of a product they reviewed shows their review in
 * its form. It is the product loader's markPersonal reason read from the other side (the sold-out
 * form's prefilled e-mail needs no check: every customer's copy of such a page has theirs, so none
 * is ever kept, and the stock write that sold it out made older copies stale).
 */
async function ownDataOn(pathname: string, userId: string): Promise<boolean> {
  const product = productOfPath(pathname);
  return product !== null && (await reviewBy(product, userId)) !== null;
}

export const viewerOfCookies: ViewerOf = async (cookieHeader, pathname) => {
  if (!cookieNames(cookieHeader).every((name) => KNOWN.has(name))) return null;
  const [{ user, sessionId }, cart] = await Promise.all([userOfCookie(cookieHeader), readCartCookie(cookieHeader)]);
  const count = cartCount(cart);
  if (!user) return { key: `g${count}`, secrets: [] };
  if (await ownDataOn(pathname, user.id)) return null;
  return {
    key: `${user.isAdmin ? "a" : "c"}${count}`,
    // What only this person's page could hold: a kept page never does (page-cache.server.ts checks).
    secrets: [user.id, user.email, sessionId].filter((s) => s.length >= 6),
  };
};
