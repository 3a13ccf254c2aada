import { sql } from "drizzle-orm";
import { NavLink, useSearchParams } from "react-router";
import type { Route } from "./+types/admin";
import { db } from "~/db/client.server";
import { orders, products } from "~/db/schema";
import { requireAdmin } from "~/models/auth.server";

export const meta: Route.MetaFunction = () => [{ title: "Admin · RK Candles" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const count = (table: typeof products | typeof orders) =>
    db.select({ n: sql<number>`count(*)` }).from(table).get()?.n ?? 0;
  return { productCount: count(products), orderCount: count(orders) };
}

// The admin landing: the product and order editors of the admin issue hang off these tabs.
export default function Admin({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const tab = params.get("tab") === "orders" ? "orders" : "products";
  return (
    <section>
      <h1>Admin</h1>
      <nav className="tabs" aria-label="Admin sections">
        <NavLink to="/admin" end className={() => (tab === "products" ? "tab active" : "tab")}>
          Products
        </NavLink>
        <NavLink to="/admin?tab=orders" className={() => (tab === "orders" ? "tab active" : "tab")}>
          Orders
        </NavLink>
      </nav>
      {tab === "products" ? (
        <p>{loaderData.productCount} products in the catalogue.</p>
      ) : (
        <p>{loaderData.orderCount} orders placed.</p>
      )}
    </section>
  );
}
