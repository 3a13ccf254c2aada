// Property tests of the shop query (the catalogue's page, limit, sort and search).
// Checked as tests/support/schema-properties.ts says, with values from tests/support/hostile-values.ts.
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { ADMIN_MAX_LIMIT, MAX_LIMIT, parseShopQuery } from "~/lib/shop-query";
import { HUGE, hostileString } from "../../support/hostile-values";
import { expectNoPollution, RUNS } from "../../support/schema-properties";

afterEach(expectNoPollution);

describe("shop query", () => {
  const KEYS = ["page", "limit", "q", "search", "sort", "order"];
  const queryValue = fc.oneof(
    hostileString,
    fc.integer().map(String),
    fc.double().map(String),
    fc.constantFrom(
      "price-asc",
      "rating-desc",
      "createdAt-asc",
      "newest",
      "price-",
      "-asc",
      "price-asc-desc",
      "asc",
      "desc",
      "ASC",
      "name;drop table products",
    ),
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        "Infinity",
        "-Infinity",
        "1e309",
        "-1e309",
        "NaN",
        "-5",
        "0",
        "-0",
        "0.5",
        "1e20",
        "61",
        "201",
        "   ",
        HUGE,
        `   ${"x".repeat(120)}`,
        " 😀".repeat(60),
      ),
    },
  );
  const params = fc
    .array(fc.tuple(fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...KEYS) }, hostileString), queryValue), {
      maxLength: 8,
    })
    .map((pairs) => new URLSearchParams(pairs));

  it("parseShopQuery: never throws; page is a whole number >= 1, limit 1..60 (1..200 for the admin cap), a known sort and order (Best match only with q), q at most 100 chars", () => {
    fc.assert(
      fc.property(
        params,
        fc.constantFrom(undefined, ADMIN_MAX_LIMIT),
        fc.constantFrom(undefined, "q", "search"),
        (p, maxLimit, searchParam) => {
          const q = parseShopQuery(p, { maxLimit, searchParam });
          expect(Object.keys(q).sort()).toEqual(["limit", "order", "page", "q", "sort"]);
          expect(Number.isInteger(q.page)).toBe(true);
          expect(q.page).toBeGreaterThanOrEqual(1);
          expect(Number.isInteger(q.limit)).toBe(true);
          expect(q.limit).toBeGreaterThanOrEqual(1);
          expect(q.limit).toBeLessThanOrEqual(maxLimit ?? MAX_LIMIT);
          expect(["relevance", "createdAt", "price", "rating"]).toContain(q.sort);
          // Best match only with a search (issue #25).
          if (q.sort === "relevance") expect(q.q).not.toBe("");
          expect(["asc", "desc"]).toContain(q.order);
          expect(typeof q.q).toBe("string");
          expect(q.q.length).toBeLessThanOrEqual(100);
          expect(q.q).toBe(q.q.trimStart());
          expectNoPollution();
        },
      ),
      RUNS,
    );
  });

  it("parseShopQuery: a sane page and limit are kept as they are", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 1, max: MAX_LIMIT }), (page, limit) => {
        const q = parseShopQuery(new URLSearchParams({ page: String(page), limit: String(limit) }));
        expect(q).toMatchObject({ page, limit });
      }),
      RUNS,
    );
  });
});
