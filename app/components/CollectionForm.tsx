import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import { collectionSchema } from "~/lib/collection-schema";
import { isImageUrl } from "~/lib/image-url";
import { Field, FormAlert } from "./Field";

export type CollectionValues = {
  name: string;
  slug: string;
  description: string;
  nameHi: string;
  descriptionHi: string;
  image: string;
};

type Props = {
  mode: "create" | "edit";
  defaults: CollectionValues;
  lastResult?: SubmissionResult<string[]> | null;
  /** The form's id: the list page holds other forms (move, delete). */
  id?: string;
};

/**
 * The admin's collection form (issue #37), English like every admin page. A picture is either
 * an address already on the site (an upload's /uploads/… URL) or a file chosen here, checked by
 * content and saved as a product picture is; the same multipart post with JS off and on.
 */
export function CollectionForm({ mode, defaults, lastResult, id = "collection" }: Props) {
  const [form, fields] = useForm({
    id,
    lastResult,
    defaultValue: defaults,
    constraint: getZodConstraint(collectionSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: collectionSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const pictureError = (lastResult?.error?.picture ?? undefined) as string[] | undefined;
  const errorSummary =
    form.errors?.[0] ?? (Object.keys(form.allErrors).length ? "Please correct the fields below." : null);
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="editor">
      <FormAlert message={errorSummary} />
      <Field label="Name" id={fields.name.id} errorId={fields.name.errorId} errors={fields.name.errors}>
        <input {...getInputProps(fields.name, { type: "text" })} />
      </Field>
      <Field
        label="Slug"
        id={fields.slug.id}
        errorId={fields.slug.errorId}
        errors={fields.slug.errors}
        hint="Its address: /shop?collection=slug. Lowercase letters, digits and hyphens; empty: made from the name"
      >
        <input {...getInputProps(fields.slug, { type: "text" })} autoCapitalize="none" spellCheck={false} />
      </Field>
      <Field
        label="Description"
        id={fields.description.id}
        errorId={fields.description.errorId}
        errors={fields.description.errors}
        hint="Optional; shown on the collection's page and in link previews"
      >
        <textarea {...getTextareaProps(fields.description)} rows={3} />
      </Field>
      <Field
        label="Name in Hindi"
        id={fields.nameHi.id}
        errorId={fields.nameHi.errorId}
        errors={fields.nameHi.errors}
        hint="Optional; the Hindi pages show the English name without it"
      >
        <input {...getInputProps(fields.nameHi, { type: "text" })} lang="hi" />
      </Field>
      <Field
        label="Description in Hindi"
        id={fields.descriptionHi.id}
        errorId={fields.descriptionHi.errorId}
        errors={fields.descriptionHi.errors}
        hint="Optional"
      >
        <textarea {...getTextareaProps(fields.descriptionHi)} rows={3} lang="hi" />
      </Field>
      <Field
        label="Picture URL"
        id={fields.image.id}
        errorId={fields.image.errorId}
        errors={fields.image.errors}
        hint="Optional; an uploaded picture's address (/uploads/…) or https://…"
      >
        <input {...getInputProps(fields.image, { type: "text" })} inputMode="url" />
      </Field>
      {defaults.image && isImageUrl(defaults.image) ? (
        <img src={defaults.image} alt="" width={96} height={96} className="product-img collection-thumb" />
      ) : null}
      <Field
        label="Or upload a picture"
        id={`${id}-picture`}
        errorId={`${id}-picture-error`}
        errors={pictureError}
        hint="JPEG, PNG, WebP or GIF, up to 5 MB; replaces the URL above"
      >
        <input id={`${id}-picture`} name="picture" type="file" accept="image/jpeg,image/png,image/webp,image/gif" />
      </Field>
      <div className="checkout-actions">
        <button type="submit" name="intent" value="save" className="button primary">
          {mode === "create" ? "Create collection" : "Save changes"}
        </button>
        {mode === "edit" ? (
          <Link to="/admin/collections" className="button">
            Cancel
          </Link>
        ) : null}
      </div>
    </Form>
  );
}
