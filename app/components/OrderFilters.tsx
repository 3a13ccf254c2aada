import { Form, Link } from "react-router";
import { CONFIRM_FILTERS, orderFilterQuery, type OrderFilter } from "~/lib/order-filter";
import { ORDER_STATUSES } from "~/lib/order-schema";

/**
 * The Orders tab's filters: a GET form, so a filtered list is a URL to bookmark or share, and
 * paging keeps it. Its fields never include `page`: a new filter starts at page 1.
 */
export function OrderFilters({
  filter,
  errors,
  confirm = false,
  upi = false,
}: {
  filter: OrderFilter;
  errors: string[];
  /** Whether COD orders are confirmed by their customers (COD_CONFIRM): a filter by it. */
  confirm?: boolean;
  /** Whether the shop takes UPI (SHOP_UPI_ID): a filter of the payments to check. */
  upi?: boolean;
}) {
  const query = orderFilterQuery(filter).toString();
  return (
    <Form method="get" action="/admin/orders" className="order-filters" role="search" aria-label="Find orders">
      <div className="filter-fields">
        <label>
          Search
          <input
            type="search"
            name="q"
            defaultValue={filter.q ?? ""}
            maxLength={100}
            placeholder="Order number, name, phone or email"
          />
        </label>
        <label>
          Status
          <select name="status" defaultValue={filter.status ?? ""}>
            <option value="">All statuses</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
        </label>
        {confirm || filter.confirm ? (
          <label>
            Confirmation
            <select name="confirm" defaultValue={filter.confirm ?? ""}>
              <option value="">Any</option>
              {CONFIRM_FILTERS.map((c) => (
                <option key={c} value={c}>
                  {c === "confirmed" ? "Confirmed" : "Unconfirmed"}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        {upi || filter.payment ? (
          <label>
            Payment
            <select name="payment" defaultValue={filter.payment ?? ""}>
              <option value="">All payments</option>
              <option value="check">Payment to check</option>
            </select>
          </label>
        ) : null}
        <label>
          From
          <input type="date" name="from" defaultValue={filter.from ?? ""} />
        </label>
        <label>
          To
          <input type="date" name="to" defaultValue={filter.to ?? ""} />
        </label>
      </div>
      {errors.length ? (
        <p className="field-error" role="alert">
          {errors.join(" ")}
        </p>
      ) : null}
      <div className="filter-actions">
        <button type="submit" className="button primary">
          Find orders
        </button>
        {query ? (
          <Link to="/admin/orders" className="button">
            Clear
          </Link>
        ) : null}
        <a href={`/admin/orders.csv${query ? `?${query}` : ""}`} className="button" download>
          Export CSV
        </a>
      </div>
    </Form>
  );
}
