import { Link } from "react-router";
import { dayOfNumber, formatDate, formatShortDay, isoDay } from "~/lib/dates";
import { formatPaise } from "~/lib/money";
import { orderNumber } from "~/lib/order-number";
import { SLIPS_PER_PDF, slipsPdfs } from "~/lib/packing-slip-pages";
import { plural } from "~/lib/plural";
import type { OwnerOverview } from "~/models/overview/overview.server";
import { SalesChart } from "./SalesChart";

type Period = OwnerOverview["periods"]["today"];

function PeriodCard({ title, period, id }: { title: string; period: Period; id: string }) {
  return (
    <section className="stat-card" aria-labelledby={id} data-testid={`period-${id}`}>
      <h3 id={id}>{title}</h3>
      <p className="stat-big">{formatPaise(period.revenue)}</p>
      <dl className="stat-list">
        <div>
          <dt>Orders</dt>
          <dd data-testid="orders">{period.orders}</dd>
        </div>
        <div>
          <dt>Paid</dt>
          <dd data-testid="paid">{formatPaise(period.paid)}</dd>
        </div>
        <div>
          <dt>Unpaid</dt>
          <dd data-testid="unpaid">{formatPaise(period.unpaid)}</dd>
        </div>
        <div>
          <dt>Average order</dt>
          <dd data-testid="average">{formatPaise(period.average)}</dd>
        </div>
        <div>
          <dt>With a code</dt>
          <dd data-testid="with-code">
            {period.codeOrders} · {formatPaise(period.codeRevenue)}
          </dd>
        </div>
        <div>
          <dt>Without</dt>
          <dd data-testid="without-code">
            {period.orders - period.codeOrders} · {formatPaise(period.revenue - period.codeRevenue)}
          </dd>
        </div>
      </dl>
    </section>
  );
}

/** One sentence for the chart: what the 30 days came to, and the best day. */
function chartSummary(o: OwnerOverview): string {
  const m = o.periods.month;
  const best = o.days.reduce((a, d) => (d.revenue > a.revenue ? d : a), o.days[0]!);
  const from = formatShortDay(dayOfNumber(o.days[0]!.day));
  const to = formatShortDay(dayOfNumber(o.today));
  if (m.orders === 0) return `${from} – ${to}: no orders.`;
  return (
    `${from} – ${to}: ${formatPaise(m.revenue)} from ${plural(m.orders, "order")}; ` +
    `best day ${formatShortDay(dayOfNumber(best.day))} with ${formatPaise(best.revenue)} (${plural(best.orders, "order")}).`
  );
}

