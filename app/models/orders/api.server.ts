import { paiseToRupees } from "~/lib/money";
import { paymentState } from "~/lib/payment-state";
import type { OrderWithItems } from "./read.server";

/** An order as the JSON API answers it: `_id`, money in rupees, contact and address nested. */
export function toApiOrder(o: OrderWithItems) {
  return {
    _id: o.id,
    invoiceNumber: o.invoiceNumber,
    createdAt: o.createdAt.toISOString(),
    status: o.status,
    isPaid: o.isPaid,
    paymentMethod: o.paymentMethod,
    contact: { name: o.contactName, email: o.contactEmail, phone: o.contactPhone },
    shippingAddress: { address: o.address, city: o.city, state: o.state, pin: o.pin },
    items: o.items.map((i) => ({
      product: i.productId,
      name: i.name,
      qty: i.qty,
      price: paiseToRupees(i.price),
      image: i.image,
      // Issue #37: a sized line's size and its label then. A line without a size answers exactly
      // as before (the specification's contract tests compare a line's whole shape).
      ...(i.sizeId === null ? {} : { sizeId: i.sizeId, sizeLabel: i.sizeLabel }),
    })),
    courier: o.courier,
    trackingNumber: o.trackingNumber,
    totals: {
      subtotal: paiseToRupees(o.subtotal),
      shipping: paiseToRupees(o.shipping),
      grandTotal: paiseToRupees(o.grandTotal),
    },
    // Issue #38, new fields beside the old ones: where the payment stands (a UPI order's UTR and
    // when the owner found it paid), the money rules' lines in rupees, and a COD confirmation.
    payment: {
      state: paymentState(o),
      utr: o.utr,
      utrAt: o.utrAt?.toISOString() ?? null,
      paidAt: o.paidAt?.toISOString() ?? null,
    },
    prepaidDiscount: paiseToRupees(o.prepaidDiscount),
    // Issue #39: the coupon code and what it took off the goods (rupees); null and 0 without one.
    couponCode: o.couponCode,
    couponDiscount: paiseToRupees(o.couponDiscount),
    codFee: paiseToRupees(o.codFee),
    confirmedAt: o.confirmedAt?.toISOString() ?? null,
  };
}
