import { Link } from "react-router";
import { ConfirmButton } from "~/components/ConfirmButton";
import { ProductImage } from "~/components/ProductImage";
import { env } from "~/env.server";
import { formatPaise } from "~/lib/money";
import { plural } from "~/lib/plural";
import { ADMIN_MAX_LIMIT, parseShopQuery } from "~/lib/shop-query";
import { requireAdmin } from "~/models/accounts/auth.server";
import { productsByStock } from "~/models/catalogue/product-admin.server";
import { listProducts } from "~/models/catalogue/products.server";
import { sizeTotals } from "~/models/catalogue/size-admin.server";
import { waitingCounts } from "~/models/catalogue/stock-alerts.server";
import type { Route } from "./+types/admin.products";

/** The Products tab's order: as added (newest first), or by stock (`stock`: fewest first). */
type ProductSort = "newest" | "stock-asc" | "stock-desc";
const productSortOf = (params: URLSearchParams): ProductSort =>
  params.get("sort") !== "stock" ? "newest" : params.get("order") === "desc" ? "stock-desc" : "stock-asc";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const sort = productSortOf(new URL(request.url).searchParams);
  const { items, totalItems } =
    sort === "newest"
      ? await listProducts(
          parseShopQuery(new URLSearchParams({ limit: String(ADMIN_MAX_LIMIT) }), { maxLimit: ADMIN_MAX_LIMIT }),
        )
      : await productsByStock(sort === "stock-asc" ? "asc" : "desc", ADMIN_MAX_LIMIT);
  // One grouped read for the page's products: "3 sizes" and the stock of all of them.
  const ids = items.map((p) => p.id);
  const [sized, waiting] = await Promise.all([sizeTotals(ids), waitingCounts(ids)]);
  return { items, totalItems, sort, sized, waiting, lowStockThreshold: env.lowStockThreshold };
}

/** The Stock column's heading: a link that sorts by stock, fewest first, then most first. */
function StockHeading({ sort }: { sort: ProductSort }) {
  const next = sort === "stock-asc" ? "desc" : "asc";
  const label = sort === "stock-asc" ? "fewest first" : sort === "stock-desc" ? "most first" : null;
  return (
    <th scope="col" aria-sort={sort === "stock-asc" ? "ascending" : sort === "stock-desc" ? "descending" : undefined}>
      <Link to={`/admin/products?sort=stock${next === "desc" ? "&order=desc" : ""}`} className="sort-link">
        Stock
        <span aria-hidden="true">{sort === "stock-asc" ? " ↑" : sort === "stock-desc" ? " ↓" : " ↕"}</span>
        <span className="visually-hidden">
          {label ? ` (sorted ${label}; sort ${next === "desc" ? "most" : "fewest"} first)` : " (sort by stock)"}
        </span>
      </Link>
    </th>
  );
}

function StockBadge({ stock, threshold }: { stock: number; threshold: number }) {
  if (stock <= 0) return <span className="badge stock-badge sold-out">Sold out</span>;
  if (stock <= threshold) return <span className="badge stock-badge low">Low stock</span>;
  return null;
}

export default function ProductsTab({ loaderData }: Route.ComponentProps) {
  const { items, totalItems, sort, sized, waiting, lowStockThreshold } = loaderData;
  return (
    <>
      <div className="page-head">
        <p className="muted">
          {totalItems} products{totalItems > items.length ? ` (showing ${items.length})` : ""}
          {sort !== "newest" ? (
            <>
              {" "}
              · by stock · <Link to="/admin/products">newest first</Link>
            </>
          ) : null}
        </p>
        <Link to="/admin/products/new" className="button primary">
          New Product
        </Link>
      </div>
      <div className="table-wrap">
        <table className="admin-table stack">
          <thead>
            <tr>
              <th scope="col">Image</th>
              <th scope="col">Name</th>
              <th scope="col">Price</th>
              <th scope="col">MRP</th>
              <StockHeading sort={sort} />
              <th scope="col">HSN</th>
              <th scope="col">Rating</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {items.map((p) => (
              <tr key={p.id}>
                <td data-label="Image">
                  <ProductImage src={p.image} alt="" width={48} height={48} />
                </td>
                <td data-label="Name">
                  <Link to={`/product/${p.id}`}>{p.name}</Link>
                  {sized[p.id] ? (
                    <small className="muted size-count"> · {plural(sized[p.id]!.sizes, "size")}</small>
                  ) : null}
                </td>
                <td data-label="Price">{formatPaise(p.price)}</td>
                <td data-label="MRP">{p.mrp ? formatPaise(p.mrp) : "—"}</td>
                <td data-label="Stock" className="stock-cell">
                  {p.stock} <StockBadge stock={p.stock} threshold={lowStockThreshold} />
                  {sized[p.id] ? <small className="muted"> ({sized[p.id]!.stock} in all sizes)</small> : null}
                  {/* Issue #39: addresses waiting for "Tell me when it's back" (one grouped read). */}
                  {waiting[p.id] ? <small className="stock-waiting"> · {waiting[p.id]} waiting</small> : null}
                </td>
                <td data-label="HSN">{p.hsn}</td>
                <td data-label="Rating">
                  {p.rating.toFixed(1)} ({p.numReviews})
                </td>
                <td className="actions">
                  <Link to={`/admin/products/${p.id}`} className="button small" aria-label={`Edit ${p.name}`}>
                    Edit
                  </Link>
                  <ConfirmButton to={`/admin/products/${p.id}/delete`} message="Delete this product?">
                    <span aria-hidden="true">Delete</span>
                    <span className="visually-hidden">Delete {p.name}</span>
                  </ConfirmButton>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
