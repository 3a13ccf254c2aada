import { Form, Link } from "react-router";
import { BLANK_COUPON, CouponForm } from "~/components/CouponForm";
import { couponOffText } from "~/lib/coupon-text";
import { formatDateTime } from "~/lib/dates";
import { formatPaise } from "~/lib/money";
import { plural } from "~/lib/plural";
import { requireAdmin } from "~/models/accounts/auth.server";
import { listCoupons, setCouponActive } from "~/models/coupons/admin.server";
import { COUPON_FORM_FIELDS, submitCouponForm } from "~/models/coupons/form.server";
import { readForm, refused } from "~/utils/http.server";
import { redirectWithToast } from "~/utils/toast.server";
import type { Route } from "./+types/admin.coupons";

// The Coupons tab (issue #39; docs/admin.md): every code with its terms, uses (of its limit),
// per-customer limit, window and the discount its orders were given (cancelled ones left out);
// Pause/Resume and Edit per code, and the form that creates one. Plain forms, JS off and on.

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { coupons: await listCoupons() };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const form = await readForm(request, COUPON_FORM_FIELDS);
  const intent = form.get("intent");
  if (intent === "pause" || intent === "resume") {
    const done = await setCouponActive(String(form.get("id") ?? ""), intent === "resume");
    return redirectWithToast(
      request,
      "/admin/coupons",
      done
        ? { type: "success", title: intent === "pause" ? "Code paused" : "Code resumed" }
        : { type: "error", title: "Code not found" },
    );
  }
  const result = await submitCouponForm(form);
  if ("reply" in result) return refused(result.reply);
  return redirectWithToast(request, "/admin/coupons", { type: "success", title: "Code created" });
}

const windowText = (from: Date | null, to: Date | null) =>
  from || to ? `${from ? formatDateTime(from) : "now"} – ${to ? formatDateTime(to) : "no end"}` : "Always";

export default function CouponsTab({ loaderData, actionData }: Route.ComponentProps) {
  const { coupons } = loaderData;
  return (
    <>
      <p className="muted">
        {coupons.length === 0
          ? "No coupon codes yet. Shoppers see a Coupon code field in the cart while a code can be used."
          : `${coupons.length} codes. The discount given counts orders that were not cancelled.`}
      </p>
      {coupons.length > 0 ? (
        <div className="table-wrap">
          <table className="admin-table stack">
            <thead>
              <tr>
                <th scope="col">Code</th>
                <th scope="col">Offer</th>
                <th scope="col">Uses</th>
                <th scope="col">Per customer</th>
                <th scope="col">When</th>
                <th scope="col">Discount given</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {coupons.map((c) => (
                <tr key={c.id}>
                  <td data-label="Code">
                    <strong>{c.code}</strong> {c.active ? null : <span className="badge">Paused</span>}
                  </td>
                  <td data-label="Offer">
                    {couponOffText(c)}
                    {c.minOrder > 0 ? `, from ${formatPaise(c.minOrder)}` : ""}
                  </td>
                  <td data-label="Uses">{c.maxUses === null ? c.uses : `${c.uses} of ${c.maxUses}`}</td>
                  <td data-label="Per customer">{c.maxUsesPerCustomer ?? "No limit"}</td>
                  <td data-label="When">{windowText(c.startsAt, c.endsAt)}</td>
                  <td data-label="Discount given">
                    {formatPaise(c.discountGiven)} ({plural(c.orders, "order")})
                  </td>
                  <td className="actions">
                    <Form method="post" className="inline-form">
                      <input type="hidden" name="id" value={c.id} />
                      <button
                        type="submit"
                        name="intent"
                        value={c.active ? "pause" : "resume"}
                        className="button small"
                        aria-label={`${c.active ? "Pause" : "Resume"} ${c.code}`}
                      >
                        {c.active ? "Pause" : "Resume"}
                      </button>
                    </Form>
                    <Link to={`/admin/coupons/${c.id}`} className="button small" aria-label={`Edit ${c.code}`}>
                      Edit
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <h2>New code</h2>
      {/* Keyed by the count: a created code leaves an empty form again, with JS as without. */}
      <CouponForm key={coupons.length} defaults={BLANK_COUPON} lastResult={actionData} submitLabel="Create code" />
    </>
  );
}
