import { en } from "~/lib/i18n/en";
/** A refusal the shopper can act on; nothing was written. */
export class OrderError extends Error {}

/**
 * The order would cost another total than the page the shopper submitted showed (issue #50): a
 * code's terms, a price or a fee changed in between. Answered 409 with the new total, like a cart
 * out of date.
 */
export class TotalChanged extends OrderError {}

export const PRODUCT_GONE = en.feedback.productGone;
