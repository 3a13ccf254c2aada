import { data } from "react-router";
import { CouponForm } from "~/components/CouponForm";
import { toIndiaInput } from "~/lib/coupon-schema";
import { pageTitle } from "~/lib/shop";
import { requireAdmin } from "~/models/accounts/auth.server";
import { getCoupon } from "~/models/coupons/admin.server";
import { COUPON_FORM_FIELDS, submitCouponForm } from "~/models/coupons/form.server";
import { readForm, refused } from "~/utils/http.server";
import { redirectWithToast } from "~/utils/toast.server";
import type { Route } from "./+types/admin.coupons.$id";

// Editing a coupon code (issue #39): every term; the uses counted so far stay.

export const meta: Route.MetaFunction = ({ data }) => [
  { title: pageTitle(`Edit ${data?.coupon.code ?? "code"}`, "Admin") },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const coupon = await getCoupon(params.id);
  if (!coupon) throw data({ message: "Code not found" }, { status: 404 });
  return { coupon };
}

export async function action({ request, params }: Route.ActionArgs) {
  await requireAdmin(request);
  const result = await submitCouponForm(await readForm(request, COUPON_FORM_FIELDS), params.id);
  if ("reply" in result) return refused(result.reply);
  if ("missing" in result)
    return redirectWithToast(request, "/admin/coupons", { type: "error", title: "Code not found" });
  return redirectWithToast(request, "/admin/coupons", { type: "success", title: "Code updated" });
}

export default function EditCoupon({ loaderData, actionData }: Route.ComponentProps) {
  const { coupon: c } = loaderData;
  return (
    <section className="narrow">
      <h1>Edit {c.code}</h1>
      <p className="muted">Used {c.uses} times so far.</p>
      <CouponForm
        key={c.id}
        lastResult={actionData}
        submitLabel="Save code"
        defaults={{
          code: c.code,
          kind: c.kind,
          amount: String(c.kind === "percent" ? c.amount / 100 : c.amount / 100),
          freeShipping: c.freeShipping,
          minOrder: c.minOrder ? String(c.minOrder / 100) : "",
          startsAt: toIndiaInput(c.startsAt),
          endsAt: toIndiaInput(c.endsAt),
          maxUses: c.maxUses === null ? "" : String(c.maxUses),
          maxUsesPerCustomer: c.maxUsesPerCustomer === null ? "" : String(c.maxUsesPerCustomer),
        }}
      />
    </section>
  );
}
