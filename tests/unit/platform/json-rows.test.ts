import { describe, expect, it } from "vitest";
import { db, dialect, insertionOrder, writeTransaction } from "~/db/client.server";
import { jsonRows } from "~/db/json-rows.server";
import { pincodes } from "~/db/schema";

// jsonRows sends many rows as one JSON parameter; what comes out must be exactly what went in,
// in the same order (PIN offices are listed in the order they were loaded), on either database.

describe("jsonRows: many rows in one INSERT … SELECT", () => {
  it("stores every value as given, nulls and awkward text included, in the array's order", async () => {
    const rows: (typeof pincodes.$inferInsert)[] = [
      { pin: 999_003, name: "Zeta S.O", block: null, district: "Last", state: "Kerala" },
      {
        pin: 999_001,
        name: `O'Neil "Road" \\ B.O`,
        block: "Taluk; DROP TABLE pincodes",
        district: "ಬೆಂಗಳೂರು",
        state: "Karnataka",
      },
      { pin: 999_002, name: "Emoji 🕯️ & tabs\tand\nlines", block: "", district: "१२३", state: "Tamil Nadu" },
      { pin: 999_001, name: "Alpha B.O", block: "NA-ish", district: "x".repeat(2_000), state: "Delhi" },
    ];
    await writeTransaction(async (tx) => {
      await tx.insert(pincodes).select(jsonRows(dialect, pincodes, rows));
    });
    const stored = await db
      .select({
        pin: pincodes.pin,
        name: pincodes.name,
        block: pincodes.block,
        district: pincodes.district,
        state: pincodes.state,
      })
      .from(pincodes)
      .orderBy(insertionOrder);
    expect(stored).toEqual(rows);
  });

  it("an empty list inserts nothing", async () => {
    const before = (await db.select({ pin: pincodes.pin }).from(pincodes)).length;
    await writeTransaction(async (tx) => {
      await tx.insert(pincodes).select(jsonRows(dialect, pincodes, []));
    });
    expect((await db.select({ pin: pincodes.pin }).from(pincodes)).length).toBe(before);
  });
});
