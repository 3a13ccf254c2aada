// The code a shopper applied (issue #39), kept in a cookie beside the cart's (JS off as on) and
// judged again on every cart and checkout view: a code that stopped applying (the cart fell below
// its minimum, it expired, was paused or used up) leaves with a message, never charged silently.
import { createCookie } from "react-router";
import { db } from "~/db/client.server";
import type { Coupon } from "~/db/schema";
import { env } from "~/env.server";
import { normaliseCode } from "~/lib/coupon-schema";
import { messagesFor } from "~/lib/i18n/messages";
import { translateFeedback } from "~/lib/i18n/translate";
import type { CouponTerms } from "~/lib/price-breakdown";
import { requestLanguage } from "~/utils/language.server";
import { redirectWithToast } from "~/utils/toast.server";
import { anyCouponLive, checkCoupon } from "./check.server";

export const COUPON_COOKIE = "rk_coupon";

// Signed (issue #50): only a code applied through the cart's counted tries is ever judged from it,
// so a hand-made cookie cannot ask about code after code on every cart and checkout view.
const couponCookie = createCookie(COUPON_COOKIE, {
  secrets: [env.sessionSecret],
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  secure: env.cookieSecure,
  maxAge: 60 * 60 * 24 * 7,
});

/** The code in the cookie, upper case, or null. */
export async function readCouponCode(request: Request): Promise<string | null> {
  try {
    const value: unknown = await couponCookie.parse(request.headers.get("Cookie"));
    return typeof value === "string" && value.length > 0 && value.length <= 40 ? normaliseCode(value) : null;
  } catch {
    return null;
  }
}

/** The Set-Cookie that keeps `code`, or (null) forgets it. */
export function commitCouponCode(code: string | null): Promise<string> {
  return code ? couponCookie.serialize(normaliseCode(code)) : couponCookie.serialize("", { maxAge: 0 });
}

export type AppliedCoupon = {
  /** The applied code's terms for the breakdown, or null. */
  coupon: (CouponTerms & { code: string }) | null;
  /** Whether the page shows the code field: a code is applied, or some code can be used now. */
  showField: boolean;
};

const termsOf = (c: Coupon) => ({ code: c.code, kind: c.kind, amount: c.amount, freeShipping: c.freeShipping });

/**
 * The code applied to goods worth `goods` paise (the cart's buyable lines) for `userId`, judged
 * now. One that stopped applying throws a redirect to `back` that forgets it, with why as a toast.
 */
export async function appliedCoupon(
  request: Request,
  goods: number,
  userId: string | null,
  back: string,
): Promise<AppliedCoupon> {
  const code = await readCouponCode(request);
  if (!code) return { coupon: null, showField: await anyCouponLive() };
  const check = await checkCoupon(code, goods, userId, new Date(), db, true);
  if (check.ok) return { coupon: termsOf(check.coupon), showField: true };
  const m = messagesFor(requestLanguage(request));
  throw await redirectWithToast(
    request,
    back,
    { type: "error", title: translateFeedback(m, check.message), description: m.cart.couponRemoved },
    { headers: { "Set-Cookie": await commitCouponCode(null) } },
  );
}
