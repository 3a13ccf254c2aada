/** The short order id customers see and quote: the last 6 characters of the id, case kept. */
export const shortOrderId = (id: string) => id.slice(-6);

/** The order number as written everywhere: "#" and the short id. */
export const orderNumber = (id: string) => `#${shortOrderId(id)}`;
