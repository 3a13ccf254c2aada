// The mail the shared web server sent, as the run's SMTP server received it (tests/support/smtp.ts saves
// each message into E2E_MAIL_DIR; playwright.config.ts starts it). Parsed as a mail client would.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { type ParsedMail, simpleParser } from "mailparser";

export type CaughtMail = ParsedMail & { rcptTo: string[] };

const parsed = new Map<string, CaughtMail>();

async function allMails(): Promise<CaughtMail[]> {
  const dir = process.env.E2E_MAIL_DIR!;
  const files = readdirSync(dir).filter((f) => f.endsWith(".eml"));
  for (const file of files) {
    if (parsed.has(file)) continue;
    const raw = readFileSync(join(dir, file));
    const firstLine = raw.subarray(0, raw.indexOf("\r\n")).toString();
    const rcptTo = firstLine.replace(/^X-Rcpt-To: /, "").split(", ");
    parsed.set(file, Object.assign(await simpleParser(raw), { rcptTo }));
  }
  return [...parsed.values()];
}

/** Every mail delivered to `to` so far whose subject includes `subject`. */
export async function mailsTo(to: string, subject = ""): Promise<CaughtMail[]> {
  return (await allMails()).filter((m) => m.rcptTo.includes(to.toLowerCase()) && (m.subject ?? "").includes(subject));
}

/**
 * The first mail to `to` with `subject` in its subject, waiting for the shop's sender to deliver
 * it (it is woken when the mail is queued: normally well under a second).
 */
export async function waitForMail(to: string, subject = "", timeoutMs = 15_000): Promise<CaughtMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [mail] = await mailsTo(to, subject);
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`No mail to ${to} with "${subject}" in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
