import { Form, Link } from "react-router";
import { CollectionForm } from "~/components/CollectionForm";
import { ConfirmButton } from "~/components/ConfirmButton";
import { ProductImage } from "~/components/ProductImage";
import { requireAdmin } from "~/models/accounts/auth.server";
import { COLLECTION_FORM_FIELDS, submitCollectionForm } from "~/models/catalogue/collection-form.server";
import { collectionsWithCounts, moveCollection } from "~/models/catalogue/collections.server";
import { readForm, refused } from "~/utils/http.server";
import { redirectWithToast } from "~/utils/toast.server";
import type { Route } from "./+types/admin.collections";

// The Collections tab (issue #37): the list in the shop's order, with move up/down (plain forms,
// JS off and on), edit and delete, and the form that adds one at the end.

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { collections: await collectionsWithCounts() };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const form = await readForm(request, COLLECTION_FORM_FIELDS);
  const intent = form.get("intent");
  if (intent === "up" || intent === "down") {
    const moved = await moveCollection(String(form.get("id") ?? ""), intent);
    return moved
      ? redirectWithToast(request, "/admin/collections", { type: "success", title: "Collection moved" })
      : redirectWithToast(request, "/admin/collections", { type: "error", title: "Collection not found" });
  }
  const result = await submitCollectionForm(form);
  if ("reply" in result) return refused(result.reply);
  return redirectWithToast(request, "/admin/collections", { type: "success", title: "Collection created" });
}

const BLANK = { name: "", slug: "", description: "", nameHi: "", descriptionHi: "", image: "" };

export default function CollectionsTab({ loaderData, actionData }: Route.ComponentProps) {
  const { collections } = loaderData;
  return (
    <>
      <p className="muted">
        {collections.length === 0
          ? "No collections yet. Shoppers see them as links above the shop's products and on the home page."
          : `${collections.length} collections, in the order the shop shows them.`}
      </p>
      {collections.length > 0 ? (
        <div className="table-wrap">
          <table className="admin-table stack">
            <thead>
              <tr>
                <th scope="col">Picture</th>
                <th scope="col">Name</th>
                <th scope="col">Slug</th>
                <th scope="col">Products</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {collections.map((c, i) => (
                <tr key={c.id}>
                  <td data-label="Picture">
                    <ProductImage src={c.image} alt="" width={48} height={48} />
                  </td>
                  <td data-label="Name">
                    <Link to={`/shop?collection=${encodeURIComponent(c.slug)}`}>{c.name}</Link>
                    {c.nameHi ? <span lang="hi"> · {c.nameHi}</span> : null}
                  </td>
                  <td data-label="Slug">{c.slug}</td>
                  <td data-label="Products">{c.products}</td>
                  <td className="actions">
                    <Form method="post" className="inline-form">
                      <input type="hidden" name="id" value={c.id} />
                      <button
                        type="submit"
                        name="intent"
                        value="up"
                        className="button small"
                        disabled={i === 0}
                        aria-label={`Move ${c.name} up`}
                      >
                        ↑
                      </button>
                      <button
                        type="submit"
                        name="intent"
                        value="down"
                        className="button small"
                        disabled={i === collections.length - 1}
                        aria-label={`Move ${c.name} down`}
                      >
                        ↓
                      </button>
                    </Form>
                    <Link to={`/admin/collections/${c.id}`} className="button small" aria-label={`Edit ${c.name}`}>
                      Edit
                    </Link>
                    <ConfirmButton to={`/admin/collections/${c.id}/delete`} message="Delete this collection?">
                      <span aria-hidden="true">Delete</span>
                      <span className="visually-hidden">Delete {c.name}</span>
                    </ConfirmButton>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <h2>New collection</h2>
      {/* Keyed by the count: a created collection leaves an empty form again, with JS as without. */}
      <CollectionForm key={collections.length} mode="create" defaults={BLANK} lastResult={actionData} />
    </>
  );
}
