import { data, Form, Link } from "react-router";
import { pageTitle } from "~/lib/shop";
import { requireAdmin } from "~/models/accounts/auth.server";
import { deleteProduct, getProductForEdit } from "~/models/catalogue/product-admin.server";
import { redirectWithToast } from "~/utils/toast.server";
import type { Route } from "./+types/admin.products.$id.delete";

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Delete product", "Admin") }];

// The no-JS confirmation step for 'Delete this product?'; with JS the list posts here directly.
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const product = await getProductForEdit(params.id);
  if (!product) throw data({ message: "Product not found" }, { status: 404 });
  return { name: product.name };
}

export async function action({ request, params }: Route.ActionArgs) {
  await requireAdmin(request);
  if (!(await deleteProduct(params.id)))
    return redirectWithToast(request, "/admin/products", { type: "error", title: "Product not found" });
  return redirectWithToast(request, "/admin/products", { type: "success", title: "Product deleted" });
}

export default function ConfirmDeleteProduct({ loaderData }: Route.ComponentProps) {
  return (
    <section className="narrow">
      <h1>Delete this product?</h1>
      <p>
        <strong>{loaderData.name}</strong> will leave the shop. Past orders and invoices keep their lines.
      </p>
      <Form method="post" className="checkout-actions">
        <button type="submit" name="intent" value="delete" className="button primary danger-fill">
          Delete
        </button>
        <Link to="/admin/products" className="button">
          Cancel
        </Link>
      </Form>
    </section>
  );
}
