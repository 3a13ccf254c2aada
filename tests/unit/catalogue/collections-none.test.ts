// Issue #37: with no collections, / and /shop give their pages exactly the data they had (so their
// HTML is byte for byte as before: no empty section, no canonical query, no extra CSS). Its own
// file: the other collection tests seed the demo's collections.
import { describe, expect, it } from "vitest";
import * as app from "~/db/client.server";
import { seedDemoCatalogue } from "~/demo/seed.server";
import { loader as homeLoader } from "~/routes/home";
import { loader as shopLoader } from "~/routes/shop";
import { testDb } from "../../support/db";

const args = (path: string) => ({ request: new Request(`http://shop.test${path}`), context: {}, params: {} }) as never;

describe("a shop without collections", async () => {
  await seedDemoCatalogue();
  await testDb(app).run("delete from collections");

  it("gives / and /shop the data they always had", async () => {
    const home = (await homeLoader(args("/"))) as Record<string, unknown>;
    expect(Object.keys(home)).toEqual(["bestSellers"]);
    const shop = (await shopLoader(args("/shop?sort=price-asc"))) as Record<string, unknown>;
    expect(Object.keys(shop).sort()).toEqual(["items", "page", "query", "suggestion", "totalItems", "totalPages"]);
  });
});
