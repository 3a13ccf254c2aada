// Texts of the review form and its answers, kept apart from the zod schema so that the product
// page can show them without downloading zod (the form itself is loaded lazily).

/** The success toast for a review. */
export const REVIEW_SUBMITTED = "Review submitted";
/** A customer's second review of a product replaces the first (one review per customer per product). */
export const REVIEW_UPDATED = "Review updated";
export const REVIEWED_ALREADY = "You reviewed this product. Posting again updates your review.";
