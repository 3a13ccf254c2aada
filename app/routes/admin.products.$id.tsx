import { data } from "react-router";
import { ProductEditor } from "~/components/ProductEditor";
import { sizeRowsFor } from "~/components/SizeRows";
import { pageTitle } from "~/lib/shop";
import { requireAdmin } from "~/models/accounts/auth.server";
import { allCollections } from "~/models/catalogue/collections.server";
import { getProductForEdit } from "~/models/catalogue/product-admin.server";
import { PRODUCT_FORM_FIELDS, submitProductForm } from "~/models/catalogue/product-form.server";
import { sizesForEdit } from "~/models/catalogue/size-admin.server";
import { waitingCounts } from "~/models/catalogue/stock-alerts.server";
import { readForm, refused } from "~/utils/http.server";
import { redirectWithToast } from "~/utils/toast.server";
import type { Route } from "./+types/admin.products.$id";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: pageTitle(`Edit ${data?.product.name ?? "product"}`, "Admin") },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const [product, collections] = await Promise.all([getProductForEdit(params.id), allCollections()]);
  if (!product) throw data({ message: "Product not found" }, { status: 404 });
  return {
    product,
    sizes: await sizesForEdit(params.id),
    waiting: (await waitingCounts([params.id]))[params.id] ?? 0,
    collections: collections.map((c) => ({ id: c.id, name: c.name })),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  await requireAdmin(request);
  const result = await submitProductForm(await readForm(request, PRODUCT_FORM_FIELDS), params.id);
  if ("reply" in result) return refused(result.reply);
  if ("missing" in result)
    return redirectWithToast(request, "/admin/products", { type: "error", title: "Product not found" });
  return redirectWithToast(request, "/admin/products", { type: "success", title: "Product updated" });
}

const rupees = (paise: number | null) => (paise === null ? "0" : String(paise / 100));

export default function EditProduct({ loaderData, actionData }: Route.ComponentProps) {
  const { product, sizes, collections, waiting } = loaderData;
  return (
    <section className="narrow">
      <h1>Edit {product.name}</h1>
      {waiting > 0 ? (
        <p className="stock-waiting" role="status">
          {waiting} {waiting === 1 ? "address waits" : "addresses wait"} for “Tell me when it’s back”: raising the stock
          from 0 mails them once.
        </p>
      ) : null}
      <ProductEditor
        key={product.id}
        mode="edit"
        lastResult={actionData}
        collections={collections}
        defaults={{
          name: product.name,
          description: product.description,
          nameHi: product.nameHi,
          descriptionHi: product.descriptionHi,
          price: rupees(product.price),
          mrp: rupees(product.mrp),
          stock: String(product.stock),
          hsn: product.hsn,
          // Shown separately only when it is not simply the first gallery picture.
          image: product.image && product.image !== product.images[0] ? product.image : "",
          images: product.images.length ? product.images : product.image ? [product.image] : [],
          sizes: sizeRowsFor(sizes),
          collections: product.collections,
        }}
      />
    </section>
  );
}