/** The first tab of /admin (issue #26): how the shop is doing and what needs doing. */
export function AdminOverview({ overview: o }: { overview: OwnerOverview }) {
  return (
    <div className="overview">
      <h2 className="visually-hidden">Overview</h2>
      <div className="stat-grid">
        <PeriodCard title="Today" period={o.periods.today} id="today" />
        <PeriodCard title="Last 7 days" period={o.periods.week} id="week" />
        <PeriodCard title="Last 30 days" period={o.periods.month} id="month" />
      </div>
      <p className="muted small">Cancelled orders are left out. Days are India days (IST).</p>

      <section aria-labelledby="chart-title" className="chart-block">
        <h3 id="chart-title">Revenue and orders per day, last 30 days</h3>
        <p id="chart-summary" data-testid="chart-summary">
          {chartSummary(o)}
        </p>
        <SalesChart days={o.days} summaryId="chart-summary" />
        <p className="chart-legend muted small" aria-hidden="true">
          <span className="key key-bar" /> Revenue (left, ₹) <span className="key key-line" /> Orders (right)
        </p>
        <details className="chart-table">
          <summary>Day by day (table)</summary>
          <div className="table-wrap">
            <table className="admin-table" data-testid="sales-table">
              <caption className="visually-hidden">Revenue and orders per day, last 30 days</caption>
              <thead>
                <tr>
                  <th scope="col">Day</th>
                  <th scope="col">Orders</th>
                  <th scope="col">Revenue</th>
                </tr>
              </thead>
              <tbody>
                {o.days.map((d) => (
                  <tr key={d.day} data-day={isoDay(dayOfNumber(d.day))}>
                    <th scope="row">
                      <time dateTime={isoDay(dayOfNumber(d.day))}>{formatShortDay(dayOfNumber(d.day))}</time>
                    </th>
                    <td>{d.orders}</td>
                    <td>{formatPaise(d.revenue)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      </section>

      <div className="overview-lists">
        <section aria-labelledby="waiting-title" data-testid="waiting">
          <h3 id="waiting-title">Waiting to be dispatched ({o.waiting.total})</h3>
          <p className="muted small">Placed or Processing for more than 2 days, oldest first.</p>
          {o.waiting.total === 0 ? (
            <p>Nothing is waiting.</p>
          ) : (
            <>
              <ul className="plain-list">
                {o.waiting.orders.map((w) => (
                  <li key={w.id}>
                    <Link to={`/admin/orders/${w.id}`}>{orderNumber(w.id)}</Link> {w.contactName}, {w.city} ·{" "}
                    {formatDate(w.createdAt)} · {w.status} ·{" "}
                    <a href={`/admin/orders/${w.id}/packing-slip`} className="small">
                      Packing slip<span className="visually-hidden"> of order {orderNumber(w.id)}</span>
                    </a>
                  </li>
                ))}
              </ul>
              {o.waiting.total > o.waiting.orders.length ? (
                <p className="muted small">and {o.waiting.total - o.waiting.orders.length} more</p>
              ) : null}
              {o.waiting.total <= SLIPS_PER_PDF ? (
                <a href="/admin/orders/packing-slips" className="button small">
                  Packing slips for all {o.waiting.total} (PDF)
                </a>
              ) : (
                <>
                  <p className="small">{`Packing slips print ${SLIPS_PER_PDF} to a PDF, oldest first:`}</p>
                  <ul className="plain-list">
                    {slipsPdfs(o.waiting.total).map((pdf) => (
                      <li key={pdf.href}>
                        <a href={pdf.href} className="button small">
                          {`Packing slips ${pdf.label} (PDF)`}
                        </a>
                      </li>
                    ))}
                  </ul>
                </>
              )}
            </>
          )}
        </section>

        <section aria-labelledby="stock-title" data-testid="low-stock">
          <h3 id="stock-title">Low stock ({o.lowStock.total})</h3>
          <p className="muted small">
            {o.lowStock.threshold} or fewer left; {o.lowStock.soldOut} sold out.
          </p>
          {o.lowStock.total === 0 ? (
            <p>Every product has more than {o.lowStock.threshold} left.</p>
          ) : (
            <ul className="plain-list">
              {o.lowStock.items.map((p) => (
                <li key={p.id}>
                  <Link to={`/admin/products/${p.id}`}>{p.name}</Link>{" "}
                  {p.stock <= 0 ? (
                    <span className="badge stock-badge sold-out">Sold out</span>
                  ) : (
                    <span className="badge stock-badge low">{p.stock} left</span>
                  )}
                </li>
              ))}
            </ul>
          )}
          {o.lowStock.total > o.lowStock.items.length ? (
            <p className="muted small">
              and {o.lowStock.total - o.lowStock.items.length} more:{" "}
              <Link to="/admin/products?sort=stock">all products by stock</Link>
            </p>
          ) : null}
        </section>

        <section aria-labelledby="best-title" data-testid="best-sellers">
          <h3 id="best-title">Best sellers, last 30 days</h3>
          {o.bestSellers.length === 0 ? (
            <p>No sales yet.</p>
          ) : (
            <ol>
              {o.bestSellers.map((b) => (
                <li key={b.id}>
                  {b.deleted ? b.name : <Link to={`/product/${b.id}`}>{b.name}</Link>} ·{" "}
                  {plural(b.units, "sold", "sold")}
                </li>
              ))}
            </ol>
          )}
        </section>
      </div>
    </div>
  );
}
