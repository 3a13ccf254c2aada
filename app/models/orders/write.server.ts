import type { Tx } from "~/db/client.server";
import { orderItems, orders } from "~/db/schema";
import { env } from "~/env.server";
import type { CartTotals } from "~/lib/cart";
import { newId } from "~/utils/id.server";
import type { PlaceOrderInput, PricedLine } from "./lines.server";

export type NewOrder = Pick<PlaceOrderInput, "contact" | "shippingAddress"> & {
  id: string;
  userId: string;
  invoiceNumber: string;
  placedAt: Date;
  /** The place of supply's GST state code (supplyStateCode), null when no state was recognised. */
  supplyStateCode: string | null;
  lines: PricedLine[];
  totals: CartTotals;
  key?: string;
};

/** Writes a new order and its lines (in the cart's order), unpaid, cash on delivery. */
export async function insertOrder(tx: Tx, o: NewOrder): Promise<void> {
  await tx.insert(orders).values({
    id: o.id,
    invoiceNumber: o.invoiceNumber,
    gstRateBp: env.gst ? Math.round(env.gst.ratePercent * 100) : null,
    supplyStateCode: o.supplyStateCode,
    createdAt: o.placedAt,
    userId: o.userId,
    status: "Placed",
    isPaid: false,
    paymentMethod: "COD",
    contactName: o.contact.name,
    contactEmail: o.contact.email,
    contactPhone: o.contact.phone,
    address: o.shippingAddress.address,
    city: o.shippingAddress.city,
    state: o.shippingAddress.state,
    pin: o.shippingAddress.pin,
    subtotal: o.totals.subtotal,
    shipping: o.totals.shipping,
    grandTotal: o.totals.total,
    idempotencyKey: o.key ?? null,
  });
  for (const [position, line] of o.lines.entries()) {
    await tx.insert(orderItems).values({
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
    });
  }
}
