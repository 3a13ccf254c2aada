import type { InvoiceOrder } from "../../app/models/invoices/invoice-pdf.server";

// One sample order for everything that renders an invoice outside the app: unit tests, the bench
// and scripts/invoice-renders.ts. Override what a case is about; the totals follow the lines.

type Line = Omit<InvoiceOrder["items"][number], "hsn"> & { hsn?: string };

/** Three lines in three scripts, as a mixed cart looks. */
export const MIXED_LINES: Line[] = [
  { name: "Lavender Dream", qty: 3, price: 45000 },
  { name: "मसाला चाय जार कैंडल", qty: 1, price: 129900 },
  { name: "மழை மண் டின்", qty: 2, price: 34950 },
];

/** An order as checkout makes it: totals computed from the lines (flat ₹49 shipping). */
export function invoiceOrder({
  items: lines = MIXED_LINES,
  ...overrides
}: Partial<Omit<InvoiceOrder, "items">> & { items?: Line[] } = {}): InvoiceOrder {
  const items = lines.map((line) => ({ hsn: "3406", ...line }));
  const subtotal = items.reduce((sum, i) => sum + i.qty * i.price, 0);
  const shipping = subtotal > 0 ? 4900 : 0;
  return {
    id: "665f1c2a9b3e4d5f6a7b8c9d",
    invoiceNumber: "RK/26-27/000123",
    gstRatePercent: null,
    supplyStateCode: "29", // the PIN's state, Karnataka
    // 20 Nov 20:30 UTC is already 21 Nov (02:00) in India
    createdAt: new Date("2026-11-20T20:30:00Z"),
    status: "Placed",
    isPaid: false,
    paymentMethod: "COD",
    contact: { name: "Priya Sharma", email: "priya@example.com", phone: "9876543210" },
    shippingAddress: {
      address: "12, 4th Cross, MG Road, Indiranagar",
      city: "Bengaluru",
      state: "Karnataka",
      pin: "560038",
    },
    items,
    subtotal,
    shipping,
    grandTotal: subtotal + shipping,
    ...overrides,
  };
}
