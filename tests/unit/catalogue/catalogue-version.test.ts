import { describe, expect, it, vi } from "vitest";
import { catalogueVersion } from "~/db/client.server";
import * as app from "~/db/client.server";
import { env } from "~/env.server";
import { productSchema } from "~/lib/product-schema";
import { parseShopQuery } from "~/lib/shop-query";
import { createUser } from "~/models/accounts/users.server";
import { createProduct, deleteProduct, updateProduct } from "~/models/catalogue/product-admin.server";
import { listProducts } from "~/models/catalogue/products.server";
import { addReview } from "~/models/catalogue/reviews.server";
import { placeOrder } from "~/models/flows/place-order.server";
import { updateOrder } from "~/models/flows/update-order.server";
import { sessionStorage } from "~/utils/session.server";
import { testDb } from "../../support/db";

const raw = testDb(app); // the app's own connections (tests/support/db.ts)
const elsewhere = testDb(env.databaseUrl ?? env.databasePath); // connections of its own, as another process

// The kept list pages and the cached shop totals are kept until catalogueVersion() moves: it must
// move on every write a list or a card shows, and only then (a product's own page follows its own
// version: product-version.test.ts).
describe("catalogue version", () => {
  const moves = async (write: () => unknown) => {
    const before = catalogueVersion();
    await write();
    return catalogueVersion() !== before;
  };
  // A write that bypasses this process's writeTransaction: SQLite's counter is read on every call,
  // PostgreSQL's arrives by NOTIFY (app/db/pg.server.ts), so it is waited for.
  const movesFromOutside = async (write: () => Promise<unknown>) => {
    const before = catalogueVersion();
    await write();
    await vi.waitFor(() => expect(catalogueVersion()).not.toBe(before), { timeout: 30_000 });
  };

  it("moves on writes to products, their pictures and reviews, from any connection", async () => {
    let id = "";
    expect(
      await moves(
        async () => (id = await createProduct(productSchema.parse({ name: "Versioned", price: 5, stock: 4 }))),
      ),
    ).toBe(true);
    expect(
      await moves(() =>
        updateProduct(id, productSchema.parse({ name: "Versioned 2", price: 6, stock: 4, images: ["/uploads/v.png"] })),
      ),
    ).toBe(true);
    await movesFromOutside(() => raw.run("update product_images set position = position where product_id = ?", id));

    const user = await createUser({
      name: "Vera",
      email: "version@example.com",
      phone: "9876543210",
      password: "secret1",
    });
    expect(await moves(() => addReview(id, user, { rating: 4, comment: "" }))).toBe(true);

    const contact = { name: "Vera", email: "version@example.com", phone: "9876543210" };
    const shippingAddress = { address: "x", city: "y", state: "z", pin: "560001" };
    let order = "";
    // An order takes stock, which the product page shows (its own version, product-version.test.ts)
    // and no list or card does until it sells out (issue #52).
    expect(
      await moves(
        async () =>
          (order = (await placeOrder(user.id, { contact, shippingAddress, items: [{ product: id, qty: 1 }] })).id),
      ),
    ).toBe(false);

    await movesFromOutside(() => elsewhere.run("update products set price = price + 1 where id = ?", id));

    // Neither an order's paid flag nor a user or a session is on a guest page.
    expect(await moves(() => updateOrder(order, { isPaid: true }))).toBe(false);
    expect(
      await moves(() =>
        createUser({ name: "Other", email: "version2@example.com", phone: "9876543210", password: "secret1" }),
      ),
    ).toBe(false);
    expect(
      await moves(async () => {
        const session = await sessionStorage.getSession();
        session.set("userId", user.id);
        await sessionStorage.commitSession(session);
      }),
    ).toBe(false);

    expect(await moves(() => deleteProduct(id))).toBe(true);
  });

  it("the cached shop total follows a product added or removed", async () => {
    const all = async () => (await listProducts(parseShopQuery(new URLSearchParams("")))).totalItems;
    const before = await all();
    const id = await createProduct(productSchema.parse({ name: "Counted", price: 1 }));
    expect(await all()).toBe(before + 1);
    await deleteProduct(id);
    expect(await all()).toBe(before);
  });
});
