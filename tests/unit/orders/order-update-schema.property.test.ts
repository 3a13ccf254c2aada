// Property tests of the order update schema (the admin's status and paid changes).
// Checked as tests/support/schema-properties.ts says, with values from tests/support/hostile-values.ts.
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { ORDER_STATUSES, orderUpdateSchema } from "~/lib/order-schema";
import { body, field, type Sample } from "../../support/hostile-values";
import { checkSchema, expectNoPollution, keysWithin } from "../../support/schema-properties";

afterEach(expectNoPollution);

const orderUpdate: Sample = {
  valid: fc.record({ status: fc.constantFrom(...ORDER_STATUSES), isPaid: fc.boolean() }, { requiredKeys: [] }),
  edges: {
    status: fc.constantFrom("cancelled", "Lost", "", " Placed", "__proto__"),
    isPaid: fc.constantFrom("true", "on", 1, 0, null),
  },
};

describe("admin schemas", () => {
  it("orderUpdateSchema: never throws; a success names a known status and/or a boolean isPaid, and at least one of them", () => {
    checkSchema(
      body({
        status: field(
          fc.constantFrom(...ORDER_STATUSES),
          fc.constantFrom("cancelled", "Lost", "", " Placed", "Placed ", "__proto__"),
        ),
        isPaid: field(fc.boolean(), fc.constantFrom("true", "on", 1, 0, null)),
      }),
      (v) => orderUpdateSchema.safeParse(v),
      (d) => {
        keysWithin(d, ["status", "isPaid"]);
        expect(d.status !== undefined || d.isPaid !== undefined).toBe(true);
        if (d.status !== undefined) expect(ORDER_STATUSES).toContain(d.status);
        if (d.isPaid !== undefined) expect(typeof d.isPaid).toBe("boolean");
      },
      orderUpdate,
    );
  });
});
