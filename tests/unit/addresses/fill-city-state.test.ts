import { beforeAll, describe, expect, it } from "vitest";
import * as app from "~/db/client.server";
import { fillCityState } from "~/models/addresses/city-state.server";
import { testDb } from "../../support/db";

const raw = testDb(app); // the app's own connections (tests/support/db.ts)

// Issue #19: the checkout's rules live in the model, written once; this one is the checkout
// without JS filling an empty city or state from the PIN. Real rows in the PIN directory.

describe("fillCityState: Place Order without JS fills an empty city or state from the PIN", () => {
  // Two offices of one PIN, as the directory lists them: the first names the city.
  beforeAll(async () => {
    await raw.run(
      "insert into pincodes (pin, name, block, district, state) values (?, ?, ?, ?, ?)",
      700029,
      "Ballygunge S.O",
      null,
      "Kolkata",
      "West Bengal",
    );
    await raw.run(
      "insert into pincodes (pin, name, block, district, state) values (?, ?, ?, ?, ?)",
      700029,
      "Gariahat B.O",
      null,
      "South 24 Parganas",
      "West Bengal",
    );
  });

  it("fills an empty city and state", async () => {
    expect(await fillCityState("700029", { city: "", state: "" })).toEqual({ city: "Kolkata", state: "West Bengal" });
    // Blank is empty.
    expect(await fillCityState("700029", { city: "  ", state: "" })).toEqual({ city: "Kolkata", state: "West Bengal" });
  });

  it("keeps what the shopper typed and fills only the empty one", async () => {
    expect(await fillCityState("700029", { city: "Calcutta", state: "" })).toEqual({
      city: "Calcutta",
      state: "West Bengal",
    });
    expect(await fillCityState("700029", { city: "", state: "WB" })).toEqual({ city: "Kolkata", state: "WB" });
  });

  it("leaves a filled-in address alone without looking the PIN up", async () => {
    // An unknown PIN would give an error if it were looked up.
    expect(await fillCityState("899999", { city: "Kolkata", state: "West Bengal" })).toEqual({
      city: "Kolkata",
      state: "West Bengal",
    });
  });

  it("a PIN that names no place fills nothing and says why", async () => {
    expect(await fillCityState("899999", { city: "", state: "West Bengal" })).toEqual({
      city: "",
      state: "West Bengal",
      pinError: "No records found",
    });
  });

  it("anything but 6 digits is left to the checkout schema: nothing filled, no PIN error", async () => {
    expect(await fillCityState("70002", { city: "", state: "" })).toEqual({ city: "", state: "" });
    expect(await fillCityState("", { city: "", state: "" })).toEqual({ city: "", state: "" });
  });
});
