import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { inlineScriptHashes } from "~/utils/page-cache.server";

const sha = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

describe("inlineScriptHashes (the CSP of a kept page)", () => {
  it("hashes the exact text of each inline script, UTF-8, once each", () => {
    const body = 'window.__ctx = {"name":"Chandan – ₹499"};\n';
    const html = `<html><head><script type="module" src="/assets/a.js"></script></head><body><script>${body}</script><script type="module">import("/x.js")</script><script>${body}</script></body></html>`;
    expect(inlineScriptHashes(html)).toEqual([sha(body), sha('import("/x.js")')]);
  });
  it("skips scripts loaded from a file and finds none in a page without scripts", () => {
    expect(inlineScriptHashes('<script src="/a.js"></script><SCRIPT SRC="/b.js"></SCRIPT>')).toEqual([]);
    expect(inlineScriptHashes("<p>No scripts</p>")).toEqual([]);
    // JSON-LD is data the browser never runs (issue #25).
    expect(inlineScriptHashes('<script type="application/ld+json">{"@type":"Product"}</script>')).toEqual([]);
  });
  it("an injected script with different text is not allowed by the page's hashes", () => {
    const page = inlineScriptHashes("<script>hydrate()</script>");
    expect(page).not.toContain(sha("alert(1)"));
    expect(page).not.toContain(sha("hydrate() "));
  });
});
