// The demo catalogue as a shopper meets it (issue #21 item 9), on a freshly seeded database,
// SQLite and PostgreSQL alike.
import { describe, expect, it } from "vitest";
import * as app from "~/db/client.server";
import { demoProducts } from "~/db/demo-catalogue";
import { seedDemoCatalogue } from "~/db/seed.server";
import { testDb } from "../db";

const raw = testDb(app);

describe("the seeded demo catalogue", async () => {
  const seeded = await seedDemoCatalogue();

  it("the product's description names the vessel its pictures show", async () => {
    expect(seeded).toBe(true);
    const descriptions = await raw.all<{ name: string; description: string }>("select name, description from products");
    const tins = descriptions.filter((d) => demoProducts.find((p) => p.name === d.name)!.vessel === "tin");
    expect(tins.length).toBeGreaterThan(0);
    for (const t of tins) expect(t.description).toContain("tin");
    for (const d of descriptions) expect(d.description).toContain("soy");
  });
});
