import { en } from "~/lib/i18n/en";
/** A refusal the shopper can act on; nothing was written. */
export class OrderError extends Error {}

export const PRODUCT_GONE = en.feedback.productGone;
