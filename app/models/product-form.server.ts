import { parseWithZod } from "@conform-to/zod/v4";
import { productSchema } from "~/lib/product-schema";
import { createProduct, updateProduct } from "./product-admin.server";
import { filesOf, saveUploads, UploadError } from "./upload.server";

/**
 * The product editor's submit, for create (no id) and edit: fields checked first, then the
 * gallery files (by content) saved and attached in the same submit. Returns the conform reply
 * on bad input, or the product id.
 */
export async function submitProductForm(form: FormData, id?: string) {
  const submission = parseWithZod(form, { schema: productSchema });
  if (submission.status !== "success") return { reply: submission.reply() };
  let uploaded: string[];
  try {
    uploaded = await saveUploads(filesOf(form, "gallery"));
  } catch (error) {
    if (error instanceof UploadError) return { reply: submission.reply({ fieldErrors: { gallery: [error.message] } }) };
    throw error;
  }
  const input = { ...submission.value, images: [...submission.value.images, ...uploaded] };
  if (id === undefined) return { id: createProduct(input) };
  return updateProduct(id, input) ? { id } : { missing: true as const };
}
