import { isRouteErrorResponse, Outlet, useMatches } from "react-router";
import { type AdminTab, AdminTabs } from "~/components/AdminTabs";
import { LoadFailed } from "~/components/LoadFailed";
import { pageTitle } from "~/lib/shop";
import { requireAdmin } from "~/models/accounts/auth.server";
import { failedMailCount } from "~/models/mail/outbox.server";
import { useErrorToast } from "~/utils/use-error-toast";
import type { Route } from "./+types/admin";

// The owner's pages: a heading and the tabs (Overview, Products, Orders, Mail), each tab a child
// route with its own URL. Every child checks the role itself: loaders run side by side.

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Admin") }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { failedMails: await failedMailCount() };
}

const TAB_OF_ROUTE: Record<string, AdminTab> = {
  "routes/admin.products": "products",
  "routes/admin.collections": "collections",
  "routes/admin.orders": "orders",
  "routes/admin.coupons": "coupons",
  "routes/admin.mail": "mail",
};

export default function Admin({ loaderData }: Route.ComponentProps) {
  const leaf = useMatches().at(-1)?.id ?? "";
  return (
    <section>
      <h1>Admin</h1>
      <AdminTabs current={TAB_OF_ROUTE[leaf] ?? "overview"} failedMails={loaderData.failedMails} />
      <Outlet />
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message =
    isRouteErrorResponse(error) && typeof (error.data as { message?: unknown })?.message === "string"
      ? (error.data as { message: string }).message
      : "Failed to load admin data";
  useErrorToast(error, message);
  return <LoadFailed title="Admin" message={message} retryHref="/admin" />;
}
