import { Form, Link } from "react-router";

// The shape of the shop's /shop: a page of 12 cards (picture, name, price, Add to Cart), a sort
// and pages, about 40 links in all with the layout's. The data is made per request, as a loader
// reading a database would hand it over; no database is read, so this is the framework's own work.
const SCENTS = ["Lavender", "Sandalwood", "Jasmine", "Vanilla", "Rose", "Cedar", "Mogra", "Vetiver"];

export function loader({ request }: { request: Request }) {
  const page = Number(new URL(request.url).searchParams.get("page") ?? "1") || 1;
  const products = Array.from({ length: 12 }, (_, i) => {
    const n = (page - 1) * 12 + i;
    return {
      id: `65f0c0ffee${String(n).padStart(14, "0")}`,
      name: `${SCENTS[n % SCENTS.length]} Glow ${n}`,
      price: 34_900 + (n % 7) * 5_000,
      image: `/images/demo/candle-${(n % 12) + 1}.webp`,
      rating: 3.5 + (n % 3) * 0.5,
      reviews: n % 40,
    };
  });
  return { products, page, pages: 50 };
}

export function meta() {
  return [{ title: "Shop — Candles" }, { name: "description", content: "Hand-poured soy candles." }];
}

const rupees = (paise: number) => `₹${(paise / 100).toLocaleString("en-IN", { minimumFractionDigits: 2 })}`;

export default function Shop({ loaderData }: { loaderData: ReturnType<typeof loader> }) {
  const { products, page, pages } = loaderData;
  return (
    <main>
      <h1>Shop</h1>
      <Form method="get">
        <label>
          Sort{" "}
          <select name="sort" defaultValue="newest">
            <option value="newest">Newest</option>
            <option value="price">Price</option>
          </select>
        </label>
        <button type="submit">Apply</button>
      </Form>
      <ul>
        {products.map((p) => (
          <li key={p.id}>
            <Link to={`/product/${p.id}`}>
              <img src={p.image} alt={p.name} width={300} height={300} loading="lazy" />
            </Link>
            <h2>
              <Link to={`/product/${p.id}`}>{p.name}</Link>
            </h2>
            <p>
              {p.rating} stars ({p.reviews} reviews)
            </p>
            <p>{rupees(p.price)}</p>
            <Form method="post" action="/cart">
              <input type="hidden" name="productId" value={p.id} />
              <button type="submit">Add to Cart</button>
            </Form>
          </li>
        ))}
      </ul>
      <nav aria-label="Pages">
        <Link to="?page=1">First</Link> {page > 1 ? <Link to={`?page=${page - 1}`}>Previous</Link> : null}{" "}
        <Link to={`?page=${page + 1}`}>Next</Link> <Link to={`?page=${pages}`}>Last</Link>
      </nav>
    </main>
  );
}
