// Texts of the review form and its answers, kept apart from the zod schema so that the product
// page can show them without downloading zod (the form itself is loaded lazily).
import { en } from "./i18n/en";

/** The success toast for a review. */
export const REVIEW_SUBMITTED = en.feedback.reviewSubmitted;
/** A customer's second review of a product replaces the first (one review per customer per product). */
export const REVIEW_UPDATED = en.feedback.reviewUpdated;
