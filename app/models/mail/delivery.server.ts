import { mkdir, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import nodemailer, { type SendMailOptions } from "nodemailer";

// The two ways a mail leaves the shop: an SMTP server (SMTP_URL), or an .eml file in MAIL_DIR
// when there is none, so the shop runs without a mail server and what it would send can be opened.

/** Hands one message to the mail system; throws when it is not taken. */
export type Deliver = (message: SendMailOptions) => Promise<void>;

/** Connections a sender keeps open to the SMTP server, each carrying one mail at a time. */
export const SMTP_CONNECTIONS = 4;

/**
 * SMTP over `smtpUrl` (nodemailer: smtp:// upgrades with STARTTLS where offered, smtps:// is TLS),
 * over a pool of connections that stay open between mails (nodemailer closes idle ones, and
 * opens again when the server has closed one): a rush's mails skip a handshake each.
 */
export function smtpDelivery(smtpUrl: string): Deliver & { close(): void } {
  // Bounded waits: a mail server that does not answer fails the attempt (it is tried again later)
  // well within the claim's lease, instead of nodemailer's default of minutes.
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: SMTP_CONNECTIONS,
    connectionTimeout: 20_000,
    greetingTimeout: 20_000,
    socketTimeout: 60_000,
  });
  const deliver = async (message: SendMailOptions) => {
    await transport.sendMail(message);
  };
  return Object.assign(deliver, { close: () => transport.close() });
}

/** Writes each message as `<message-id>.eml` into `dir` (written whole, then renamed into place). */
export function emlDelivery(dir: string): Deliver {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "\r\n" });
  return async (message) => {
    const info = await transport.sendMail(message);
    const name = String(message.messageId ?? info.messageId).replace(/[^A-Za-z0-9@._-]/g, "");
    await mkdir(dir, { recursive: true });
    const file = join(dir, `${name}.eml`);
    await writeFile(`${file}.tmp`, info.message as Buffer);
    await rename(`${file}.tmp`, file);
  };
}
