import { en } from "./i18n/en";
import { multiLine } from "./plain-text";
import { z } from "./zod";

export const RATING_INVALID = en.feedback.ratingInvalid;
export const COMMENT_MAX = 2000;

// One schema for the product page's form and POST /api/products/{id}/reviews.
export const reviewSchema = z.object({
  // A number, or its digits as a form sends them; nothing else is read as one (true, [3], "0x3").
  rating: z.preprocess(
    (v) => (typeof v === "string" && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
    z
      .number({ error: RATING_INVALID })
      .int({ error: RATING_INVALID })
      .min(1, { error: RATING_INVALID })
      .max(5, { error: RATING_INVALID }),
  ),
  comment: z
    .string()
    .overwrite(multiLine)
    .trim()
    .max(COMMENT_MAX, { error: en.feedback.commentTooLong(COMMENT_MAX) })
    .optional()
    .default(""),
});
export type ReviewInput = z.infer<typeof reviewSchema>;
