import type { Page } from "@playwright/test";

/** Collects CSP violations: console messages about the policy, and securitypolicyviolation events. */
export async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on("console", (msg) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(msg.text()))
      violations.push(`${page.url()}: ${msg.text()}`);
  });
  page.on("pageerror", (error) => violations.push(`${page.url()}: pageerror: ${error.message}`));
  // Chromium reports some violations (eval) only as DevTools issues, so listen in the page too.
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      console.error(
        `Content Security Policy violation: ${e.violatedDirective} ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`,
      );
    });
  });
  return violations;
}
