import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useRef, useState } from "react";
import { Form, Link } from "react-router";
import { isImageUrl } from "~/lib/image-url";
import { GALLERY_MAX, GALLERY_TOO_MANY, galleryTooMany, productFormSchema } from "~/lib/product-schema";
import { showToast } from "~/utils/toast.client";
import { Field, FormAlert } from "./Field";
import { SizeRows, type SizeListField, type SizeRowValues } from "./SizeRows";

export type EditorValues = {
  name: string;
  description: string;
  nameHi: string;
  descriptionHi: string;
  price: string;
  mrp: string;
  stock: string;
  hsn: string;
  image: string;
  images: string[];
  /** The sizes (issue #37) and the blank rows after them. */
  sizes: SizeRowValues[];
  /** The ids of the collections the product is in. */
  collections: string[];
};

type Props = {
  mode: "create" | "edit";
  defaults: EditorValues;
  lastResult?: SubmissionResult<string[]> | null;
  /** Every collection, to tick the product's (issue #37); none: no such fieldset. */
  collections?: { id: string; name: string }[];
};

/**
 * The admin product editor. Without JS the chosen gallery files are posted with the form
 * (multipart) and saved in the same submit; with JS each file is uploaded at once through
 * POST /api/uploads and joins the gallery list before saving.
 */
