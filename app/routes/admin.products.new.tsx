import { ProductEditor } from "~/components/ProductEditor";
import { sizeRowsFor } from "~/components/SizeRows";
import { DEFAULT_HSN } from "~/lib/product-schema";
import { pageTitle } from "~/lib/shop";
import { requireAdmin } from "~/models/accounts/auth.server";
import { allCollections } from "~/models/catalogue/collections.server";
import { PRODUCT_FORM_FIELDS, submitProductForm } from "~/models/catalogue/product-form.server";
import { readForm, refused } from "~/utils/http.server";
import { redirectWithToast } from "~/utils/toast.server";
import type { Route } from "./+types/admin.products.new";

export const meta: Route.MetaFunction = () => [{ title: pageTitle("New product", "Admin") }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { collections: (await allCollections()).map((c) => ({ id: c.id, name: c.name })) };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const result = await submitProductForm(await readForm(request, PRODUCT_FORM_FIELDS));
  if ("reply" in result) return refused(result.reply);
  return redirectWithToast(request, "/admin/products", { type: "success", title: "Product created" });
}

// Create mode starts blank with price 0, MRP 0 and stock 10.
export default function NewProduct({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section className="narrow">
      <h1>New product</h1>
      <ProductEditor
        mode="create"
        lastResult={actionData}
        collections={loaderData.collections}
        defaults={{
          name: "",
          description: "",
          nameHi: "",
          descriptionHi: "",
          price: "0",
          mrp: "0",
          stock: "10",
          hsn: DEFAULT_HSN,
          image: "",
          images: [],
          sizes: sizeRowsFor([]),
          collections: [],
        }}
      />
    </section>
  );
}
