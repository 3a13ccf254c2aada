// Sizes in the catalogue (issue #37): search by a size's SKU or label, and the cards' "from ₹X".
import { describe, expect, it } from "vitest";
import * as app from "~/db/client.server";
import { parseShopQuery } from "~/lib/shop-query";
import { cardView } from "~/models/catalogue/cards.server";
import { listProducts } from "~/models/catalogue/products.server";
import { cardsWithSizes, sizesOfProduct } from "~/models/catalogue/sizes.server";
import { newId } from "~/utils/id.server";
import { testDb } from "../../support/db";
import { addSizes } from "../../support/sizes";

const raw = testDb(app);

async function product(name: string, price = 100_00, stock = 5) {
  const id = newId();
  await raw.run(
    "insert into products (id, name, description, price, stock) values (?, ?, '', ?, ?)",
    id,
    name,
    price,
    stock,
  );
  return id;
}
const search = async (q: string) =>
  (await listProducts(parseShopQuery(new URLSearchParams({ q, limit: "60" })))).items.map((p) => p.name);

describe("sizes in the catalogue", () => {
  it("search finds a product by a size's SKU or label, whole and in any case; not a removed size's", async () => {
    const id = await product("Quince Harbour");
    const [, jar] = await addSizes(raw, id, [
      { label: "Travel tin", price: 199_00, stock: 2, sku: "QH-TIN-1" },
      { label: "Festive bowl", price: 899_00, stock: 2, sku: "QH-BOWL-9" },
    ]);
    expect(await search("qh-tin-1")).toEqual(["Quince Harbour"]);
    expect(await search("Festive Bowl")).toEqual(["Quince Harbour"]);
    expect(await search("QH-BOWL")).toEqual([]);
    await raw.run("update product_sizes set deleted_at = ? where id = ?", new Date(), jar);
    expect(await search("QH-BOWL-9")).toEqual([]);
    expect((await sizesOfProduct(id)).map((s) => s.label)).toEqual(["Travel tin"]);
  });

  it("a card says from the lowest price when sizes differ, and sold out only when every size is", async () => {
    const plain = await product("Plain card", 300_00, 0);
    const differ = await product("Differ");
    await addSizes(raw, differ, [
      { label: "Jar", price: 599_00, stock: 0 },
      { label: "Tin", price: 349_00, stock: 2 },
    ]);
    const same = await product("Same");
    await addSizes(raw, same, [
      { label: "Red", price: 499_00, stock: 0 },
      { label: "Blue", price: 499_00, stock: 0 },
    ]);
    const card = (id: string, name: string) =>
      cardView({
        id,
        name,
        description: "",
        price: 0,
        mrp: null,
        stock: 0,
        image: "",
        rating: 0,
        numReviews: 0,
        hsn: "",
        createdAt: new Date(),
      });
    const [a, b, c] = await cardsWithSizes([card(plain, "Plain card"), card(differ, "Differ"), card(same, "Same")]);
    expect(a).toEqual(card(plain, "Plain card"));
    expect(b).toMatchObject({ from: 349_00, soldOut: false });
    expect(c).toMatchObject({ soldOut: true });
    expect(c).not.toHaveProperty("from");
  });
});
