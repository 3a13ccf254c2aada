import { reviewSchema } from "~/lib/review-schema";
import { REVIEW_SUBMITTED, REVIEW_UPDATED } from "~/lib/review-texts";
import { requireApiUser } from "~/models/accounts/auth.server";
import { toApiProductDetail } from "~/models/catalogue/api.server";
import { getProduct } from "~/models/catalogue/products.server";
import { postReview } from "~/models/catalogue/reviews.server";
import { apiError, json, methodNotAllowed, readBody } from "~/utils/http.server";
import { RateLimited, tooMany } from "~/utils/rate-limit.server";
import type { Route } from "./+types/api.products.$id.reviews";

export const loader = methodNotAllowed;

// POST /api/products/{id}/reviews { rating, comment } → the product, reloaded: 201 for a customer's
// first review of it, 200 when it replaced their earlier one (one review per customer per product),
// with `message` saying which.
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const user = await requireApiUser(request);
  const parsed = reviewSchema.safeParse(await readBody(request));
  if (!parsed.success) return apiError(400, parsed.error.issues[0]?.message ?? "Invalid review");
  let done;
  try {
    done = await postReview(params.id, user, parsed.data);
  } catch (error) {
    if (error instanceof RateLimited) return tooMany(error);
    throw error;
  }
  if (!done) return apiError(404, "Product not found");
  const product = toApiProductDetail((await getProduct(params.id))!);
  return done === "created"
    ? json({ ...product, message: REVIEW_SUBMITTED }, 201)
    : json({ ...product, message: REVIEW_UPDATED }, 200);
}
