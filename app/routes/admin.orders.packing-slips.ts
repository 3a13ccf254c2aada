import { PAGE_INVALID, parseSlipsPage, SLIPS_PER_PDF } from "~/lib/packing-slip-pages";
import { requireAdmin } from "~/models/accounts/auth.server";
import { packingSlipsPdf } from "~/models/invoices/pdf-thread.server";
import { ordersByIds } from "~/models/orders/read.server";
import { waitingOrderIds } from "~/models/overview/overview.server";
import { pdfResponse } from "~/utils/pdf-response.server";
import type { Route } from "./+types/admin.orders.packing-slips";

// GET /admin/orders/packing-slips?page= (admins): one PDF, a slip per page, for the orders waiting
// to be dispatched (Placed or Processing for more than 2 days), oldest first, SLIPS_PER_PDF to a
// PDF: ?page=2 holds the next ones (the overview links each).
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const page = parseSlipsPage(new URL(request.url).searchParams);
  if (page === null)
    return new Response(`${PAGE_INVALID}\n`, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
    });
  const ids = (await waitingOrderIds()).slice((page - 1) * SLIPS_PER_PDF, page * SLIPS_PER_PDF);
  const name = page === 1 ? "packing-slips.pdf" : `packing-slips-${page}.pdf`;
  return pdfResponse(await packingSlipsPdf(await ordersByIds(ids)), name);
}
