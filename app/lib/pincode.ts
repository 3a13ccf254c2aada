import { en } from "./i18n/en";
import { z } from "./zod";

// PIN lookup (the checkout's city and state from a 6-digit PIN): the answer keeps the public Indian postal PIN
// service's own shape, so the same code reads our /api/pincode/:pin and that service.

export const PIN_INVALID = en.feedback.pinInvalid;
export const PIN_UNAVAILABLE = en.feedback.pinUnavailable;
export const PIN_BAD_RESPONSE = en.feedback.pinBadResponse;
export const PIN_NOT_FOUND = en.feedback.pinNotFound;

/**
 * A PIN a civilian address can have: six digits, the first (the postal region) 1-8. 9 is the Army
 * Postal Service's, 0 is no region; the directory holds neither.
 */
export const PIN_RE = /^[1-8]\d{5}$/;

export const postOfficeSchema = z.object({
  Name: z.string(),
  BranchType: z.string().optional(),
  DeliveryStatus: z.string().optional(),
  District: z.string(),
  Division: z.string().optional(),
  Region: z.string().optional(),
  // The service says "NA" when a post office has no block.
  Block: z
    .string()
    .nullish()
    .transform((b) => b || "NA"),
  State: z.string(),
  Country: z.literal("India"),
  Pincode: z.string(),
});

const successSchema = z.object({
  Message: z.string(),
  Status: z.literal("Success"),
  PostOffice: z.array(postOfficeSchema).min(1),
});

const errorSchema = z.object({
  Message: z.string(),
  Status: z.literal("Error"),
  PostOffice: z.union([z.null(), z.tuple([])]).transform(() => null),
});

/** The whole answer: a one-element list (unknown fields such as Circle are dropped). */
export const postalAnswerSchema = z.tuple([z.discriminatedUnion("Status", [successSchema, errorSchema])]);

export type PostOffice = z.output<typeof postOfficeSchema>;
export type PostalAnswer = z.output<typeof postalAnswerSchema>;

export const errorAnswer = (message: string): PostalAnswer => [{ Message: message, Status: "Error", PostOffice: null }];

/** The first post office gives District (used as city) and State; anything else is an error message. */
export function cityStateFromAnswer(answer: PostalAnswer): { city: string; state: string } | { error: string } {
  const first = answer[0];
  const office = first?.Status === "Success" ? first.PostOffice[0] : undefined;
  if (!office) return { error: first?.Message || PIN_NOT_FOUND };
  return { city: office.District, state: office.State };
}
