// Property tests of the review schema.
// Checked as tests/support/schema-properties.ts says, with values from tests/support/hostile-values.ts.
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { reviewSchema } from "~/lib/review-schema";
import { body, field, type Sample } from "../../support/hostile-values";
import { checkSchema, expectNoPollution, isTrimmed, keysWithin } from "../../support/schema-properties";

afterEach(expectNoPollution);

const review: Sample = {
  valid: fc.record({
    rating: fc.oneof(fc.integer({ min: 1, max: 5 }), fc.constantFrom("1", "5")),
    comment: fc.string({ maxLength: 100 }),
  }),
  edges: {
    rating: fc.constantFrom(0, 6, 4.5, "4.5", "5.5", 1.0000001, -1, NaN, Infinity, "Infinity", "", "1e0", true, [3]),
    comment: fc.constantFrom("x".repeat(2001), `   ${"x".repeat(2000)}   `, 5, null),
  },
};

describe("review schema", () => {
  it("reviewSchema: never throws; a success has a whole rating 1..5 and a trimmed comment of at most 2000 characters", () => {
    checkSchema(
      body({
        rating: field(
          fc.integer({ min: -1, max: 7 }),
          fc.constantFrom("5", " 3 ", "4.5", "1e0", "0x3", "", true, false, null, [3], "Infinity"),
        ),
        comment: field(fc.string(), fc.constantFrom("x".repeat(2000), " ".repeat(3000) + "ok", "x".repeat(2001))),
      }),
      (v) => reviewSchema.safeParse(v),
      (d) => {
        keysWithin(d, ["rating", "comment"]);
        expect(Number.isInteger(d.rating)).toBe(true);
        expect(d.rating).toBeGreaterThanOrEqual(1);
        expect(d.rating).toBeLessThanOrEqual(5);
        expect(typeof d.comment).toBe("string");
        expect(isTrimmed(d.comment)).toBe(true);
        expect(d.comment.length).toBeLessThanOrEqual(2000);
      },
      review,
    );
  });
});

describe("reviewSchema's rating (issue #20)", () => {
  it("is a whole number 1..5, given as a number or as its digits; nothing else is read as one", () => {
    for (const ok of [1, 5, "3", " 4 "]) expect(reviewSchema.safeParse({ rating: ok }).success, String(ok)).toBe(true);
    for (const bad of [true, false, [3], ["3"], "0x3", "3e0", "3.0", "", null, 0, 6, 2.5, { valueOf: () => 3 }])
      expect(reviewSchema.safeParse({ rating: bad }).success, JSON.stringify(bad)).toBe(false);
  });
});
