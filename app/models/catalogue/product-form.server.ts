import { parseWithZod } from "@conform-to/zod/v4";
import { COLLECTIONS_MAX, GALLERY_MAX, galleryTooMany, productFormSchema } from "~/lib/product-schema";
import { sizeFormFields } from "~/lib/size-schema";
import { formFields } from "~/utils/http.server";
import { createProduct, productExists, updateProduct } from "./product-admin.server";
import { sizeImageErrors, SizesRefused } from "./size-admin.server";
import { discardUploads, filesOf, saveUploads, UploadError } from "./uploads.server";

/**
 * The editor's fields. The gallery's kept URLs and new files are lists: far more of each are kept
 * than GALLERY_MAX, so that "this would make N" counts what the admin chose.
 */
const GALLERY_LIST_MAX = 100;

export const PRODUCT_FORM_FIELDS = formFields(productFormSchema, {
  images: GALLERY_LIST_MAX,
  gallery: GALLERY_LIST_MAX,
  ...sizeFormFields(),
  collections: COLLECTIONS_MAX,
});

/**
 * The product editor's submit, for create (no id) and edit: fields checked first, then the
 * gallery files (by content) saved and attached in the same submit. Returns the conform reply
 * on bad input, or the product id. Nothing is written for a refused submit: the gallery's size
 * (kept URLs + new files) and the product's existence are checked before any file is saved, and
 * files saved for a write that then fails are removed again.
 */
export async function submitProductForm(form: FormData, id?: string) {
  const submission = parseWithZod(form, { schema: productFormSchema });
  if (submission.status !== "success") return { reply: submission.reply() };
  const files = filesOf(form, "gallery");
  const total = new Set(submission.value.images).size + files.length;
  if (files.length > 0 && total > GALLERY_MAX)
    return { reply: submission.reply({ fieldErrors: { gallery: [galleryTooMany(total)] } }) };
  if (id !== undefined && !(await productExists(id))) return { missing: true as const };
  let uploaded: string[];
  try {
    uploaded = await saveUploads(files);
  } catch (error) {
    if (error instanceof UploadError) return { reply: submission.reply({ fieldErrors: { gallery: [error.message] } }) };
    throw error;
  }
  const input = { ...submission.value, images: [...submission.value.images, ...uploaded] };
  // A size's picture is one of the product's, as saved (kept and new, or its main image).
  const imageErrors = sizeImageErrors(input.sizes, [...input.images, ...(input.image ? [input.image] : [])]);
  if (Object.keys(imageErrors).length > 0) {
    await discardUploads(uploaded);
    return { reply: submission.reply({ fieldErrors: imageErrors }) };
  }
  try {
    if (id === undefined) return { id: await createProduct(input) };
    if (await updateProduct(id, input)) return { id };
  } catch (error) {
    await discardUploads(uploaded);
    if (error instanceof SizesRefused) return { reply: submission.reply({ fieldErrors: error.fieldErrors }) };
    throw error;
  }
  // Deleted while the files were being saved.
  await discardUploads(uploaded);
  return { missing: true as const };
}
