import { isoDay, indiaDay } from "~/lib/dates";
import { parseOrderFilter } from "~/lib/order-filter";
import { requireAdmin } from "~/models/accounts/auth.server";
import { orderCsvStream } from "~/models/orders/export.server";
import type { Route } from "./+types/admin.orders.csv";

// GET /admin/orders.csv?status=&from=&to=&q= (admins): the Orders tab's filtered orders as a CSV
// download, one row per order line, streamed (app/models/order-export.server.ts).
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const { filter, errors } = parseOrderFilter(new URL(request.url).searchParams);
  if (errors.length)
    return new Response(`${errors.join(" ")}\n`, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
    });
  const name = `orders-${filter.from ?? "all"}-to-${filter.to ?? isoDay(indiaDay(new Date()))}.csv`;
  return new Response(orderCsvStream(filter), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
