import type { Route } from "./+types/api.products.$id.reviews";
import { reviewSchema } from "~/lib/review-schema";
import { requireApiUser } from "~/models/auth.server";
import { apiError, json, methodNotAllowed, readBody } from "~/models/http.server";
import { hit, RateLimited, tooMany } from "~/models/rate-limit.server";
import { addReview, getProduct, toApiProductDetail } from "~/models/product.server";

export const loader = methodNotAllowed;

// POST /api/products/{id}/reviews { rating, comment } → the product, reloaded.
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const user = await requireApiUser(request);
  const parsed = reviewSchema.safeParse(await readBody(request));
  if (!parsed.success) return apiError(400, parsed.error.issues[0]?.message ?? "Invalid review");
  try {
    await hit("review", user.id);
  } catch (error) {
    if (error instanceof RateLimited) return tooMany(error);
    throw error;
  }
  if (!addReview(params.id, user, parsed.data)) return apiError(404, "Product not found");
  return json(toApiProductDetail(getProduct(params.id)!), 201);
}
