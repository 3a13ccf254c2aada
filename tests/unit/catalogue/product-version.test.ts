// Issue #52: a kept page moves only when what it shows moves. A product's own pages follow its
// productVersion, which every change to it moves, its stock as the page shows it (exact up to
// FEW_LEFT, else "In stock"); the lists and cards follow catalogueVersion, which an order that
// takes a unit leaves alone unless the product sells out (or comes back). Both from any
// connection, on both databases (the triggers of drizzle/sqlite/0022-0023 and drizzle/pg/0020-0021).
import { getTableColumns } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as app from "~/db/client.server";
import { catalogueVersion, productVersion, writeTransaction } from "~/db/client.server";
import { productVersions } from "~/db/product-versions.server";
import { products } from "~/db/schema";
import { productSchema } from "~/lib/product-schema";
import { FEW_LEFT } from "~/lib/stock-shown";
import { createUser } from "~/models/accounts/users.server";
import { createProduct } from "~/models/catalogue/product-admin.server";
import { addReview } from "~/models/catalogue/reviews.server";
import { placeOrder } from "~/models/flows/place-order.server";
import { testDb } from "../../support/db";

const raw = testDb(app); // the app's own connections: a write its transactions did not make

/** What moved when `write` ran (read after a write of this process, which reads both versions again on PostgreSQL). */
async function moved(id: string, write: () => Promise<unknown>) {
  const lists = catalogueVersion();
  const own = productVersion(id);
  await write();
  await writeTransaction(async () => undefined);
  return { lists: catalogueVersion() !== lists, product: productVersion(id) !== own };
}

/** An SQL expression that changes a column's value, whatever it holds (null included). */
function changed(column: { name: string; dataType: string }): string {
  if (column.dataType === "date")
    return raw.dialect === "pg"
      ? `coalesce(${column.name}, now()) + interval '1 second'`
      : `coalesce(${column.name}, 0) + 1`;
  if (column.dataType === "number") return `coalesce(${column.name}, 0) + 1`;
  return `coalesce(${column.name}, '') || 'x'`;
}

const contact = { name: "Vera", email: "pv@example.com", phone: "9876543210" };
const shippingAddress = { address: "x", city: "y", state: "z", pin: "560001" };

