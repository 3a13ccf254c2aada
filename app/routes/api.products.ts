import { productError, productSchema } from "~/lib/product-schema";
import { ADMIN_MAX_LIMIT, MAX_LIMIT, parseShopQuery, queryInt } from "~/lib/shop-query";
import { getUser, requireApiAdmin } from "~/models/accounts/auth.server";
import { toApiProduct, toApiProductDetail } from "~/models/catalogue/api.server";
import { createProduct } from "~/models/catalogue/product-admin.server";
import { getProduct, imagesFor, listProducts } from "~/models/catalogue/products.server";
import { apiError, json, methodNotAllowed, readBody } from "~/utils/http.server";
import { hit, RateLimited, tooMany } from "~/utils/rate-limit.server";
import { ipOf } from "~/utils/request-context.server";
import type { Route } from "./+types/api.products";

// GET /api/products?limit&page&search&sort&order → { items, page, totalPages, totalItems, suggestion }
// (suggestion: "Did you mean …?", a search to offer when this one found nothing exactly, else null)
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  // Admins list the whole catalogue in their editor (a limit of up to 200).
  const wantsMore = queryInt(params.get("limit"), { fallback: 0, min: 0, max: ADMIN_MAX_LIMIT }) > MAX_LIMIT;
  const maxLimit = wantsMore && (await getUser(request))?.isAdmin ? ADMIN_MAX_LIMIT : MAX_LIMIT;
  const query = parseShopQuery(params, { maxLimit, searchParam: params.has("search") ? "search" : "q" });
  if (query.q) {
    try {
      await hit("search", ipOf(context));
    } catch (error) {
      if (error instanceof RateLimited) return tooMany(error);
      throw error;
    }
  }
  const result = await listProducts(query);
  const images = await imagesFor(result.items.map((p) => p.id));
  return json({
    items: result.items.map((p) => toApiProduct(p, images.get(p.id) ?? [])),
    page: result.page,
    totalPages: result.totalPages,
    totalItems: result.totalItems,
    suggestion: result.suggestion,
  });
}

// POST /api/products (admin): { name, description, price, mrp, stock, image, images } in rupees.
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  await requireApiAdmin(request);
  const parsed = productSchema.safeParse(await readBody(request));
  if (!parsed.success) return apiError(400, productError(parsed.error));
  const id = await createProduct(parsed.data);
  return json(toApiProductDetail((await getProduct(id))!), 201, { Location: `/api/products/${id}` });
}
