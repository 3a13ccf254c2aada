import { randomBytes } from "node:crypto";
import { ADMIN } from "../playwright.config";
import { expect, queryOne, sharedDb, test, toaster } from "./support/fixtures";
import { waitForMail } from "./support/mail";

// Issue #23: the owner sees a mail the shop gave up on, with its error, and sends it again from
// /admin/mail (JS off and on); it then really goes out.
// JS off, the test runs over HTTP in tests/request/admin-mail.spec.ts (issue #51).
const OVER_HTTP = "JS off: tests/request/admin-mail.spec.ts drives the same forms over HTTP";

test("a failed mail is shown on the Mail tab and Send again delivers it", async ({
  page,
  goto,
  jsEnabled,
  uniqueEmail,
}) => {
  test.skip(!jsEnabled, OVER_HTTP);
  const id = randomBytes(12).toString("hex");
  const to = uniqueEmail();
  const subject = `Your order #${id.slice(-6)} is on its way`;
  await sharedDb().run(
    `insert into mail_outbox (id, kind, to_address, subject, text_body, html_body, message_id, status, attempts, next_attempt_at, last_error)
     values (?, 'order-status', ?, ?, 'Hello', '<p>Hello</p>', ?, 'failed', 9, 0, '421 4.7.0 Try again later')`,
    id,
    to,
    subject,
    `<${id}@e2e.test>`,
  );
  expect((await page.request.post("/api/auth/login", { data: ADMIN })).status()).toBe(200);

  await goto("/admin");
  const tab = page.getByRole("link", { name: /^Mail/ });
  await expect(tab).toContainText("not sent");
  await tab.click();
  await expect(page).toHaveURL(/\/admin\/mail$/);
  const row = page.locator(`#mail-${id}`);
  await expect(row).toContainText(to);
  await expect(row).toContainText(subject);
  await expect(row).toContainText("Not sent (9 tries)");
  await expect(row).toContainText("421 4.7.0 Try again later");

  await row.getByRole("button", { name: /Send again/ }).click();
  await expect(toaster(page)).toContainText("Mail queued to be sent again");
  const mail = await waitForMail(to, subject);
  expect(mail.messageId).toBe(`<${id}@e2e.test>`);
  await expect
    .poll(async () => (await queryOne<{ status: string }>("select status from mail_outbox where id = ?", id))?.status)
    .toBe("sent");
  await goto("/admin/mail");
  await expect(page.locator(`#mail-${id}`)).toHaveCount(0);
});
