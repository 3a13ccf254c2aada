import { requireAdmin } from "~/models/accounts/auth.server";
import { packingSlipsPdf } from "~/models/invoices/pdf-thread.server";
import { ordersByIds } from "~/models/orders/read.server";
import { waitingOrderIds } from "~/models/overview/overview.server";
import { pdfResponse } from "~/utils/pdf-response.server";
import type { Route } from "./+types/admin.orders.packing-slips";

/** The most slips one PDF holds: the oldest orders first; print again once they are sent. */
export const PACKING_SLIPS_MAX = 500;

// GET /admin/orders/packing-slips (admins): one PDF, a slip per page, for every order waiting to be
// dispatched (Placed or Processing for more than 2 days), oldest first.
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const ids = (await waitingOrderIds()).slice(0, PACKING_SLIPS_MAX);
  return pdfResponse(await packingSlipsPdf(await ordersByIds(ids)), "packing-slips.pdf");
}
