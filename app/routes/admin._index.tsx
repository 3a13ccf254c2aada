import { redirect } from "react-router";
import { AdminOverview } from "~/components/AdminOverview";
import { requireAdmin } from "~/models/accounts/auth.server";
import { ownerOverview } from "~/models/overview/overview.server";
import type { Route } from "./+types/admin._index";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  // The tabs were once /admin?tab=products and /admin?tab=orders: such a link (a bookmark, a
  // mail) goes on to the tab's own URL with the rest of its query.
  const url = new URL(request.url);
  const tab = url.searchParams.get("tab");
  if (tab === "products" || tab === "orders") {
    url.searchParams.delete("tab");
    const query = url.searchParams.toString();
    throw redirect(`/admin/${tab}${query ? `?${query}` : ""}`, 301);
  }
  return { overview: await ownerOverview() };
}

export default function AdminOverviewTab({ loaderData }: Route.ComponentProps) {
  return <AdminOverview overview={loaderData.overview} />;
}
