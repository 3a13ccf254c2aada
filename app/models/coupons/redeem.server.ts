// Counting a use (issue #39), in the transaction that writes the order: two conditional writes
// that change a row only while a use is left, so racing orders — in one process, across workers
// or across app servers on one PostgreSQL — never get more discounted orders than there are uses.
// PostgreSQL re-reads a row another transaction updated before judging the WHERE again; SQLite
// has one writer at a time.
import { and, eq, sql } from "drizzle-orm";
import { rowsChanged, type Tx } from "~/db/client.server";
import { type Coupon, couponUses, coupons } from "~/db/schema";
import { en } from "~/lib/i18n/en";
import { OrderError } from "~/models/orders/order-error.server";
import { couponRefusal, liveAt } from "./check.server";

/** Counts one use of `coupon` by `userId` at `now`, or refuses the order (OrderError) with why not. */
export async function redeem(tx: Tx, coupon: Coupon, userId: string, now: Date): Promise<void> {
  const counted = await tx
    .update(coupons)
    .set({ uses: sql`${coupons.uses} + 1` })
    .where(and(eq(coupons.id, coupon.id), liveAt(now)));
  if (rowsChanged(counted) === 0) {
    // What changed since it was read: read again to say which.
    const [now_] = await tx.select().from(coupons).where(eq(coupons.id, coupon.id));
    throw new OrderError((now_ && couponRefusal(now_, Infinity, now)) || en.feedback.couponUsedUp(coupon.code));
  }
  const limit = coupon.maxUsesPerCustomer;
  const mine = await tx
    .insert(couponUses)
    .values({ couponId: coupon.id, userId, uses: 1 })
    .onConflictDoUpdate({
      target: [couponUses.couponId, couponUses.userId],
      set: { uses: sql`${couponUses.uses} + 1` },
      ...(limit !== null ? { setWhere: sql`${couponUses.uses} < ${limit}` } : {}),
    });
  if (rowsChanged(mine) === 0) throw new OrderError(en.feedback.couponUsedUpForYou(coupon.code));
}
