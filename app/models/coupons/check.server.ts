// Whether a coupon code applies (issue #39): found without regard to case, then judged in one
// order — paused, not started, expired, used up, used up for this customer, below its minimum —
// each refusal its own English feedback message (translated by the page, never by the API). A code
// typed by someone who may not know it (issue #50) gets one answer for unknown, paused and not
// started: only a shopper who applied it while it was live (the cart's signed cookie) hears which.
import { and, eq, gt, isNull, lte, lt, or, type SQL } from "drizzle-orm";
import { db, type Tx } from "~/db/client.server";
import { type Coupon, couponUses, coupons } from "~/db/schema";
import { normaliseCode } from "~/lib/coupon-schema";
import { en } from "~/lib/i18n/en";
import { formatPaise } from "~/lib/money";
import { OrderError } from "~/models/orders/order-error.server";

const f = en.feedback;

/** The conditions of a code anyone may use at `now`: active, inside its window, not used up. */
export function liveAt(now: Date): SQL {
  return and(
    eq(coupons.active, true),
    or(isNull(coupons.startsAt), lte(coupons.startsAt, now)),
    or(isNull(coupons.endsAt), gt(coupons.endsAt, now)),
    or(isNull(coupons.maxUses), lt(coupons.uses, coupons.maxUses)),
  )!;
}

/** Whether any code can be used now: the cart and checkout show the field only then (one indexed read). */
export async function anyCouponLive(now = new Date()): Promise<boolean> {
  const rows = await db.select({ id: coupons.id }).from(coupons).where(liveAt(now)).limit(1);
  return rows.length > 0;
}

/** The coupon of `code` (any case), or undefined. Codes too long to be one are never looked up. */
export async function findCoupon(code: string, tx: Tx | typeof db = db): Promise<Coupon | undefined> {
  const wanted = normaliseCode(code);
  if (wanted.length === 0 || wanted.length > 40) return undefined;
  const rows = await tx.select().from(coupons).where(eq(coupons.code, wanted)).limit(1);
  return rows[0];
}

/** How often `userId` has used the coupon. */
async function usesBy(couponId: string, userId: string, tx: Tx | typeof db): Promise<number> {
  const rows = await tx
    .select({ uses: couponUses.uses })
    .from(couponUses)
    .where(and(eq(couponUses.couponId, couponId), eq(couponUses.userId, userId)));
  return rows[0]?.uses ?? 0;
}

/** Whether the code is on and its window has started: otherwise an outsider is told it does not exist. */
const liveNow = (coupon: Coupon, now: Date) =>
  coupon.active && !(coupon.startsAt && coupon.startsAt.getTime() > now.getTime());

/** Why `coupon` does not apply to goods worth `goods` paise (ignoring the customer's own count), or null. */
export function couponRefusal(coupon: Coupon, goods: number, now: Date): string | null {
  const code = coupon.code;
  if (!coupon.active) return f.couponPaused(code);
  if (coupon.startsAt && coupon.startsAt.getTime() > now.getTime()) return f.couponNotStarted(code);
  if (coupon.endsAt && coupon.endsAt.getTime() <= now.getTime()) return f.couponExpired(code);
  if (coupon.maxUses !== null && coupon.uses >= coupon.maxUses) return f.couponUsedUp(code);
  if (goods < coupon.minOrder) return f.couponBelowMinimum(code, formatPaise(coupon.minOrder));
  return null;
}

export type CouponCheck = { ok: true; coupon: Coupon } | { ok: false; message: string };

/**
 * Whether `code` applies to goods worth `goods` paise for `userId` (null: a guest, whose own
 * count is judged at the order) at `now`. `applied`: the shopper applied it before (it is in their
 * signed cookie), so a paused or scheduled code may say so.
 */
export async function checkCoupon(
  code: string,
  goods: number,
  userId: string | null,
  now = new Date(),
  tx: Tx | typeof db = db,
  applied = false,
): Promise<CouponCheck> {
  const coupon = await findCoupon(code, tx);
  const unknown = f.couponUnknown(normaliseCode(code).slice(0, 20));
  if (!coupon) return { ok: false, message: unknown };
  if (!applied && !liveNow(coupon, now)) return { ok: false, message: unknown };
  const refusal = couponRefusal(coupon, goods, now);
  if (refusal) return { ok: false, message: refusal };
  if (
    userId &&
    coupon.maxUsesPerCustomer !== null &&
    (await usesBy(coupon.id, userId, tx)) >= coupon.maxUsesPerCustomer
  )
    return { ok: false, message: f.couponUsedUpForYou(coupon.code) };
  return { ok: true, coupon };
}

/** The coupon of an order's `code` for its `lines`, judged in its transaction, or an OrderError saying why not. */
export async function couponForOrder(
  tx: Tx,
  code: string,
  lines: readonly { price: number; qty: number }[],
  userId: string,
  now: Date,
): Promise<Coupon> {
  const goods = lines.reduce((sum, l) => sum + l.price * l.qty, 0);
  const check = await checkCoupon(code, goods, userId, now, tx);
  if (!check.ok) throw new OrderError(check.message);
  return check.coupon;
}