describe("a product's own version and the lists' version", () => {
  it("any column a card or list can show moves both; the stock moves the lists only across zero", async () => {
    const id = await createProduct(productSchema.parse({ name: "Versioned", price: 5, stock: 3 }));
    // Every column of the schema, so a column added later is checked too.
    for (const column of Object.values(getTableColumns(products))) {
      if (["id", "stock", "updated_at"].includes(column.name)) continue;
      const set = `update products set ${column.name} = ${changed(column)} where id = ?`;
      expect(await moved(id, () => raw.run(set, id)), column.name).toEqual({ lists: true, product: true });
    }
    expect(await moved(id, () => raw.run("update products set deleted_at = null where id = ?", id))).toEqual({
      lists: true,
      product: true,
    });
    const stock = (n: number) => moved(id, () => raw.run(`update products set stock = ${n} where id = ?`, id));
    expect(await stock(2)).toEqual({ lists: false, product: true });
    expect(await stock(0)).toEqual({ lists: true, product: true });
    expect(await stock(4)).toEqual({ lists: true, product: true });
    // Above FEW_LEFT the page says "In stock" whatever the number: its version stays.
    expect(await stock(FEW_LEFT + 20)).toEqual({ lists: false, product: true });
    expect(await stock(FEW_LEFT + 1)).toEqual({ lists: false, product: false });
    expect(await stock(FEW_LEFT + 9)).toEqual({ lists: false, product: false });
    expect(await stock(FEW_LEFT)).toEqual({ lists: false, product: true }); // "Only 5 left"
    expect(await stock(FEW_LEFT + 1)).toEqual({ lists: false, product: true });
    // The sitemap's stamp alone is on no page.
    expect(
      await moved(id, () =>
        raw.run(
          `update products set updated_at = ${raw.dialect === "pg" ? "now() - interval '1 day'" : "1"} where id = ?`,
          id,
        ),
      ),
    ).toEqual({ lists: false, product: false });
  });

  it("an order moves its product's version alone until it sells the last one; reviews and pictures move it too", async () => {
    const id = await createProduct(productSchema.parse({ name: "Ordered", price: 5, stock: 2 }));
    const other = await createProduct(productSchema.parse({ name: "Bystander", price: 5, stock: 2 }));
    const user = await createUser({ ...contact, password: "secret1" });
    const order = () => placeOrder(user.id, { contact, shippingAddress, items: [{ product: id, qty: 1 }] });
    const otherBefore = productVersion(other);
    const plenty = await createProduct(productSchema.parse({ name: "Plenty", price: 5, stock: FEW_LEFT + 2 }));
    const buy = (product: string) => () =>
      placeOrder(user.id, { contact, shippingAddress, items: [{ product, qty: 1 }] });
    expect(await moved(plenty, buy(plenty))).toEqual({ lists: false, product: false }); // FEW_LEFT + 1 left
    expect(await moved(plenty, buy(plenty))).toEqual({ lists: false, product: true }); // "Only 5 left"
    expect(await moved(id, order)).toEqual({ lists: false, product: true });
    expect(await moved(id, order)).toEqual({ lists: true, product: true }); // sold out
    expect(productVersion(other)).toBe(otherBefore);

    expect(await moved(id, () => addReview(id, user, { rating: 4, comment: "Lovely" }))).toMatchObject({
      product: true,
    });
    expect(
      await moved(id, () =>
        raw.run(
          "insert into product_images (id, product_id, url, position) values (?, ?, ?, 9)",
          `pv${Date.now()}`,
          id,
          "/uploads/pv.png",
        ),
      ),
    ).toEqual({ lists: true, product: true });
    expect(productVersion(other)).toBe(otherBefore);
  });

  it("a size's stock moves the lists only across zero; any other change of a size moves both", async () => {
    const id = await createProduct(productSchema.parse({ name: "Sized", price: 5, stock: 0 }));
    const size = `sz${Date.now().toString(16)}`;
    expect(
      await moved(id, () =>
        raw.run(
          "insert into product_sizes (id, product_id, label, price, stock, position) values (?, ?, '100 g', 500, 3, 0)",
          size,
          id,
        ),
      ),
    ).toEqual({ lists: true, product: true });
    const sizeStock = (n: number) =>
      moved(id, () => raw.run(`update product_sizes set stock = ${n} where id = ?`, size));
    expect(await sizeStock(2)).toEqual({ lists: false, product: true });
    expect(await sizeStock(FEW_LEFT + 3)).toEqual({ lists: false, product: true });
    expect(await sizeStock(FEW_LEFT + 1)).toEqual({ lists: false, product: false });
    expect(await sizeStock(FEW_LEFT)).toEqual({ lists: false, product: true });
    expect(await sizeStock(0)).toEqual({ lists: true, product: true });
    expect(await moved(id, () => raw.run("update product_sizes set price = 600 where id = ?", size))).toEqual({
      lists: true,
      product: true,
    });
  });
});

describe("productVersions (what an app server on PostgreSQL knows)", () => {
  it("keeps the greatest version heard or read per product; a reset forgets them all and moves every product", () => {
    const known = productVersions(10);
    expect(known.get("a")).toBe(0);
    known.heard("a 12");
    known.read([{ product_id: "b", version: "11" }]);
    known.heard("a 11"); // late, out of order
    expect([known.get("a"), known.get("b"), known.since()]).toEqual([12, 11, 12]);
    known.heard("garbage");
    known.heard(undefined);
    expect(known.since()).toBe(12);
    known.heard("*");
    expect([known.get("a"), known.get("b"), known.get("c")]).toEqual([-1, -1, -1]);
    expect(known.since()).toBe(12);
  });
});
