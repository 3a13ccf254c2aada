import { describe, expect, it } from "vitest";
import {
  cleanSearch,
  MAX_PAGE,
  pageWindow,
  parseShopQuery,
  queryInt,
  shopHref,
  sortOptions,
  sortSelectValue,
} from "~/lib/shop-query";
import { averageRating, ratingFromTotals } from "~/models/catalogue/rating.server";

const parse = (qs: string, opts?: Parameters<typeof parseShopQuery>[1]) =>
  parseShopQuery(new URLSearchParams(qs), opts);

describe("parseShopQuery", () => {
  it("defaults: page 1, 12 per page, newest first", () => {
    expect(parse("")).toEqual({ page: 1, limit: 12, q: "", sort: "createdAt", order: "desc" });
  });

  it.each([
    ["page=0", 1],
    ["page=-3", 1],
    ["page=abc", 1],
    ["page=2.7", 2],
    ["page=50", 50],
    ["page=", 1],
  ])("page: %s → %i", (qs, page) => {
    expect(parse(qs).page).toBe(page);
  });

  it.each([
    ["limit=0", 1],
    ["limit=-5", 1],
    ["limit=8", 8],
    ["limit=61", 60],
    ["limit=1000", 60],
    ["limit=NaN", 12],
    ["limit=Infinity", 12],
  ])("limit: %s → %i", (qs, limit) => {
    expect(parse(qs).limit).toBe(limit);
  });

  it("lets admins ask for up to 200", () => {
    expect(parse("limit=200", { maxLimit: 200 }).limit).toBe(200);
    expect(parse("limit=500", { maxLimit: 200 }).limit).toBe(200);
  });

  it.each([
    ["sort=price&order=asc", "price", "asc"],
    ["sort=price&order=desc", "price", "desc"],
    ["sort=price", "price", "asc"],
    ["sort=rating", "rating", "desc"],
    ["sort=createdAt&order=asc", "createdAt", "asc"],
    ["sort=price-desc", "price", "desc"],
    ["sort=rating-desc", "rating", "desc"],
    ["sort=newest", "createdAt", "desc"],
    ["sort=price-asc&order=desc", "price", "desc"],
    ["sort=name;drop table products", "createdAt", "desc"],
    ["sort=price&order=sideways", "price", "asc"],
  ])("sort: %s → %s %s", (qs, sort, order) => {
    expect(parse(qs)).toMatchObject({ sort, order });
  });

  it("trims and bounds the search text; reads `search` for the API", () => {
    expect(parse("q=%20%20lavender%20").q).toBe("lavender");
    expect(parse(`q=${"x".repeat(500)}`).q).toHaveLength(100);
    expect(parse("search=rose", { searchParam: "search" }).q).toBe("rose");
  });
});

describe("query numbers are safe integers before they reach SQL (issue #11)", () => {
  const hostile = [
    "1e20",
    "1e308",
    "1e400",
    "-0",
    "NaN",
    "9223372036854775808",
    "2e63",
    "Infinity",
    "-Infinity",
    "-1",
    "0x10",
    "0b11",
    "1_000",
    " 7 ",
    "+3",
    ".5",
    "1e-7",
    "١٢",
  ];

  it.each(hostile)("%j as page and as limit gives safe integers in range; the OFFSET stays a safe integer", (raw) => {
    const { page, limit } = parse(`page=${encodeURIComponent(raw)}&limit=${encodeURIComponent(raw)}`);
    expect(Number.isSafeInteger(page) && page >= 1 && page <= MAX_PAGE).toBe(true);
    expect(Number.isSafeInteger(limit) && limit >= 1 && limit <= 60).toBe(true);
    expect(Object.is(page, -0) || Object.is(limit, -0)).toBe(false);
    expect(Number.isSafeInteger((page - 1) * 200)).toBe(true);
  });

  it.each([
    ["1e20", MAX_PAGE],
    ["1e308", MAX_PAGE],
    ["9223372036854775808", MAX_PAGE],
    ["Infinity", 1],
    ["NaN", 1],
    ["-1", 1],
    ["-0", 1],
    ["0x10", 1],
    ["2.9", 2],
    ["1e3", 1000],
  ])("page=%s → %i", (raw, page) => {
    expect(parse(`page=${encodeURIComponent(raw)}`).page).toBe(page);
  });

  it("queryInt clamps to the bounds it is given and never answers -0", () => {
    const bounds = { fallback: 5, min: 0, max: 100 };
    expect(queryInt("1e20", bounds)).toBe(100);
    expect(queryInt("-1e20", bounds)).toBe(0);
    expect(Object.is(queryInt("-0", bounds), 0)).toBe(true);
    expect(Object.is(queryInt("-0.5", bounds), 0)).toBe(true);
    expect(queryInt("0x10", bounds)).toBe(5);
    expect(queryInt("Infinity", bounds)).toBe(5);
    expect(queryInt(null, bounds)).toBe(5);
    expect(queryInt("", bounds)).toBe(5);
    expect(queryInt("42", bounds)).toBe(42);
  });
});

