import type { IncomingMessage, ServerResponse } from "node:http";
import { describe, expect, it } from "vitest";
import { isPersonalPath } from "~/utils/personal-pages.server";
import { requestOrigin } from "~/utils/request-context.server";
import {
  ALLOW,
  cspDirectives,
  bodyLimitFor,
  DEFAULT_BODY_LIMIT,
  isCrossSite,
  methodPolicy,
  ownOrigins,
  UPLOAD_BODY_LIMIT,
  usableHost,
  usableProto,
} from "../../../server/http-guards";

const own = ["http://shop.test"];

describe("isCrossSite", () => {
  it("never blocks safe methods", () => {
    for (const m of ["GET", "HEAD", "OPTIONS"])
      expect(isCrossSite(m, { origin: "https://evil.example" }, own)).toBe(false);
  });
  it.each([
    [{ origin: "https://evil.example" }, true],
    [{ origin: "http://shop.test.evil.example" }, true],
    [{ origin: "null" }, true],
    [{ origin: "HTTP://SHOP.TEST" }, false],
    [{ origin: "http://shop.test" }, false],
    [{ "sec-fetch-site": "cross-site" }, true],
    // A sibling subdomain is "same-site" but not this origin (issue #11).
    [{ "sec-fetch-site": "same-site" }, true],
    [{ "sec-fetch-site": "same-origin" }, false],
    [{ "sec-fetch-site": "none" }, false],
    [{ "sec-fetch-site": "bogus" }, true],
    [{}, false],
    // No Origin: a foreign Referer is a cross-site form post (issue #11).
    [{ referer: "https://evil.example/page" }, true],
    [{ referer: "http://shop.test.evil.example/" }, true],
    [{ referer: "not a url" }, true],
    [{ referer: "http://shop.test/checkout?x=1" }, false],
    [{ referer: "HTTP://SHOP.TEST/cart" }, false],
    [{ referer: "http://shop.test/", "sec-fetch-site": "same-site" }, true],
    [{ referer: "https://evil.example/", "sec-fetch-site": "same-origin" }, true],
    [{ origin: "http://shop.test", "sec-fetch-site": "cross-site" }, false],
  ])("POST %j → %s", (headers, expected) => {
    expect(isCrossSite("POST", headers, own)).toBe(expected);
    expect(isCrossSite("DELETE", headers, own)).toBe(expected);
  });
});

