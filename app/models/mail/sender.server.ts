import type { SendMailOptions } from "nodemailer";
import type { OutboxMail } from "~/db/schema";
import { env } from "~/env.server";
import { type Deliver, emlDelivery, SMTP_CONNECTIONS, smtpDelivery } from "./delivery.server";
import { claimDueMails, markMailNotSent, markMailSent, onMailQueued, releaseMails } from "./outbox.server";

/**
 * Delivers the outbox (outbox.server.ts), outside every request: each web worker runs one
 * sender loop (server/worker.ts), and the leases keep them, and other app servers, off each
 * other's rows. Each mail leaves by SMTP or as an .eml file (delivery.server.ts). What a mail
 * attaches is the caller's to give (flows/order-mail-sender.server.ts: the invoice).
 */

/** The files a mail carries, made when it is sent (a confirmation's invoice PDF). */
export type Attachments = (row: OutboxMail) => Promise<NonNullable<SendMailOptions["attachments"]>>;

export type MailSenderOptions = {
  deliver?: Deliver;
  attachments?: Attachments;
  /** How long a claim holds a row; a sender that has not finished by then loses it. */
  leaseMs?: number;
  /** The wait after a failed attempt: baseDelayMs, doubled each attempt, at most maxDelayMs. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** A mail still not sent this long after it was queued is marked failed. */
  giveUpAfterMs?: number;
  /** How often an idle sender looks for due mails. */
  pollMs?: number;
  batchSize?: number;
  /** Mails of a batch in flight at once (the SMTP pool's connections: delivery.server.ts). */
  concurrency?: number;
  now?: () => number;
};

const MINUTE = 60_000;

/** The message a row stands for: the same headers and Message-ID on every attempt. */
async function messageOf(row: OutboxMail, attachments: Attachments | undefined): Promise<SendMailOptions> {
  const message: SendMailOptions = {
    from: env.mail.from,
    to: row.toAddress,
    subject: row.subject,
    text: row.textBody,
    html: row.htmlBody,
    messageId: row.messageId,
    date: row.createdAt,
  };
  const files = attachments ? await attachments(row) : [];
  if (files.length) message.attachments = files;
  return message;
}

/** A refusal that trying again will not change (SMTP 5xx: no such mailbox, message refused). */
function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: number }).responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
}

export class MailSender {
  private readonly deliver: Deliver;
  private readonly attachments: Attachments | undefined;
  private readonly o: Required<Omit<MailSenderOptions, "deliver" | "attachments">>;
  private running: Promise<void> | null = null;
  private stopping = false;
  private wake: (() => void) | null = null;
  /** Set when mail was queued while a batch was in hand: look again before sleeping. */
  private nudged = false;
  private unsubscribe: (() => void) | null = null;

  constructor(options: MailSenderOptions = {}) {
    this.deliver = options.deliver ?? (env.mail.smtpUrl ? smtpDelivery(env.mail.smtpUrl) : emlDelivery(env.mail.dir));
    this.attachments = options.attachments;
    this.o = {
      leaseMs: options.leaseMs ?? 5 * MINUTE,
      baseDelayMs: options.baseDelayMs ?? MINUTE,
      maxDelayMs: options.maxDelayMs ?? 60 * MINUTE,
      giveUpAfterMs: options.giveUpAfterMs ?? 24 * 60 * MINUTE,
      pollMs: options.pollMs ?? 5_000,
      batchSize: options.batchSize ?? 10,
      concurrency: options.concurrency ?? SMTP_CONNECTIONS,
      now: options.now ?? Date.now,
    };
  }

  /**
   * Claims one batch of due mails and tries them, `concurrency` at a time; resolves to how many
   * were claimed. In a rush (issue #52) one at a time fell behind: each mail's SMTP conversation
   * waits on an event loop busy with pages, so several run at once over a pool of connections.
   */
  async runOnce(): Promise<number> {
    const rows = await claimDueMails(this.o.now(), this.o.leaseMs, this.o.batchSize);
    const handBack: string[] = [];
    let next = 0;
    const lane = async () => {
      while (next < rows.length) {
        const row = rows[next++]!;
        // A mail is only begun in the first half of its claim, so that it is finished (and marked)
        // before another sender may take it; a stopping sender begins none. The rest are handed back.
        if (this.stopping || this.o.now() >= row.leaseUntil! - this.o.leaseMs / 2) handBack.push(row.id);
        else await this.send(row);
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.o.concurrency, rows.length) }, lane));
    if (handBack.length) await releaseMails(handBack);
    return rows.length;
  }

  private async send(row: OutboxMail): Promise<void> {
    try {
      await this.deliver(await messageOf(row, this.attachments));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const now = this.o.now();
      const delay = Math.min(this.o.baseDelayMs * 2 ** Math.max(0, row.attempts - 1), this.o.maxDelayMs);
      const giveUp = isPermanent(error) || now + delay - row.createdAt.getTime() > this.o.giveUpAfterMs;
      await markMailNotSent(row.id, message.slice(0, 1000), giveUp ? null : now + delay);
      console.error(`Mail ${row.messageId} (${row.kind}) not sent${giveUp ? ", giving up" : ""}: ${message}`);
      return;
    }
    await markMailSent(row.id, this.o.now());
  }

  /** Runs until stop(): a batch at once while there are due mails, otherwise every pollMs. */
  start(): this {
    if (this.running) return this;
    this.stopping = false;
    this.unsubscribe = onMailQueued(() => {
      this.nudged = true;
      this.wake?.();
    });
    this.running = (async () => {
      while (!this.stopping) {
        this.nudged = false;
        let claimed = 0;
        try {
          claimed = await this.runOnce();
        } catch (error) {
          console.error("Mail sender:", error);
        }
        if (claimed === 0 && !this.stopping && !this.nudged)
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, this.o.pollMs);
            this.wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
        this.wake = null;
      }
    })();
    return this;
  }

  /** Finishes the mail in hand (its row is then marked), then stops. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.wake?.();
    // A stopping server waits a few seconds at most: a mail still in hand keeps its claim, and
    // another sender (or this one after the restart) sends it once the lease is over.
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.running, new Promise((resolve) => (timer = setTimeout(resolve, 5_000)))]);
    clearTimeout(timer);
    this.running = null;
    const close = (this.deliver as { close?: () => void }).close;
    close?.();
  }
}
