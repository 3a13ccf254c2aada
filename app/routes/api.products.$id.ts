import { productError, productSchema } from "~/lib/product-schema";
import { requireApiAdmin } from "~/models/accounts/auth.server";
import { toApiProductDetail } from "~/models/catalogue/api.server";
import { deleteProduct, updateProduct } from "~/models/catalogue/product-admin.server";
import { getProduct } from "~/models/catalogue/products.server";
import { sizesOfProduct } from "~/models/catalogue/sizes.server";
import { apiError, json, methodNotAllowed, readBody } from "~/utils/http.server";
import type { Route } from "./+types/api.products.$id";

export async function loader({ params }: Route.LoaderArgs) {
  const product = await getProduct(params.id);
  if (!product) return apiError(404, "Product not found");
  return json(toApiProductDetail(product, await sizesOfProduct(product.id)));
}

// PUT (same body as POST /api/products) and DELETE, admins only.
export async function action({ request, params }: Route.ActionArgs) {
  await requireApiAdmin(request);
  if (request.method === "DELETE") {
    return (await deleteProduct(params.id)) ? json({ message: "Product deleted" }) : apiError(404, "Product not found");
  }
  if (request.method !== "PUT" && request.method !== "PATCH") return methodNotAllowed();
  const parsed = productSchema.safeParse(await readBody(request));
  if (!parsed.success) return apiError(400, productError(parsed.error));
  if (!(await updateProduct(params.id, parsed.data))) return apiError(404, "Product not found");
  return json(toApiProductDetail((await getProduct(params.id))!, await sizesOfProduct(params.id)));
}
