// The owner's side of coupon codes (issue #39): create, edit, pause/resume, and the list with how
// often each was used and what it gave (orders not cancelled). English only, as the admin is.
import { and, desc, eq, ne, sql } from "drizzle-orm";
import { db, isUniqueViolation, rowsChanged, writeTransaction } from "~/db/client.server";
import { type Coupon, coupons, orders } from "~/db/schema";
import type { CouponInput } from "~/lib/coupon-schema";
import { newId } from "~/utils/id.server";

export const CODE_TAKEN = "That code exists already: edit it, or choose another";
const UNIQUE = { name: "coupons_code_unique", columns: ["coupons.code"] };

export class CouponError extends Error {}

/** The owner's new coupon; CouponError when its code is taken. */
export async function createCoupon(input: CouponInput): Promise<string> {
  const id = newId();
  try {
    await writeTransaction((tx) => tx.insert(coupons).values({ id, ...input, uses: 0, active: true }));
  } catch (error) {
    if (isUniqueViolation(error, UNIQUE)) throw new CouponError(CODE_TAKEN);
    throw error;
  }
  return id;
}

/** The owner's edit: every term but the uses counted so far; false when there is no such coupon. */
export async function updateCoupon(id: string, input: CouponInput): Promise<boolean> {
  try {
    const r = await writeTransaction((tx) =>
      tx
        .update(coupons)
        .set({ ...input, updatedAt: new Date() })
        .where(eq(coupons.id, id)),
    );
    return rowsChanged(r) > 0;
  } catch (error) {
    if (isUniqueViolation(error, UNIQUE)) throw new CouponError(CODE_TAKEN);
    throw error;
  }
}

/** Pause (false) or resume (true). */
export async function setCouponActive(id: string, active: boolean): Promise<boolean> {
  const r = await writeTransaction((tx) =>
    tx.update(coupons).set({ active, updatedAt: new Date() }).where(eq(coupons.id, id)),
  );
  return rowsChanged(r) > 0;
}

export async function getCoupon(id: string): Promise<Coupon | undefined> {
  return (await db.select().from(coupons).where(eq(coupons.id, id)).limit(1))[0];
}

export type CouponRow = Coupon & { orders: number; discountGiven: number };

/** Every coupon, newest first, with its orders and the discount they were given (cancelled ones left out). */
export async function listCoupons(): Promise<CouponRow[]> {
  const given = db
    .select({
      couponId: orders.couponId,
      orders: sql<number>`cast(count(*) as integer)`.as("orders"),
      discountGiven: sql<number>`cast(coalesce(sum(${orders.couponDiscount}), 0) as integer)`.as("discount_given"),
    })
    .from(orders)
    .where(and(sql`${orders.couponId} IS NOT NULL`, ne(orders.status, "Cancelled")))
    .groupBy(orders.couponId)
    .as("given");
  const rows = await db
    .select({ coupon: coupons, orders: given.orders, discountGiven: given.discountGiven })
    .from(coupons)
    .leftJoin(given, eq(given.couponId, coupons.id))
    .orderBy(desc(coupons.createdAt), desc(coupons.id));
  return rows.map((r) => ({ ...r.coupon, orders: Number(r.orders ?? 0), discountGiven: Number(r.discountGiven ?? 0) }));
}
