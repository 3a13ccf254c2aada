import type { Route } from "./+types/api.products.$id";
import { apiError, json } from "~/models/http.server";
import { getProduct, toApiProductDetail } from "~/models/product.server";

export function loader({ params }: Route.LoaderArgs) {
  const product = getProduct(params.id);
  if (!product) return apiError(404, "Product not found");
  return json(toApiProductDetail(product));
}
