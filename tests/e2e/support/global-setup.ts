// Playwright's globalSetup (tests/playwright.config.ts): the servers several spec files share,
// started once in the runner; the function returned is the global teardown.
import { startSharedServers } from "./shared-servers";

export default async function globalSetup() {
  return startSharedServers();
}
