import { test as base, expect, type APIRequestContext, type Page } from "@playwright/test";
import { ADMIN } from "../../playwright.config";
import { testDb, type TestDb } from "../../support/db";

export { expect };

/** The shared web server's database: the run's SQLite file, or its PostgreSQL database. */
export const sharedDb = (): TestDb => testDb(process.env.E2E_DATABASE_URL ?? process.env.E2E_DB!);

/** One row of the shared server's database, to assert real rows (tests/support/db.ts says how to write the SQL). */
export function queryOne<T>(sql: string, ...params: unknown[]): Promise<T | undefined> {
  return sharedDb().get<T>(sql, ...params);
}

let counter = 0;
type Fixtures = {
  jsEnabled: boolean;
  uniqueEmail: () => string;
  goto: (url: string) => Promise<void>;
  registerViaApi: (
    overrides?: Partial<{ name: string; email: string; password: string; phone: string }>,
  ) => Promise<{ name: string; email: string; password: string }>;
};

export const test = base.extend<Fixtures>({
  jsEnabled: async ({ javaScriptEnabled }, use) => use(javaScriptEnabled !== false),
  uniqueEmail: async ({}, use, testInfo) => {
    await use(
      () => `u${Date.now().toString(36)}${testInfo.workerIndex}${++counter}-${testInfo.project.name}@example.com`,
    );
  },
  // With JS on, wait for hydration so a click is handled by React, not as a plain post.
  goto: async ({ page, jsEnabled }, use) => {
    await use(async (url: string) => {
      await page.goto(url);
      if (jsEnabled) await waitForHydration(page);
    });
  },
  // Registers through the JSON door with the page's own request context, so the browser
  // shares the session cookie and the test skips the form.
  registerViaApi: async ({ page, uniqueEmail }, use) => {
    await use(async (overrides = {}) => {
      const user = {
        name: "Priya Test",
        email: uniqueEmail(),
        password: "secret12",
        phone: "9876543210",
        ...overrides,
      };
      const res = await page.request.post("/api/auth/register", { data: user });
      expect(res.status(), await res.text()).toBe(201);
      return user;
    });
  },
});

export async function waitForHydration(page: Page) {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

export const nav = (page: Page) => page.getByRole("navigation", { name: "Main" });
export const toaster = (page: Page) => page.locator(".toaster");

/**
 * A product of the calling test's own, made by the admin through the API, so its stock, orders and
 * rating belong to that test alone. Returns its id.
 */
export async function newProduct(
  playwright: { request: { newContext(o: { baseURL: string }): Promise<APIRequestContext> } },
  baseURL: string,
  fields: { name: string; stock: number; price?: number },
): Promise<string> {
  const admin = await playwright.request.newContext({ baseURL });
  try {
    expect((await admin.post("/api/auth/login", { data: ADMIN })).status()).toBe(200);
    const res = await admin.post("/api/products", {
      data: { description: "Made by a test", price: 350, image: "", images: [], ...fields },
    });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { _id: string })._id;
  } finally {
    await admin.dispose();
  }
}
