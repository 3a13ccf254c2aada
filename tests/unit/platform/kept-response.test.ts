import { gunzipSync } from "node:zlib";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { catalogueVersion } from "~/db/client.server";
import { productSchema } from "~/lib/product-schema";
import { createProduct } from "~/models/catalogue/product-admin.server";
import { loader as sitemap } from "~/routes/sitemap.xml";
import { keptResponse } from "~/utils/kept-response.server";

// Issue #34, item 5: answers built from the whole catalogue (sitemap parts) are built once per
// catalogue version, by one build however many ask at once, and kept compressed.
const asking = (encoding?: string) =>
  new Request("https://shop.test/x", { headers: encoding ? { "Accept-Encoding": encoding } : {} });

describe("kept responses", () => {
  it("20 requests at once share one build; the next catalogue version builds again", async () => {
    let builds = 0;
    const build = async () => {
      builds++;
      await new Promise((r) => setTimeout(r, 20));
      return new Response(`<big>${"x".repeat(50_000)} ${builds}</big>`, { headers: { "Content-Type": "text/xml" } });
    };
    const bodies = await Promise.all(
      Array.from({ length: 20 }, async () => (await keptResponse(asking(), "k1", build)).text()),
    );
    expect(builds).toBe(1);
    expect(new Set(bodies)).toEqual(new Set([`<big>${"x".repeat(50_000)} 1</big>`]));
    await keptResponse(asking(), "k1", build);
    expect(builds).toBe(1);
    const before = catalogueVersion();
    await createProduct(productSchema.parse({ name: "Kept", price: "100", stock: "1" }));
    expect(catalogueVersion()).not.toBe(before);
    expect(await (await keptResponse(asking(), "k1", build)).text()).toContain(" 2</big>");
  });

  it("sends the kept gzip to a client that takes it, the plain text to one that does not", async () => {
    const build = async () => new Response("<a>".repeat(1000), { headers: { "Content-Type": "text/xml" } });
    const zipped = await keptResponse(asking("br, gzip, deflate"), "k2", build);
    expect(zipped.headers.get("Content-Encoding")).toBe("gzip");
    expect(zipped.headers.get("Vary")).toContain("Accept-Encoding");
    expect(zipped.headers.get("Content-Type")).toBe("text/xml");
    expect(gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString()).toBe("<a>".repeat(1000));
    for (const encoding of [undefined, "identity", "gzip;q=0, br"]) {
      const plain = await keptResponse(asking(encoding), "k2", build);
      expect(plain.headers.get("Content-Encoding"), encoding).toBeNull();
      expect(await plain.text()).toBe("<a>".repeat(1000));
    }
  });

  it("keeps no failure: a 404 or a thrown build is built again next time", async () => {
    let builds = 0;
    const missing = async () => (builds++, new Response("Not found", { status: 404 }));
    expect((await keptResponse(asking(), "k3", missing)).status).toBe(404);
    expect((await keptResponse(asking(), "k3", missing)).status).toBe(404);
    expect(builds).toBe(2);
    let fail = true;
    const flaky = async () => {
      if (fail) throw new Error("database away");
      return new Response("ok");
    };
    await expect(keptResponse(asking(), "k4", flaky)).rejects.toThrow("database away");
    fail = false;
    expect(await (await keptResponse(asking(), "k4", flaky)).text()).toBe("ok");
  });

  it("the sitemap is one of them: the same bytes twice, gzip for a crawler", async () => {
    const get = (encoding?: string) =>
      sitemap({
        request: new Request("https://kept.test/sitemap.xml", {
          headers: encoding ? { "Accept-Encoding": encoding } : {},
        }),
        params: {},
        context: new RouterContextProvider(),
      } as unknown as Parameters<typeof sitemap>[0]);
    const plain = await (await get()).text();
    expect(plain).toContain("<loc>https://kept.test/shop</loc>");
    const crawler = await get("gzip");
    expect(crawler.headers.get("Content-Encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await crawler.arrayBuffer())).toString()).toBe(plain);
  });
});
