// Playwright's global setup on the PostgreSQL run (playwright.config.ts): makes the template
// database the tests' own servers are copied from, before any test's time starts.
import { makePgTemplate } from "./server";

export default async function globalSetup(): Promise<void> {
  await makePgTemplate();
}
