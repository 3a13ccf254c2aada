import { parseWithZod } from "@conform-to/zod/v4";
import { collectionSchema, SLUG_TAKEN } from "~/lib/collection-schema";
import { formFields } from "~/utils/http.server";
import { createCollection, updateCollection } from "./collections.server";
import { discardUploads, filesOf, saveUploads, UploadError } from "./uploads.server";

/** The collection form's fields, the list page's buttons (intent, id) and the picture file. */
export const COLLECTION_FORM_FIELDS = formFields(collectionSchema, { intent: 1, id: 1, picture: 1 });

/**
 * The admin's collection form, for create (no id) and edit: fields checked first, then a chosen
 * picture file checked by content and saved as a product picture is (it then replaces the URL).
 * Returns the conform reply on bad input (a taken slug among it), the id, or `missing`.
 */
export async function submitCollectionForm(form: FormData, id?: string) {
  const submission = parseWithZod(form, { schema: collectionSchema });
  if (submission.status !== "success") return { reply: submission.reply() };
  let uploaded: string[];
  try {
    uploaded = await saveUploads(filesOf(form, "picture").slice(0, 1));
  } catch (error) {
    if (error instanceof UploadError) return { reply: submission.reply({ fieldErrors: { picture: [error.message] } }) };
    throw error;
  }
  const input = { ...submission.value, image: uploaded[0] ?? submission.value.image };
  let result;
  try {
    result = id === undefined ? await createCollection(input) : await updateCollection(id, input);
  } catch (error) {
    await discardUploads(uploaded);
    throw error;
  }
  if ("id" in result) return { id: result.id };
  await discardUploads(uploaded);
  if ("slugTaken" in result) return { reply: submission.reply({ fieldErrors: { slug: [SLUG_TAKEN] } }) };
  return { missing: true as const };
}
