import { data, Link } from "react-router";
import { Totals } from "~/components/Totals";
import { formatDate } from "~/lib/dates";
import { formatPaise } from "~/lib/money";
import { getOrderFor } from "~/models/order.server";
import { requireAdmin } from "~/utils/auth.server";
import type { Route } from "./+types/admin.orders.$id";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `Order #${data?.order.id.slice(-6) ?? ""} · Admin · RK Candles` },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const order = await getOrderFor(admin, params.id);
  if (!order) throw data({ message: "Order not found" }, { status: 404 });
  return { order };
}

export default function AdminOrder({ loaderData }: Route.ComponentProps) {
  const { order: o } = loaderData;
  return (
    <section>
      <p>
        <Link to="/admin?tab=orders" className="back-link">
          ← All orders
        </Link>
      </p>
      <h1>Order #{o.id.slice(-6)}</h1>
      <p>
        {formatDate(o.createdAt)} · <strong>{o.status}</strong> · {o.isPaid ? "Paid" : "Not paid"} · Cash on delivery
      </p>
      <div className="cart">
        <div>
          <h2>Contact</h2>
          <p>
            {o.contactName}
            <br />
            <a href={`mailto:${o.contactEmail}`}>{o.contactEmail}</a>
            <br />
            <a href={`tel:${o.contactPhone}`}>{o.contactPhone}</a>
          </p>
          <h2>Shipping address</h2>
          <p>
            <span className="ship-to-lines">{o.address}</span>
            <br />
            {o.city}, {o.state} {o.pin}
          </p>
        </div>
        <aside className="summary">
          <h2>Items</h2>
          <ul className="summary-lines">
            {o.items.map((i) => (
              <li key={i.id}>
                <span>
                  {i.name} × {i.qty} @ {formatPaise(i.price)}
                </span>
                <span>{formatPaise(i.price * i.qty)}</span>
              </li>
            ))}
          </ul>
          <Totals subtotal={o.subtotal} shipping={o.shipping} total={o.grandTotal} />
          <a href={`/api/orders/${o.id}/invoice`} target="_blank" rel="noopener" className="button small">
            Invoice
          </a>
        </aside>
      </div>
    </section>
  );
}
