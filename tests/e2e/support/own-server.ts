// For the specs that start a server of their own with settings (startServer): its pages, a
// customer, the owner, and the links its mails carry. One copy, so the specs read as their story.
import type { Browser, Page, Response } from "@playwright/test";
import { expect, waitForHydration } from "./fixtures";
import { OPS_ADMIN } from "./server";
import type { SharedServer } from "./shared-servers";

/** PUBLIC_URL of the servers whose mails are read: their links name it, the tests open them here. */
export const MAILED_ORIGIN = "https://shop.test";

/** `open(page, path)` on `server`: a path or a full URL, then (with JS) hydration; the response. */
export const opener =
  (server: SharedServer, jsEnabled: boolean) =>
  async (page: Page, path: string): Promise<Response | null> => {
    const res = await page.goto(path.startsWith("http") ? path : `${server.url}${path}`);
    if (jsEnabled) await waitForHydration(page);
    return res;
  };

/** A link the server mailed (to MAILED_ORIGIN), as the same path and query on `server`. */
export function mailedLinkOn(server: SharedServer, link: string): string {
  const u = new URL(link);
  expect(u.origin).toBe(MAILED_ORIGIN);
  return `${server.url}${u.pathname}${u.search}`;
}

/** A new customer of `server`, logged in on `page` (its requests share the browser's cookies). */
export async function registerOn(server: SharedServer, page: Page, email: string, name = "Kavya Iyer"): Promise<void> {
  const res = await page.request.post(`${server.url}/api/auth/register`, {
    data: { name, email, password: "secret12", phone: "9876543210" },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** The owner, logged in on a page of a browser context of its own (the test's page keeps its customer). */
export async function ownerOn(server: SharedServer, browser: Browser, jsEnabled: boolean): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: jsEnabled, baseURL: server.url });
  const page = await context.newPage();
  expect((await page.request.post(`${server.url}/api/auth/login`, { data: OPS_ADMIN })).status()).toBe(200);
  return page;
}
