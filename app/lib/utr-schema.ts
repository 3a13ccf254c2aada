// The UTR form of the UPI payment page (issue #38), shared by the page and its action: the
// 12-digit reference a UPI app shows for a payment, spaces ignored.
import { en } from "./i18n/en";
import { normalizeUtr, UTR_RE } from "./upi";
import { z } from "./zod";

export const UTR_INVALID = en.feedback.utrInvalid;
export const UTR_TAKEN = en.feedback.utrTaken;
export const UTR_NOT_AWAITED = en.feedback.utrNotAwaited;

export const utrSchema = z.object({
  utr: z
    .string({ error: UTR_INVALID })
    .transform(normalizeUtr)
    .refine((v) => UTR_RE.test(v), { error: UTR_INVALID }),
});
