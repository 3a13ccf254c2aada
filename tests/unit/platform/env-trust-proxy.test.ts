// TRUST_PROXY (app/env.server.ts, issue #34): what Express's `trust proxy` takes, compiled once;
// `true` is one hop, with a warning; a bad value stops the start, naming the setting.
import { describe, expect, it } from "vitest";
import { parseTrustProxy } from "~/env.server";

/** Whether the peer at `address`, `hop` proxies from the server, may set X-Forwarded-*. */
const trusts = (value: string | undefined, address: string, hop = 0) => {
  const { trust } = parseTrustProxy(value);
  return trust !== false && trust(address, hop);
};

describe("TRUST_PROXY", () => {
  it("is off by default, and with false or 0", () => {
    for (const value of [undefined, "false", "0", "FALSE"]) expect(parseTrustProxy(value)).toEqual({ trust: false });
  });

  it("a hop count trusts that many proxies, whatever their address", () => {
    expect(trusts("1", "203.0.113.9")).toBe(true);
    expect(trusts("1", "203.0.113.9", 1)).toBe(false);
    expect(trusts("2", "10.0.0.2", 1)).toBe(true);
    expect(trusts("2", "10.0.0.2", 2)).toBe(false);
    expect(parseTrustProxy("1").warning).toBeUndefined();
  });

  it("true is one hop (not Express's every hop, which takes the client's own first entry), with a warning", () => {
    const { warning } = parseTrustProxy("true");
    expect(trusts("true", "203.0.113.9")).toBe(true);
    expect(trusts("true", "198.51.100.1", 1)).toBe(false);
    expect(warning).toMatch(/^TRUST_PROXY=true is read as TRUST_PROXY=1 .*set 1/);
    expect(warning).not.toContain("\n");
  });

  it("loopback, addresses and CIDR ranges trust only those peers, at any hop", () => {
    expect(trusts("loopback", "127.0.0.1")).toBe(true);
    expect(trusts("loopback", "::1")).toBe(true);
    expect(trusts("loopback", "10.0.0.1")).toBe(false);
    const list = "10.0.0.0/8, 192.168.1.7, fd00::/8";
    expect(trusts(list, "10.1.2.3")).toBe(true);
    expect(trusts(list, "10.1.2.3", 3)).toBe(true);
    expect(trusts(list, "192.168.1.7")).toBe(true);
    expect(trusts(list, "192.168.1.8")).toBe(false);
    expect(trusts(list, "fd12::1")).toBe(true);
    expect(trusts(list, "203.0.113.9")).toBe(false);
    expect(trusts("uniquelocal", "172.16.0.1")).toBe(true);
  });

  it("a bad value stops the start, naming the setting and what it takes", () => {
    for (const value of ["yes", "", "10.0.0.0/33", "loopback,", "1.2.3", "proxy.internal", "-1", "1.5", "11"])
      expect(() => parseTrustProxy(value), value).toThrow(/^Invalid environment: TRUST_PROXY must be/);
  });
});
