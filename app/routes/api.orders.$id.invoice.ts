import { shortOrderId } from "~/lib/order-number";
import { requireApiUser } from "~/models/accounts/auth.server";
import { orderInvoicePdf } from "~/models/invoices/order-invoice.server";
import { getOrderFor } from "~/models/orders/read.server";
import { apiError } from "~/utils/http.server";
import { pdfResponse } from "~/utils/pdf-response.server";
import type { Route } from "./+types/api.orders.$id.invoice";

// GET /api/orders/{id}/invoice: a PDF for the order's owner or an admin; 404 for anyone else.
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireApiUser(request);
  const order = await getOrderFor(user, params.id);
  if (!order) return apiError(404, "Order not found");
  const pdf = await orderInvoicePdf(order);
  return pdfResponse(pdf, `invoice-${shortOrderId(order.id)}.pdf`);
}
