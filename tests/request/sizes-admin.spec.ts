// tests/e2e/sizes-admin.spec.ts's JS-off half, over HTTP (issue #51): the owner gives a product sizes
// in the editor's blank rows (a bad row refused first), edits one, reorders them, removes one; the
// product row mirrors the default size each time, and the Products tab says how many sizes it has.
import { ADMIN } from "../playwright.config";
import { expect, labelled, newProduct, type PlainBrowser, queryOne, test, TOASTER, where } from "./support/fixtures";

async function loginAsAdmin(b: PlainBrowser) {
  await b.open("/login");
  await b.submit("Login", labelled(b, { Email: ADMIN.email, Password: ADMIN.password }));
  expect(where(b)).toMatch(/\/admin$/);
}

/** Size n's control (1-based), by its name for a screen reader: "Size 2: Price (₹)". */
const sizeField = (n: number, field: string) => `Size ${n}: ${field}`;
/** Whether the field labelled `label` takes typing (neither read-only nor disabled). */
const editable = (b: PlainBrowser, label: string) => {
  const [field] = b.all(`input[name="${b.field(label)}"]`);
  return field !== undefined && !("readonly" in field.attribs) && !("disabled" in field.attribs);
};

test("admin: adds two sizes, edits one, reorders, removes one; the product mirrors the default", async ({
  plain: b,
  playwright,
  baseURL,
}) => {
  const name = `Sized Candle ${test.info().project.name} ${Date.now().toString(36)}`;
  const id = await newProduct(playwright, baseURL!, { name, stock: 9, price: 300 });
  const figures = () => queryOne("select price, mrp, stock from products where id = ?", id);
  const save = async (values: Record<string, string> = {}) => {
    await b.submit("Save changes", values);
    // Back on the list.
    expect(where(b)).toMatch(/\/admin\/products$/);
    expect(b.text(TOASTER)).toContain("Product updated");
  };
  await loginAsAdmin(b);
  await b.open(`/admin/products/${id}`);

  // No sizes yet: three blank rows, the product's own price editable.
  expect(b.all(".size-row")).toHaveLength(3);
  expect(editable(b, "Price (₹)")).toBe(true);
  // Without JS there is no "Add size" button: the blank rows are the way to add.
  expect(b.texts("button").filter((t) => t.includes("Add size"))).toHaveLength(0);
  const second = 2;

  // A bad row first: a negative price is refused, nothing saved.
  await b.submit(
    "Save changes",
    labelled(b, { [sizeField(1, "Label")]: "100 g tin", [sizeField(1, "Price (₹)")]: "-5" }),
  );
  expect(b.text()).toContain("Must be 0 or more");
  expect(await queryOne("select count(*) as n from product_sizes where product_id = ?", id)).toEqual({ n: 0 });

  await save(
    labelled(b, {
      [sizeField(1, "Label")]: "100 g tin",
      [sizeField(1, "Label in Hindi")]: "100 ग्राम टिन",
      [sizeField(1, "Price (₹)")]: "249",
      [sizeField(1, "MRP (₹)")]: "299",
      [sizeField(1, "Stock")]: "5",
      [sizeField(1, "SKU")]: `T-${id.slice(-8)}`,
      [sizeField(second, "Label")]: "200 g jar",
      [sizeField(second, "Price (₹)")]: "449",
      [sizeField(second, "Stock")]: "3",
    }),
  );
  expect(await figures()).toEqual({ price: 24900, mrp: 29900, stock: 5 });
  const row = () => b.all("tr").find((tr) => b.texts("a", tr).includes(name));
  expect(b.texts('td[data-label="Name"]', row())[0]).toContain("2 sizes");
  expect(b.texts('td[data-label="Stock"]', row())[0]).toContain("8 in all sizes");

  // Edit the jar's price and move it first: the product now shows the jar.
  await b.follow(`Edit ${name}`);
  expect(b.all(".size-row")).toHaveLength(5);
  expect(editable(b, "Price (₹)")).toBe(false);
  expect(b.valueByLabel(sizeField(2, "Label"))).toBe("200 g jar");
  await save(labelled(b, { [sizeField(2, "Price (₹)")]: "459", [sizeField(2, "Position")]: "0" }));
  expect(await figures()).toEqual({ price: 45900, mrp: null, stock: 3 });

  // Remove the jar (now size 1): the tin is the default again.
  await b.follow(`Edit ${name}`);
  expect(b.valueByLabel(sizeField(1, "Label"))).toBe("200 g jar");
  await save({ [b.field("Remove this size (1)")]: b.valueByLabel("Remove this size (1)")! });
  expect(await figures()).toEqual({ price: 24900, mrp: 29900, stock: 5 });
  expect(
    await queryOne(
      "select count(*) as n, sum(case when deleted_at is null then 1 else 0 end) as live from product_sizes where product_id = ?",
      id,
    ),
  ).toEqual({ n: 2, live: 1 });
  expect(b.texts('td[data-label="Name"]', row())[0]).toContain("1 size");
});
