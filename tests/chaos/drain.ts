// The end of a chaos run, before the ledger: the faults are over, and the mail the shop still owes
// is given time to leave. The owner presses "Send again" on each failed mail (/admin/mail), as he
// would; retries the sender has scheduled minutes ahead, and claims of a sender that was killed
// (held 5 minutes), are brought forward in the database, which stands for the clock moving on.
import type { TestServer } from "../e2e/support/server";
import type { TestDb } from "../support/db";
import type { Received } from "../support/smtp";
import { type Journal, sleep } from "./journal";
import { signedInOwner } from "./owner";

const LEASE_MS = 5 * 60_000;
/** How long the outbox may take to drain: the backlog grows with the run (about 8 mails a second leave here). */
const drainMs = (runMs: number) => 60_000 + runMs / 2;

export async function drain(
  journal: Journal,
  server: TestServer,
  db: TestDb,
  received: Received[],
  runMs: number,
): Promise<string> {
  const admin = await signedInOwner(journal, server.url);
  const bare = (id: string) => id.trim().replace(/^<|>$/g, "");
  let resent = 0;
  let broughtForward = 0;
  const end = Date.now() + drainMs(runMs);
  for (;;) {
    const got = new Set(received.map((r) => bare(r.mail.messageId ?? "")));
    const owed = (
      await db.all<{ message_id: string }>("select message_id from mail_outbox where status <> 'sent'")
    ).filter((m) => !got.has(bare(m.message_id)));
    if (owed.length === 0 || Date.now() > end) {
      const gaveUp = server.stderr().match(/not sent, giving up/g)?.length ?? 0;
      return `mail settled: ${gaveUp} refused for good (5xx) and marked failed, ${resent} sent again by the owner, ${broughtForward} retries or stale claims brought forward; ${owed.length} still owed`;
    }
    const page = await journal.call(admin, "owner mail page", "/admin/mail");
    for (const [, id] of page?.text.matchAll(/name="id" value="([^"]+)"/g) ?? []) {
      const res = await journal.call(admin, "owner send again", "/admin/mail", { form: { id: id! } });
      if (res && [302, 303].includes(res.status)) resent++;
    }
    const now = Date.now();
    broughtForward += await db.run(
      "update mail_outbox set next_attempt_at = ? where status = 'pending' and next_attempt_at > ?",
      now,
      now,
    );
    broughtForward += await db.run(
      "update mail_outbox set lease_until = ? where status = 'sending' and lease_until < ?",
      now,
      now + LEASE_MS - 20_000,
    );
    await sleep(3_000);
  }
}
