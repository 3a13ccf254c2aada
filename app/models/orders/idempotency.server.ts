import { and, eq } from "drizzle-orm";
import { db, isUniqueViolation } from "~/db/client.server";
import { orders } from "~/db/schema";

/** The longest idempotency key accepted (the checkout form's token, the API's Idempotency-Key). */
export const IDEMPOTENCY_KEY_MAX = 200;
export const IDEMPOTENCY_KEY_INVALID = `Idempotency-Key must be 1 to ${IDEMPOTENCY_KEY_MAX} characters.`;
export const isIdempotencyKey = (key: string) => key.length > 0 && key.length <= IDEMPOTENCY_KEY_MAX;

/** The order `userId` placed with `key`, if any: a repeat of that request answers this order. */
export async function orderIdForKey(userId: string, key: string): Promise<string | null> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)))
    .limit(1);
  return row?.id ?? null;
}

/** The database's refusal, seen through drizzle's DrizzleQueryError, of `key`'s unique index. */
export function isKeyConflict(error: unknown): boolean {
  return isUniqueViolation(error, { name: "orders_user_idempotency_key_unique", columns: ["orders.idempotency_key"] });
}