export function ProductEditor({ mode, defaults, lastResult, collections = [] }: Props) {
  const [form, fields] = useForm({
    lastResult,
    // The gallery list is this component's own state (checkbox inputs), not conform's.
    defaultValue: {
      name: defaults.name,
      description: defaults.description,
      nameHi: defaults.nameHi,
      descriptionHi: defaults.descriptionHi,
      price: defaults.price,
      mrp: defaults.mrp,
      stock: defaults.stock,
      hsn: defaults.hsn,
      image: defaults.image,
      // The schema's input type for the rows is loose (zod's preprocess); these are the rows.
      sizes: defaults.sizes as unknown as string,
    },
    constraint: getZodConstraint(productFormSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: productFormSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const [gallery, setGallery] = useState<string[]>(defaults.images);
  const [uploading, setUploading] = useState(0);
  // With JS the gallery's problems (too many pictures, a file refused by /api/uploads) show under it, as without JS.
  const [galleryError, setGalleryError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  // With sizes the product's figures are its default size's (saved over them): shown, not edited.
  const sized = defaults.sizes.some((row) => row.id);
  const sizedHint = sized ? "The default size's: edit it under Sizes" : undefined;
  // After a refused submit, the boxes as the admin left them.
  const sent = lastResult?.initialValue?.collections;
  const ticked = new Set(
    sent === undefined ? defaults.collections : ([] as string[]).concat(sent as string | string[]),
  );

  async function uploadNow(files: FileList | null) {
    if (!files || files.length === 0) return;
    setGalleryError(null);
    // Counted as the server counts: the pictures still ticked, those on their way, and the new files.
    const kept = fileInput.current?.form?.querySelectorAll('input[name="images"]:checked').length ?? gallery.length;
    const total = kept + uploading + files.length;
    if (total > GALLERY_MAX) {
      setGalleryError(galleryTooMany(total));
      showToast({ type: "error", title: GALLERY_TOO_MANY });
      if (fileInput.current) fileInput.current.value = "";
      return;
    }
    setUploading((n) => n + files.length);
    for (const file of Array.from(files)) {
      const body = new FormData();
      body.set("file", file);
      try {
        const res = await fetch("/api/uploads", { method: "POST", body, credentials: "same-origin" });
        const data = (await res.json()) as { url?: string; message?: string };
        if (!res.ok || !data.url) throw new Error(data.message || "Upload failed");
        setGallery((list) => [...list, data.url!]);
        showToast({ type: "success", title: "Uploaded", description: file.name });
      } catch (error) {
        const message = error instanceof Error ? error.message : "Upload failed";
        setGalleryError(message);
        showToast({ type: "error", title: message });
      } finally {
        setUploading((n) => n - 1);
      }
    }
    // The files are uploaded already: do not send them again with the form.
    if (fileInput.current) fileInput.current.value = "";
  }

  const errorSummary =
    form.errors?.[0] ?? (Object.keys(form.allErrors).length ? "Please correct the fields below." : null);
  // The gallery's URLs are checkbox values: their errors ("images", "images[3]") show under the gallery.
  const imagesError = Object.entries(form.allErrors).find(
    ([key]) => key === "images" || key.startsWith("images["),
  )?.[1];
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="editor">
      <FormAlert message={errorSummary} />
      <Field label="Name" id={fields.name.id} errorId={fields.name.errorId} errors={fields.name.errors}>
        <input {...getInputProps(fields.name, { type: "text" })} />
      </Field>
      <Field
        label="Description"
        id={fields.description.id}
        errorId={fields.description.errorId}
        errors={fields.description.errors}
      >
        <textarea {...getTextareaProps(fields.description)} rows={4} />
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
        hint="Optional; the Hindi pages show the English description without it"
      >
        <textarea {...getTextareaProps(fields.descriptionHi)} rows={4} lang="hi" />
      </Field>
      <div className="editor-row">
        <Field
          label="Price (₹)"
          id={fields.price.id}
          errorId={fields.price.errorId}
          errors={fields.price.errors}
          hint={sizedHint}
        >
          <input
            {...getInputProps(fields.price, { type: "number" })}
            min={0}
            step="0.01"
            inputMode="decimal"
            readOnly={sized}
          />
        </Field>
        <Field
          label="MRP (₹)"
          id={fields.mrp.id}
          errorId={fields.mrp.errorId}
          errors={fields.mrp.errors}
          hint={sizedHint ?? "Optional; shown struck through when above the price"}
        >
          <input
            {...getInputProps(fields.mrp, { type: "number" })}
            min={0}
            step="0.01"
            inputMode="decimal"
            readOnly={sized}
          />
        </Field>
        <Field
          label="Stock"
          id={fields.stock.id}
          errorId={fields.stock.errorId}
          errors={fields.stock.errors}
          hint={sizedHint}
        >
          <input
            {...getInputProps(fields.stock, { type: "number" })}
            min={0}
            step={1}
            inputMode="numeric"
            readOnly={sized}
          />
        </Field>
      </div>
      <Field
        label="HSN code"
        id={fields.hsn.id}
        errorId={fields.hsn.errorId}
        errors={fields.hsn.errors}
        hint="For GST invoices: 4, 6 or 8 digits (3406 is candles). Check it with your tax adviser."
      >
        <input {...getInputProps(fields.hsn, { type: "text" })} inputMode="numeric" maxLength={12} />
      </Field>
      <Field
        label="Image URL"
        id={fields.image.id}
        errorId={fields.image.errorId}
        errors={fields.image.errors}
        hint="Optional; otherwise the first gallery picture"
      >
        <input {...getInputProps(fields.image, { type: "text" })} inputMode="url" />
      </Field>
      {collections.length > 0 ? (
        <fieldset className="collections-edit">
          <legend>Collections</legend>
          {collections.map((c) => (
            <label key={c.id}>
              <input type="checkbox" name="collections" value={c.id} defaultChecked={ticked.has(c.id)} /> {c.name}
            </label>
          ))}
        </fieldset>
      ) : null}
      <fieldset className="gallery-edit">
        <legend>Gallery</legend>
        {gallery.length === 0 ? <p className="muted">No pictures yet.</p> : null}
        <ul>
          {gallery.map((url, i) => (
            <li key={url}>
              <label>
                <input type="checkbox" name="images" value={url} defaultChecked /> Keep
                <img
                  src={isImageUrl(url) ? url : "/no-image.svg"}
                  alt={`Gallery item ${i + 1}`}
                  width={64}
                  height={64}
                  loading="lazy"
                  className="product-img"
                />
              </label>
            </li>
          ))}
        </ul>
        <Field
          label="Add pictures"
          id="gallery"
          errorId="gallery-error"
          errors={galleryError ? [galleryError] : (lastResult?.error?.gallery ?? imagesError)}
          hint="JPEG, PNG, WebP or GIF, up to 5 MB each"
        >
          <input
            ref={fileInput}
            id="gallery"
            name="gallery"
            type="file"
            multiple
            accept="image/jpeg,image/png,image/webp,image/gif"
            onChange={(e) => void uploadNow(e.currentTarget.files)}
          />
        </Field>
        {uploading > 0 ? <p role="status">Uploading…</p> : null}
      </fieldset>
      <SizeRows
        field={fields.sizes as unknown as SizeListField}
        onAdd={(row) => form.insert({ name: fields.sizes.name, defaultValue: row } as never)}
        gallery={gallery}
      />
      <div className="checkout-actions">
        <button type="submit" className="button primary" disabled={uploading > 0}>
          {mode === "create" ? "Create product" : "Save changes"}
        </button>
        <Link to="/admin/products" className="button">
          Cancel
        </Link>
      </div>
    </Form>
  );
}
