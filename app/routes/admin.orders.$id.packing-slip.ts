import { shortOrderId } from "~/lib/order-number";
import { requireAdmin } from "~/models/accounts/auth.server";
import { packingSlipsPdf } from "~/models/invoices/pdf-thread.server";
import { getOrderFor } from "~/models/orders/read.server";
import { pdfResponse } from "~/utils/pdf-response.server";
import type { Route } from "./+types/admin.orders.$id.packing-slip";

// GET /admin/orders/{id}/packing-slip (admins): the order's packing slip, a printable PDF.
export async function loader({ request, params }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const order = await getOrderFor(admin, params.id);
  if (!order) throw new Response("Order not found", { status: 404 });
  return pdfResponse(await packingSlipsPdf([order]), `packing-slip-${shortOrderId(order.id)}.pdf`);
}
