import { parseWithZod } from "@conform-to/zod/v4";
import { couponSchema } from "~/lib/coupon-schema";
import type { FormFields } from "~/utils/http.server";
import { CouponError, createCoupon, updateCoupon } from "./admin.server";

/** The coupon form's fields and the list page's buttons. */
export const COUPON_FORM_FIELDS: FormFields = {
  code: 1,
  kind: 1,
  amount: 1,
  freeShipping: 1,
  minOrder: 1,
  startsAt: 1,
  endsAt: 1,
  maxUses: 1,
  maxUsesPerCustomer: 1,
  intent: 1,
  id: 1,
};

/** The owner's coupon form, create (no id) or edit: the conform reply on bad input, the id, or `missing`. */
export async function submitCouponForm(form: FormData, id?: string) {
  const submission = parseWithZod(form, { schema: couponSchema });
  if (submission.status !== "success") return { reply: submission.reply() };
  try {
    if (id === undefined) return { id: await createCoupon(submission.value) };
    return (await updateCoupon(id, submission.value)) ? { id } : { missing: true as const };
  } catch (error) {
    if (error instanceof CouponError) return { reply: submission.reply({ fieldErrors: { code: [error.message] } }) };
    throw error;
  }
}
