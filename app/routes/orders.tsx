import { Link } from "react-router";
import type { Route } from "./+types/orders";
import { formatDate } from "~/lib/dates";
import { formatPaise } from "~/lib/money";
import { requireUser } from "~/models/auth.server";
import { listOrdersForUser } from "~/models/order.server";

export const meta: Route.MetaFunction = () => [{ title: "My Orders · RK Candles" }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return { orders: listOrdersForUser(user.id) };
}

export default function Orders({ loaderData }: Route.ComponentProps) {
  const { orders } = loaderData;
  return (
    <section>
      <h1>My Orders</h1>
      <p>
        <Link to="/orders" className="button">
          Refresh
        </Link>
      </p>
      {orders.length === 0 ? (
        <p>
          You have no orders yet. <Link to="/shop">Go to Shop</Link>
        </p>
      ) : (
        <ul className="order-list">
          {orders.map((o) => (
            <li key={o.id}>
              <strong>#{o.id.slice(-6)}</strong> · {formatDate(o.createdAt)} · {o.status} ·{" "}
              {formatPaise(o.grandTotal)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
