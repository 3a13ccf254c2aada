// tests/e2e/admin-mail.spec.ts's JS-off half, over HTTP (issue #51): the owner sees a mail the shop
// gave up on, with its error, on the Mail tab, and sends it again with the row's form; it then
// really goes out.
import { randomBytes } from "node:crypto";
import { waitForMail } from "../e2e/support/mail";
import { ADMIN } from "../playwright.config";
import { expect, queryOne, sharedDb, test, TOASTER, where } from "./support/fixtures";

test("a failed mail is shown on the Mail tab and Send again delivers it", async ({ plain: b, uniqueEmail }) => {
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
  expect((await b.api("/api/auth/login", ADMIN)).status).toBe(200);

  await b.open("/admin");
  const tab = b.texts("a").filter((name) => /^Mail/.test(name));
  expect(tab).toHaveLength(1);
  expect(tab[0]).toContain("not sent");
  await b.follow(/^Mail/);
  expect(where(b)).toMatch(/\/admin\/mail$/);
  const row = `#mail-${id}`;
  expect(b.text(row)).toContain(to);
  expect(b.text(row)).toContain(subject);
  expect(b.text(row)).toContain("Not sent (9 tries)");
  expect(b.text(row)).toContain("421 4.7.0 Try again later");

  await b.submit(`Send again to ${to}`, {}, { where: { id } });
  expect(b.text(TOASTER)).toContain("Mail queued to be sent again");
  const mail = await waitForMail(to, subject);
  expect(mail.messageId).toBe(`<${id}@e2e.test>`);
  await expect
    .poll(async () => (await queryOne<{ status: string }>("select status from mail_outbox where id = ?", id))?.status)
    .toBe("sent");
  await b.open("/admin/mail");
  expect(b.all(row)).toHaveLength(0);
});
