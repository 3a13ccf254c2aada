// What the server does with a fault (entry.server's handleError and the 503 of
// utils/unavailable.server.ts): the database going away is logged in one line and the request
// answered 503; React Router's own cross-site refusal is a warning; anything else is an error with
// where it hit. The e2e proof (ops.database-down.spec.ts) runs on a server killed with SIGKILL at
// its end, which writes no coverage: this file keeps these branches counted (issue #51).
import { data, RouterContextProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { handleError } from "~/entry.server";
import { withHeader } from "~/utils/http.server";
import { databaseUnavailable } from "~/utils/unavailable.server";

const request = (path: string, init: RequestInit = {}) => new Request(`http://shop.test${path}`, init);
/** A driver's error for a stopped PostgreSQL, wrapped as drizzle wraps it. */
const stopped = () =>
  new Error("Failed query", { cause: Object.assign(new Error("terminating connection"), { code: "57P01" }) });

afterEach(() => vi.restoreAllMocks());

describe("handleError", () => {
  it("logs the database going away in one line, and the request is then answered 503", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const context = new RouterContextProvider();
    handleError(stopped(), { request: request("/shop"), context, params: {} });
    expect(errors).toHaveBeenCalledTimes(1);
    expect(String(errors.mock.calls[0]![0])).toMatch(/^GET \/shop: database unavailable \(Error: Failed query\)$/);
    // The middleware's type allows void (a middleware may not answer); this one always answers.
    const answer = (await databaseUnavailable(
      { request: request("/shop"), context, params: {}, unstable_pattern: "/shop" } as never,
      async () => new Response("the 500 page", { status: 500 }),
    )) as Response;
    expect(answer.status).toBe(503);
    expect(answer.headers.get("Retry-After")).toBe("5");
    // Another request, not marked, keeps its own answer.
    const other = (await databaseUnavailable(
      {
        request: request("/shop"),
        context: new RouterContextProvider(),
        params: {},
        unstable_pattern: "/shop",
      } as never,
      async () => new Response("fine"),
    )) as Response;
    expect(other.status).toBe(200);
  });

  it("takes the error out of a 500 route response; a client's 4xx and an aborted request log nothing", () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const context = new RouterContextProvider();
    const fault = new Error("a bug");
    handleError(
      Object.assign(data(null, 500), { status: 500, statusText: "", internal: true, data: null, error: fault }),
      {
        request: request("/cart", { method: "POST" }),
        context,
        params: {},
      },
    );
    expect(errors).toHaveBeenCalledWith("POST /cart:", fault);

    errors.mockClear();
    const aborted = new AbortController();
    aborted.abort();
    handleError(new Error("gone"), { request: request("/cart", { signal: aborted.signal }), context, params: {} });
    expect(errors).not.toHaveBeenCalled();
  });

  it("calls React Router's cross-site refusal a refusal (a warning), not a fault", () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const warnings = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const context = new RouterContextProvider();
    for (const message of ["The origin does not match. Aborting the action.", "Bad Request"])
      handleError(new Error(message), { request: request("/login", { method: "POST" }), context, params: {} });
    expect(warnings.mock.calls.map((c) => c[0])).toEqual([
      "POST /login: refused (The origin does not match. Aborting the action.)",
      "POST /login: refused (Bad Request)",
    ]);
    expect(errors).not.toHaveBeenCalled();
  });
});

describe("withHeader", () => {
  it("sets a header on a response whose headers are immutable by answering a copy", async () => {
    const redirect = Response.redirect("http://shop.test/", 302);
    expect(() => redirect.headers.set("X-Test", "1")).toThrow();
    const copy = withHeader(redirect, "Cache-Control", "no-store");
    expect(copy).not.toBe(redirect);
    expect(copy.status).toBe(302);
    expect(copy.headers.get("Location")).toBe("http://shop.test/");
    expect(copy.headers.get("Cache-Control")).toBe("no-store");
    const open = new Response("x");
    expect(withHeader(open, "Vary", "Cookie")).toBe(open);
  });
});
