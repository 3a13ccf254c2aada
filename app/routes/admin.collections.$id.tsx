import { data } from "react-router";
import { CollectionForm } from "~/components/CollectionForm";
import { pageTitle } from "~/lib/shop";
import { requireAdmin } from "~/models/accounts/auth.server";
import { COLLECTION_FORM_FIELDS, submitCollectionForm } from "~/models/catalogue/collection-form.server";
import { getCollection } from "~/models/catalogue/collections.server";
import { readForm, refused } from "~/utils/http.server";
import { redirectWithToast } from "~/utils/toast.server";
import type { Route } from "./+types/admin.collections.$id";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: pageTitle(`Edit ${data?.collection.name ?? "collection"}`, "Admin") },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const collection = await getCollection(params.id);
  if (!collection) throw data({ message: "Collection not found" }, { status: 404 });
  return { collection };
}

export async function action({ request, params }: Route.ActionArgs) {
  await requireAdmin(request);
  const result = await submitCollectionForm(await readForm(request, COLLECTION_FORM_FIELDS), params.id);
  if ("reply" in result) return refused(result.reply);
  if ("missing" in result)
    return redirectWithToast(request, "/admin/collections", { type: "error", title: "Collection not found" });
  return redirectWithToast(request, "/admin/collections", { type: "success", title: "Collection updated" });
}

export default function EditCollection({ loaderData, actionData }: Route.ComponentProps) {
  const { collection: c } = loaderData;
  return (
    <section className="narrow">
      <h1>Edit {c.name}</h1>
      <CollectionForm
        key={c.id}
        mode="edit"
        lastResult={actionData}
        defaults={{
          name: c.name,
          slug: c.slug,
          description: c.description,
          nameHi: c.nameHi,
          descriptionHi: c.descriptionHi,
          image: c.image,
        }}
      />
    </section>
  );
}
