/** A refusal the shopper can act on; nothing was written. */
export class OrderError extends Error {}

export const PRODUCT_GONE = "A product in your order is no longer available.";
