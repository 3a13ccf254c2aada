import type { Tx } from "~/db/client.server";
import { orderItems, orders } from "~/db/schema";
import { env } from "~/env.server";
import type { PaymentMethod, PriceBreakdown } from "~/lib/price-breakdown";
import { newId } from "~/utils/id.server";
import type { PlaceOrderInput, PricedLine } from "./lines.server";

export type NewOrder = Pick<PlaceOrderInput, "contact" | "shippingAddress"> & {
  id: string;
  userId: string;
  placedAt: Date;
  /** The place of supply's GST state code (supplyStateCode), null when no state was recognised. */
  supplyStateCode: string | null;
  lines: PricedLine[];
  totals: PriceBreakdown;
  paymentMethod: PaymentMethod;
  /** The hash of a COD order's confirm link (COD_CONFIRM), null when it needs none. */
  confirmTokenHash: string | null;
  /** The coupon whose code took `totals.couponDiscount` off (issue #39), or none. */
  coupon?: { id: string; code: string } | null;
  key?: string;
};

/**
 * When the clock cancels an order placed at `placedAt`, if it ever does: a UPI order not paid
 * within UPI_HOLD_HOURS (unless a UTR came), a COD order to confirm within COD_CONFIRM_HOURS.
 */
function expiryOf(o: NewOrder): Date | null {
  const { upiHoldMs, codConfirmMs } = env.payments;
  if (o.paymentMethod === "UPI") return new Date(o.placedAt.getTime() + upiHoldMs);
  if (o.confirmTokenHash && codConfirmMs !== null) return new Date(o.placedAt.getTime() + codConfirmMs);
  return null;
}

/**
 * Writes a new order and its lines (in the cart's order), unpaid, in two statements. Its invoice
 * number is taken last in the transaction (numberOrder), so the order has none until then.
 */
export async function insertOrder(tx: Tx, o: NewOrder): Promise<void> {
  await tx.insert(orders).values({
    id: o.id,
    gstRateBp: env.gst ? Math.round(env.gst.ratePercent * 100) : null,
    supplyStateCode: o.supplyStateCode,
    createdAt: o.placedAt,
    userId: o.userId,
    status: "Placed",
    isPaid: false,
    paymentMethod: o.paymentMethod,
    contactName: o.contact.name,
    contactEmail: o.contact.email,
    contactPhone: o.contact.phone,
    address: o.shippingAddress.address,
    city: o.shippingAddress.city,
    state: o.shippingAddress.state,
    pin: o.shippingAddress.pin,
    subtotal: o.totals.goods,
    couponId: o.coupon?.id ?? null,
    couponCode: o.coupon?.code ?? null,
    couponDiscount: o.totals.couponDiscount,
    prepaidDiscount: o.totals.prepaidDiscount,
    shipping: o.totals.shipping,
    codFee: o.totals.codFee,
    grandTotal: o.totals.total,
    expiresAt: expiryOf(o),
    confirmTokenHash: o.confirmTokenHash,
    idempotencyKey: o.key ?? null,
  });
  await tx.insert(orderItems).values(
    o.lines.map((line, position) => ({
      id: newId(),
      orderId: o.id,
      productId: line.id,
      name: line.name,
      qty: line.qty,
      price: line.price,
      image: line.image,
      hsn: line.hsn,
      position,
      sizeId: line.sizeId,
      sizeLabel: line.sizeLabel,
    })),
  );
}
