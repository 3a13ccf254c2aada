// tests/e2e/search.spec.ts's JS-off half, over HTTP (issue #25, issue #51): search by the shop's GET
// form forgives typos and says "Did you mean …?", ranked by best match.
import { expect, labelled, type PlainBrowser, test, where } from "./support/fixtures";

const cards = (b: PlainBrowser) => b.texts("main .grid > li h3");
const didYouMean = (b: PlainBrowser) => b.texts(".did-you-mean");
/** The texts of the options of the select labelled `label`. */
const options = (b: PlainBrowser, label: string) => b.texts(`select[name="${b.field(label)}"] option`);
/** The text of the select's chosen option: the one selected, else its first. */
const chosen = (b: PlainBrowser, label: string) => {
  const all = b.all(`select[name="${b.field(label)}"] option`);
  const selected = all.findIndex((o) => "selected" in o.attribs);
  return options(b, label)[selected === -1 ? 0 : selected];
};

test("a typo search finds the product, ranks best match first and offers the right word", async ({ plain: b }) => {
  await b.open("/shop");
  // Enter submits the GET form, as its Search button does.
  await b.submit("Search", labelled(b, { Search: "Lavendar" }));
  // The Newest of a page without a search is no choice: the search is ordered by Best match.
  expect(where(b)).toMatch(/\/shop\?q=Lavendar&sort=&/);
  expect(cards(b)[0]).toBe("Lavender Fields");
  expect(b.valueByLabel("Sort")).toBe("relevance");
  expect(chosen(b, "Sort")).toBe("Best match");
  expect(didYouMean(b)).toEqual(["Did you mean lavender?"]);

  await b.follow("lavender", ".did-you-mean");
  expect(where(b)).toMatch(/\/shop\?q=lavender$/);
  expect(cards(b)[0]).toBe("Lavender Fields");
  expect(didYouMean(b)).toHaveLength(0);
  expect(b.valueByLabel("Search")).toBe("lavender");
});

test("every word counts, in any order, and Indian names find their scents", async ({ plain: b }) => {
  await b.open("/shop?q=candle%20jasmine");
  expect(cards(b)).toEqual(["Jasmine Night"]);
  await b.open(`/shop?q=${encodeURIComponent("चंदन")}`);
  expect(cards(b)[0]).toBe("Mysore Sandalwood");
  // Without a search there is no Best match to choose.
  await b.open("/shop");
  expect(options(b, "Sort").filter((o) => o.includes("Best match"))).toHaveLength(0);
});

test("a search that finds nothing says so and links the closest word", async ({ plain: b }) => {
  await b.open("/shop?q=lovandar");
  expect(b.text()).toContain("No products match your search.");
  expect(didYouMean(b)).toEqual(["Did you mean lavender?"]);
  await b.follow("lavender", ".did-you-mean");
  expect(where(b)).toMatch(/\/shop\?q=lavender$/);
  expect(cards(b)[0]).toBe("Lavender Fields");
});