describe("search text loses control characters before it reaches FTS (issue #11)", () => {
  it.each([
    ["abc\u0000", "abc"],
    ["ab\u0000c", "abc"],
    ["\u0000\u0000\u0000", ""],
    ["la\u0007ven\u001bder", "lavender"],
    ["rose\u007f", "rose"],
    ["ro\u0085se\u009f", "rose"],
    ["\ttab\r\nline\u0000 ", "tabline"],
    ["Kesar Saffron", "Kesar Saffron"],
    ["चंदन ☕ 😀", "चंदन ☕ 😀"],
  ])("%j → %j", (raw, clean) => {
    expect(cleanSearch(raw)).toBe(clean);
    expect(parse(`q=${encodeURIComponent(raw)}`).q).toBe(clean);
    expect(parse(`search=${encodeURIComponent(raw)}`, { searchParam: "search" }).q).toBe(clean);
  });

  it("no control character survives, whatever the input", () => {
    const all = Array.from({ length: 0xa0 }, (_, i) => String.fromCharCode(i)).join("");
    expect(cleanSearch(all)).toMatch(/^[\u0020-\u007e]+$/);
    // eslint-disable-next-line no-control-regex -- looking for control characters is the test
    expect(cleanSearch(all)).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
  });

  it("cuts at 100 UTF-16 units without keeping half of a character", () => {
    const q = cleanSearch(`a${"😀".repeat(120)}`);
    expect(q).toBe(`a${"😀".repeat(49)}`);
    expect(cleanSearch("😀".repeat(120))).toBe("😀".repeat(50));
  });
});

describe("pageWindow", () => {
  it.each([
    [1, 1, [1]],
    [1, 3, [1, 2, 3]],
    [1, 10, [1, 2, 3, 4, 5]],
    [2, 10, [1, 2, 3, 4, 5]],
    [3, 10, [1, 2, 3, 4, 5]],
    [4, 10, [2, 3, 4, 5, 6]],
    [9, 10, [6, 7, 8, 9, 10]],
    [10, 10, [6, 7, 8, 9, 10]],
    [5, 0, []],
  ])("page %i of %i → %j", (page, total, expected) => {
    expect(pageWindow(page, total)).toEqual(expected);
  });

  it("never shows more than 5 buttons", () => {
    for (let total = 1; total < 30; total++)
      for (let page = 1; page <= total; page++) {
        const w = pageWindow(page, total);
        expect(w.length).toBe(Math.min(5, total));
        expect(w).toContain(page);
      }
  });
});

describe("shopHref", () => {
  const base = parse("q=rose&sort=price-asc&limit=24&page=3");
  it("keeps the filters and leaves defaults out", () => {
    expect(shopHref(base, { page: 4 })).toBe("/shop?q=rose&sort=price-asc&limit=24&page=4");
    expect(shopHref(base, { page: 1 })).toBe("/shop?q=rose&sort=price-asc&limit=24");
    expect(shopHref(parse(""))).toBe("/shop");
  });
  it("clearing the search drops q and the page", () => {
    expect(shopHref(base, { q: "", page: 1 })).toBe("/shop?sort=price-asc&limit=24");
  });
  it("escapes user text", () => {
    expect(shopHref(parse("q=a%26b%3Dc"))).toBe("/shop?q=a%26b%3Dc");
  });
});

describe("Best match (issue #25)", () => {
  const parse = (qs: string) => parseShopQuery(new URLSearchParams(qs));
  it("is the default order of a search, and only of a search", () => {
    expect(parse("q=rose")).toMatchObject({ sort: "relevance" });
    expect(parse("")).toMatchObject({ sort: "createdAt", order: "desc" });
    expect(parse("sort=relevance")).toMatchObject({ sort: "createdAt", order: "desc" });
    expect(parse("q=rose&sort=price-asc")).toMatchObject({ sort: "price", order: "asc" });
    expect(parse("q=rose&sort=relevance&order=asc")).toMatchObject({ sort: "relevance", order: "desc" });
  });
  it("the select offers Best match with a search; without one, Newest sends no choice", () => {
    expect(sortOptions("rose").map((o) => o.value)).toEqual([
      "relevance",
      "createdAt-desc",
      "price-asc",
      "price-desc",
      "rating-desc",
    ]);
    expect(sortOptions("").map((o) => o.value)).toEqual(["", "price-asc", "price-desc", "rating-desc"]);
    expect(sortSelectValue(parse(""))).toBe("");
    expect(sortSelectValue(parse("q=rose"))).toBe("relevance");
    expect(sortSelectValue(parse("q=rose&sort=createdAt-desc"))).toBe("createdAt-desc");
    // What that empty choice sends: the default of whatever was searched.
    expect(parse("q=rose&sort=")).toMatchObject({ sort: "relevance" });
  });
  it("links leave the default order out, and keep any other", () => {
    expect(shopHref(parse("q=rose"), { page: 2 })).toBe("/shop?q=rose&page=2");
    expect(shopHref(parse("q=rose"), { q: "" })).toBe("/shop");
    expect(shopHref(parse("q=rose&sort=createdAt-desc"))).toBe("/shop?q=rose&sort=createdAt-desc");
    expect(shopHref(parse("q=rose&sort=price-asc"), { q: "lavender" })).toBe("/shop?q=lavender&sort=price-asc");
  });
});

describe("rating arithmetic", () => {
  it("averages to one decimal, 0 without reviews", () => {
    expect(averageRating([])).toBe(0);
    expect(averageRating([5])).toBe(5);
    expect(averageRating([5, 4])).toBe(4.5);
    expect(averageRating([5, 4, 4])).toBe(4.3);
    expect(averageRating([1, 2, 2])).toBe(1.7);
    expect(ratingFromTotals(14, 3)).toBe(4.7);
    expect(ratingFromTotals(0, 0)).toBe(0);
  });
});
