// Coupon codes tried (issue #50): a refusal says why a code does not apply, so every try through
// either door (the cart's Apply, a code in POST /api/orders) counts against the client's address
// and the shopper (their account, else their session), and a dictionary runs out long before it
// finds a private or scheduled code. Over either limit: RateLimited, which each door answers 429.
import { hit } from "~/utils/rate-limit.server";

/** Who tries a code: the client's address, and the shopper's account or session id (null: none). */
export type CouponTrier = { ip: string; shopper: string | null };

export async function countCouponTry(who: CouponTrier): Promise<void> {
  if (who.shopper) await hit("couponShopper", who.shopper);
  await hit("couponIp", who.ip);
}
