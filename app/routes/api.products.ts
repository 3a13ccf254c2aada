import type { Route } from "./+types/api.products";
import { ADMIN_MAX_LIMIT, MAX_LIMIT, parseShopQuery } from "~/lib/shop-query";
import { getUser } from "~/models/auth.server";
import { json } from "~/models/http.server";
import { imagesFor, listProducts, toApiProduct } from "~/models/product.server";

// GET /api/products?limit&page&search&sort&order → { items, page, totalPages, totalItems }
export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  // Admins list the whole catalogue in their editor (spec §6: limit 200).
  const maxLimit = params.has("limit") && Number(params.get("limit")) > MAX_LIMIT && (await getUser(request))?.isAdmin ? ADMIN_MAX_LIMIT : MAX_LIMIT;
  const query = parseShopQuery(params, { maxLimit, searchParam: params.has("search") ? "search" : "q" });
  const result = listProducts(query);
  const images = imagesFor(result.items.map((p) => p.id));
  return json({
    items: result.items.map((p) => toApiProduct(p, images.get(p.id) ?? [])),
    page: result.page,
    totalPages: result.totalPages,
    totalItems: result.totalItems,
  });
}
