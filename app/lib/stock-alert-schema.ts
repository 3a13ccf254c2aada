import { en } from "./i18n/en";
import { z } from "./zod";

/**
 * "Tell me when it's back" (issue #39): the product, its chosen size (empty: a product without
 * sizes) and the address to mail, trimmed and lower-cased as accounts keep theirs.
 */
export const stockAlertSchema = z.object({
  productId: z.string({ error: en.feedback.alertUnknown }).trim().min(1, { error: en.feedback.alertUnknown }).max(64),
  size: z.string().trim().max(64, { error: en.feedback.alertUnknown }).default(""),
  email: z
    .string({ error: en.feedback.emailInvalid })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: en.feedback.emailInvalid }).max(254, { error: en.feedback.emailInvalid })),
});

export type StockAlertInput = z.infer<typeof stockAlertSchema>;
