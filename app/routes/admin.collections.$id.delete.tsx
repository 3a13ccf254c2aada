import { data, Form, Link } from "react-router";
import { pageTitle } from "~/lib/shop";
import { requireAdmin } from "~/models/accounts/auth.server";
import { deleteCollection, getCollection } from "~/models/catalogue/collections.server";
import { redirectWithToast } from "~/utils/toast.server";
import type { Route } from "./+types/admin.collections.$id.delete";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Delete collection", "Admin") },
  { name: "robots", content: "noindex" },
];

// The no-JS confirmation step for 'Delete this collection?'; with JS the list posts here directly.
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const collection = await getCollection(params.id);
  if (!collection) throw data({ message: "Collection not found" }, { status: 404 });
  return { name: collection.name };
}

export async function action({ request, params }: Route.ActionArgs) {
  await requireAdmin(request);
  if (!(await deleteCollection(params.id)))
    return redirectWithToast(request, "/admin/collections", { type: "error", title: "Collection not found" });
  return redirectWithToast(request, "/admin/collections", { type: "success", title: "Collection deleted" });
}

export default function ConfirmDeleteCollection({ loaderData }: Route.ComponentProps) {
  return (
    <section className="narrow">
      <h1>Delete this collection?</h1>
      <p>
        <strong>{loaderData.name}</strong> will leave the shop. Its products stay, in the shop and in their other
        collections.
      </p>
      <Form method="post" className="checkout-actions">
        <button type="submit" name="intent" value="delete" className="button primary danger-fill">
          Delete
        </button>
        <Link to="/admin/collections" className="button">
          Cancel
        </Link>
      </Form>
    </section>
  );
}
