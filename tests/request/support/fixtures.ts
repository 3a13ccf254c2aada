// The request layer's fixtures (issue #51): the e2e fixtures with no browser behind them. `plain` is a
// text browser of the test's own (tests/e2e/support/plain-browser.ts: HTTP, a cookie jar and an
// HTML parser), and registerViaApi signs it up through the JSON door, keeping the session cookie in
// its jar, as the browser fixture of the same name does for a page.
import { expect, test as base } from "../../e2e/support/fixtures";
import { PlainBrowser } from "../../e2e/support/plain-browser";

export { expect, newProduct, queryOne, sharedDb } from "../../e2e/support/fixtures";
export { PlainBrowser };

export const test = base.extend<{ plain: PlainBrowser }>({
  plain: async ({ baseURL }, use) => use(new PlainBrowser(baseURL!)),
  registerViaApi: async ({ plain, uniqueEmail }, use) => {
    await use(async (overrides = {}) => {
      const user = {
        name: "Priya Test",
        email: uniqueEmail(),
        password: "secret12",
        phone: "9876543210",
        ...overrides,
      };
      const res = await plain.api("/api/auth/register", user);
      expect(res.status, await res.text()).toBe(201);
      return user;
    });
  },
});

/** The main navigation, as the e2e fixtures' nav(page) finds it. */
export const NAV = 'nav[aria-label="Main"]';
/** Where the flash toasts are, as toaster(page). */
export const TOASTER = ".toaster";
/** The path and query of the page a browser shows. */
export const where = (b: PlainBrowser) => {
  const url = new URL(b.current().url);
  return url.pathname + url.search;
};

/** Form values keyed by their fields' labels, as a shopper types them (getByLabel(label).fill(value)). */
export const labelled = (b: PlainBrowser, byLabel: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(byLabel).map(([label, value]) => [b.field(label), value]));
