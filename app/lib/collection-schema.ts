// The admin's collection form (issue #37): one schema for the action and the browser.
import { imageUrl } from "./product-schema";
import { z } from "./zod";

export const COLLECTION_NAME_REQUIRED = "Name is required";
export const SLUG_INVALID = "Use lowercase letters, digits and hyphens (e.g. festive-gifts)";
export const SLUG_TAKEN = "Another collection already uses this slug: choose another one";
export const COLLECTION_NAME_MAX = 60;
export const SLUG_MAX = 60;
export const COLLECTION_DESCRIPTION_MAX = 500;

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * A slug from a name: lowercase ASCII letters and digits, anything else one hyphen, at most
 * SLUG_MAX characters. "" when the name has no such character (a Hindi-only name): the model then
 * makes one up.
 */
export function slugify(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, SLUG_MAX)
    .replace(/^-+|-+$/g, "");
}

/** Whether a query's `collection` could be a slug at all (else it names no collection: no query needed). */
export const isSlug = (value: string) => value.length <= SLUG_MAX && SLUG.test(value);

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `At most ${max} characters` })
    .optional()
    .default("");

export const collectionSchema = z.object({
  name: z
    .string({ error: COLLECTION_NAME_REQUIRED })
    .trim()
    .min(1, { error: COLLECTION_NAME_REQUIRED })
    .max(COLLECTION_NAME_MAX, { error: `At most ${COLLECTION_NAME_MAX} characters` }),
  /** Empty: made from the name. */
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .max(SLUG_MAX, { error: `At most ${SLUG_MAX} characters` })
    .refine((s) => s === "" || SLUG.test(s), { error: SLUG_INVALID })
    .optional()
    .default(""),
  description: text(COLLECTION_DESCRIPTION_MAX),
  nameHi: text(COLLECTION_NAME_MAX),
  descriptionHi: text(COLLECTION_DESCRIPTION_MAX),
  /** A picture's URL (an upload's /uploads/… or https://…), "" for none. */
  image: z
    .union([z.literal(""), imageUrl])
    .optional()
    .default(""),
});
export type CollectionInput = z.output<typeof collectionSchema>;