describe("methodPolicy", () => {
  it("runs the app for the methods it answers, answers OPTIONS itself, refuses the rest", () => {
    for (const m of ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"]) expect(methodPolicy(m)).toBe("app");
    expect(methodPolicy("OPTIONS")).toBe("options");
    for (const m of ["TRACE", "TRACK", "CONNECT", "PROPFIND", "get", "post", "FOO", "", undefined])
      expect(methodPolicy(m)).toBe("refuse");
    expect(ALLOW).toBe("GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS");
  });
});

describe("isPersonalPath", () => {
  it.each([
    ["/orders", true],
    ["/orders.data", true],
    ["/checkout", true],
    ["/cart", true],
    ["/thank-you", true],
    ["/admin", true],
    ["/admin/products/abc", true],
    ["/api/orders/my", true],
    ["/api/auth/me", true],
    ["/account", true],
    ["/account.data", true],
    ["/reset-password", true],
    ["/forgot-password", false],
    ["/shop", false],
    ["/", false],
    ["/ordersx", false],
    ["/product/abc", false],
    ["/api/products", false],
  ])("%s → %s", (path, expected) => expect(isPersonalPath(path)).toBe(expected));
});

describe("ownOrigins", () => {
  it("is the origin the request came to, with ALLOWED_ORIGINS", () => {
    expect(ownOrigins("http://shop.test:3000", ["https://App.example"])).toEqual([
      "http://shop.test:3000",
      "https://app.example",
    ]);
    expect(ownOrigins("", ["https://app.example"])).toEqual(["https://app.example"]);
  });
});

describe("requestOrigin (Express's req.protocol and req.host, as TRUST_PROXY lets them read X-Forwarded-*)", () => {
  it("is their origin, as a browser names it", () => {
    expect(requestOrigin({ protocol: "http", host: "Shop.test:3000" })).toBe("http://shop.test:3000");
    expect(requestOrigin({ protocol: "HTTPS", host: "shop.test:443" })).toBe("https://shop.test");
    expect(requestOrigin({ protocol: "http", host: "[::1]:3000" })).toBe("http://[::1]:3000");
  });
  it("is empty when they make no http(s) origin", () => {
    for (const req of [
      { protocol: "http", host: undefined },
      { protocol: "gopher", host: "shop.test" },
      { protocol: "http", host: "a b" },
      { protocol: "http", host: "shop.test:99999" },
    ])
      expect(requestOrigin(req), JSON.stringify(req)).toBe("");
  });
});

describe("body limits", () => {
  it("1 MB, more only where images are uploaded", () => {
    expect(bodyLimitFor("/api/orders")).toBe(DEFAULT_BODY_LIMIT);
    expect(bodyLimitFor("/login")).toBe(DEFAULT_BODY_LIMIT);
    expect(bodyLimitFor("/api/uploads")).toBe(UPLOAD_BODY_LIMIT);
    expect(bodyLimitFor("/admin/products/new")).toBeGreaterThan(UPLOAD_BODY_LIMIT);
    expect(bodyLimitFor("/admin/products/abc")).toBeGreaterThan(UPLOAD_BODY_LIMIT);
    expect(bodyLimitFor("/admin/products/abc/delete")).toBe(DEFAULT_BODY_LIMIT);
    expect(bodyLimitFor("/admin/collections")).toBe(UPLOAD_BODY_LIMIT);
    expect(bodyLimitFor("/admin/collections/abc")).toBe(UPLOAD_BODY_LIMIT);
    expect(bodyLimitFor("/admin/collections/abc/delete")).toBe(DEFAULT_BODY_LIMIT);
  });
});

describe("cspDirectives", () => {
  it("allows only nonce'd inline scripts, inline CSS only by its hashes, and no framing", () => {
    const csp = cspDirectives(() => "'nonce-abc123'", ["'sha256-AAAA'", "'sha256-BBBB'"]);
    expect(csp.styleSrc).toEqual(["'self'", "'sha256-AAAA'", "'sha256-BBBB'"]);
    const script = csp.scriptSrc.map((s) =>
      typeof s === "function" ? s({} as IncomingMessage, {} as ServerResponse) : s,
    );
    expect(script).toEqual(["'self'", "'nonce-abc123'"]);
    expect(csp.frameAncestors).toEqual(["'none'"]);
    expect(csp.objectSrc).toEqual(["'none'"]);
    expect(csp.connectSrc).toEqual(["'self'"]);
  });
});

describe("usableHost (issue #20: a request the app cannot build a URL for is a 400, not a 500)", () => {
  it.each(["shop.test", "shop.test:3000", "127.0.0.1:8080", "[::1]:3000", "localhost", "my_host.internal", "a.b.c."])(
    "takes %j",
    (host) => expect(usableHost({ host })).toBe(true),
  );
  it.each([undefined, "", " ", "[", "a b", "shop.test:port", "shop.test/x", "a@b", "shop..test", "-a.test", "é.test"])(
    "refuses %j",
    (host) => expect(usableHost({ host })).toBe(false),
  );
  // The shape is right, but `new URL` (which React Router's adapter calls) refuses them: each was a
  // 500 the request fuzzer found.
  it.each([
    "127.0.0.1:99999",
    "shop.test:65536",
    "1.2.3.4.5",
    "256.0.0.1",
    "a.1",
    "0x100000000",
    "[1:2]",
    "a.".repeat(150),
  ])("refuses %j, which the URL parser refuses (or no DNS name is that long)", (host) =>
    expect(usableHost({ host })).toBe(false),
  );
  it.each(["shop.test:65535", "1.2.3.4", "999", `${"a.".repeat(126)}a`, "[::ffff:1.2.3.4]"])("takes %j too", (host) =>
    expect(usableHost({ host })).toBe(true),
  );
  // X-Forwarded-Host reaches this check only from a trusted proxy (server/middleware.ts drops the rest).
  it("checks X-Forwarded-Host, which names the host", () => {
    expect(usableHost({ host: "127.0.0.1:3000", "x-forwarded-host": "a b" })).toBe(false);
    expect(usableHost({ host: "127.0.0.1:3000", "x-forwarded-host": "shop.test, proxy.internal" })).toBe(true);
    expect(usableHost({ host: "127.0.0.1:3000", "x-forwarded-host": "" })).toBe(true);
    // Express takes the first value: an empty one leaves it no host at all.
    expect(usableHost({ host: "127.0.0.1:3000", "x-forwarded-host": ",shop.test" })).toBe(false);
    expect(usableHost({ host: "127.0.0.1:3000", "x-forwarded-host": "1.2.3.4.5" })).toBe(false);
    // React Router's adapter reads the port from the whole header ("a, b:99999" → 99999, a 500).
    expect(usableHost({ host: "127.0.0.1:3000", "x-forwarded-host": "shop.test, b:99999" })).toBe(false);
  });
  it("takes Express's protocol (X-Forwarded-Proto's first value from a trusted proxy) http or https only", () => {
    for (const proto of ["http", "https", "HTTPS"]) expect(usableProto(proto), proto).toBe(true);
    for (const proto of ["", "1", "a b", ",", "https:", "gopher"]) expect(usableProto(proto), proto).toBe(false);
  });
});
