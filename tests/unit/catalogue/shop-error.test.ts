import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { hi } from "~/lib/i18n/hi";
import { ErrorBoundary } from "~/routes/shop";

// What /shop shows when its loader fails: the server's message, else 'Failed to load products'. In a
// router, as React Router renders it: the page's language is its basename (issue #36).
const render = (error: unknown, basename = "/") =>
  renderToStaticMarkup(
    createElement(
      MemoryRouter,
      { basename, initialEntries: [basename === "/" ? "/shop" : `${basename}/shop`] },
      createElement(ErrorBoundary, { error } as never),
    ),
  );
const response = (status: number, data: unknown) => ({ status, statusText: "", internal: false, data });

describe("shop error boundary", () => {
  it("says 'Failed to load products' for a crash, and offers a retry", () => {
    const html = render(new Error("SQLITE_BUSY: database is locked"));
    expect(html).toContain("Failed to load products");
    expect(html).not.toContain("SQLITE_BUSY");
    expect(html).toContain('href="/shop"');
  });
  it("shows the server's message when there is one", () => {
    expect(render(response(503, { message: "The shop is being updated." }))).toContain("The shop is being updated.");
    expect(render(response(500, "Try again soon."))).toContain("Try again soon.");
    expect(render(response(500, { other: 1 }))).toContain("Failed to load products");
  });
  it("says it in Hindi on a Hindi page, the retry staying under /hi", () => {
    const html = render(new Error("boom"), "/hi");
    expect(html).toContain(hi.shop.loadFailed);
    expect(html).toContain('href="/hi/shop"');
  });
  it("escapes the message", () => {
    expect(render(response(500, { message: "<img src=x onerror=alert(1)>" }))).toContain("&lt;img");
  });
});
