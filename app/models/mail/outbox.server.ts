import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { db, dialect, rowsChanged, type Tx, writeTransaction } from "~/db/client.server";
import { mailOutbox, type OutboxMail } from "~/db/schema";
import { env } from "~/env.server";
import type { Language } from "~/lib/i18n/languages";
import { holdHours } from "~/lib/upi";
import {
  type MailContent,
  type MailOrder,
  type MailStatus,
  orderAlertMail,
  orderConfirmationMail,
  orderPaymentMail,
  orderStatusMail,
  type StatusMailOrder,
} from "~/models/mail/templates.server";
import { newId } from "~/utils/id.server";

/**
 * The outbox (issue #23): a mail is a row written by the transaction of the event that causes it,
 * so it exists exactly when the event does. The sender (sender.server.ts) claims due rows
 * with a lease, hands them to SMTP and marks them sent; a sender that dies mid-way leaves its rows
 * to be claimed again once the lease ends. Delivery is therefore at least once, and a repeat
 * carries the same Message-ID as the first (it is stored with the row).
 */

export type MailKind =
  "order-confirmation" | "order-alert" | "order-status" | "order-payment" | "password-reset" | "back-in-stock";

/** The host part of Message-IDs: the domain of MAIL_FROM's address. */
function messageIdHost(): string {
  return /@([^>\s]+)>?\s*$/.exec(env.mail.from)?.[1] ?? "localhost";
}

type QueuedMail = { kind: MailKind; content: MailContent; invoiceOrderId?: string };

/** Writes mails into the outbox, inside `tx` (the event's own transaction), in one statement. */
async function queueMails(tx: Tx, mails: QueuedMail[]): Promise<string[]> {
  const rows = mails.map(({ kind, content, invoiceOrderId }) => {
    const id = newId();
    return {
      id,
      kind,
      toAddress: content.to,
      subject: content.subject,
      textBody: content.text,
      htmlBody: content.html,
      invoiceOrderId: invoiceOrderId ?? null,
      messageId: `<${id}@${messageIdHost()}>`,
      status: "pending" as const,
      attempts: 0,
      nextAttemptAt: Date.now(),
    };
  });
  await tx.insert(mailOutbox).values(rows);
  return rows.map((r) => r.id);
}

/** Writes one mail into the outbox, inside `tx` (the event's own transaction). */
export async function queueMail(
  tx: Tx,
  kind: MailKind,
  content: MailContent,
  options: { invoiceOrderId?: string } = {},
): Promise<string> {
  const [id] = await queueMails(tx, [{ kind, content, ...options }]);
  return id!;
}

/**
 * The mails a new order causes: its confirmation (invoice attached) in the customer's `language`,
 * and the owner's alert.
 */
export async function queueOrderMails(tx: Tx, order: MailOrder, language: Language = "en"): Promise<void> {
  const confirmation = orderConfirmationMail(order, env.mail.publicUrl, language, holdHours(env.payments.upiHoldMs));
  const owner = env.mail.shopOwnerEmail;
  await queueMails(tx, [
    { kind: "order-confirmation", content: confirmation, invoiceOrderId: order.id },
    ...(owner ? [{ kind: "order-alert" as const, content: orderAlertMail(order, owner, env.mail.publicUrl) }] : []),
  ]);
}

/** The customer's mail about a status change (or new tracking details of a shipped order). */
export async function queueStatusMail(
  tx: Tx,
  order: StatusMailOrder,
  status: MailStatus,
  options: { update?: boolean; language?: Language; expired?: "unpaid" | "unconfirmed" } = {},
): Promise<void> {
  await queueMail(tx, "order-status", orderStatusMail(order, status, env.mail.publicUrl, options));
}

/** The customer's mail after the owner checked a UPI payment: `found` or not (issue #38). */
export async function queuePaymentMail(
  tx: Tx,
  order: StatusMailOrder & { utr: string },
  found: boolean,
  language: Language,
): Promise<void> {
  await queueMail(
    tx,
    "order-payment",
    orderPaymentMail(order, found, env.mail.publicUrl, { language, upiHoldHours: holdHours(env.payments.upiHoldMs) }),
  );
}

// The senders of this process, woken when a request has just queued mail: the customer's mail
// leaves at once instead of at the next poll. Other processes find it when they next look.
const wakers = new Set<() => void>();

/** A sender's way to be told of new mail; returns the call that stops telling it. */
export function onMailQueued(wake: () => void): () => void {
  wakers.add(wake);
  return () => wakers.delete(wake);
}

/** Call after the transaction that queued mail has committed (not inside it: nothing is due yet). */
export function mailsQueued(): void {
  for (const wake of wakers) wake();
}

/**
 * Claims up to `limit` due mails for `leaseMs`: pending ones whose time has come, and ones another
 * sender claimed and did not finish in its lease (it died or hung). One short transaction: on
 * PostgreSQL the rows are locked with SKIP LOCKED, so two senders never pick the same row and
 * never wait for each other; on SQLite the statement runs under the file's write lock.
 */
export async function claimDueMails(now: number, leaseMs: number, limit: number): Promise<OutboxMail[]> {
  const t = mailOutbox;
  const lock = dialect === "pg" ? sql` for update skip locked` : sql``;
  return writeTransaction(async (tx) =>
    tx
      .update(t)
      .set({ status: "sending", leaseUntil: now + leaseMs, attempts: sql`${t.attempts} + 1` })
      .where(
        sql`${t.id} in (select ${t.id} from ${t} where (${t.status} = 'pending' and ${t.nextAttemptAt} <= ${now}) or (${t.status} = 'sending' and ${t.leaseUntil} <= ${now}) order by ${t.nextAttemptAt} limit ${limit}${lock})`,
      )
      .returning(),
  );
}

/** Marks a claimed mail sent. */
export async function markMailSent(id: string, now: number): Promise<void> {
  await writeTransaction((tx) =>
    tx
      .update(mailOutbox)
      .set({ status: "sent", sentAt: now, leaseUntil: null, lastError: null })
      .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, "sending"))),
  );
}

/** A claimed mail that could not be sent: tried again at `retryAt`, or failed for good when null. */
export async function markMailNotSent(id: string, error: string, retryAt: number | null): Promise<void> {
  await writeTransaction((tx) =>
    tx
      .update(mailOutbox)
      .set(
        retryAt === null
          ? { status: "failed", leaseUntil: null, lastError: error }
          : { status: "pending", nextAttemptAt: retryAt, leaseUntil: null, lastError: error },
      )
      .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, "sending"))),
  );
}

/** Hands claimed mails back unsent (a stopping sender): due again at once, for any sender. */
export async function releaseMails(ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await writeTransaction((tx) =>
    tx
      .update(mailOutbox)
      .set({ status: "pending", leaseUntil: null, attempts: sql`${mailOutbox.attempts} - 1` })
      .where(and(inArray(mailOutbox.id, ids), eq(mailOutbox.status, "sending"))),
  );
}

// --- The owner's view (/admin/mail): what could not be sent, and sending it again.

export type MailCounts = Record<OutboxMail["status"], number>;

/** How many mails are in each state. */
export async function mailCounts(): Promise<MailCounts> {
  const rows = await db
    .select({ status: mailOutbox.status, n: sql<number>`count(*)` })
    .from(mailOutbox)
    .groupBy(mailOutbox.status);
  const counts: MailCounts = { pending: 0, sending: 0, sent: 0, failed: 0 };
  for (const r of rows) counts[r.status] = Number(r.n);
  return counts;
}

/** How many mails were given up on (the admin's Mail tab badge; the status index answers it). */
export async function failedMailCount(): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(mailOutbox)
    .where(eq(mailOutbox.status, "failed"));
  return Number(row?.n ?? 0);
}

/** Mails given up on, and mails still being retried after an error, newest first. */
export async function troubledMails(limit = 100): Promise<OutboxMail[]> {
  return db
    .select()
    .from(mailOutbox)
    .where(
      sql`${mailOutbox.status} = 'failed' or (${mailOutbox.status} = 'pending' and ${mailOutbox.lastError} is not null)`,
    )
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(limit);
}

/**
 * The owner's "Send again" for a failed mail (the address was corrected at the mail server, the
 * server is back): due at once, with a fresh day of retries. False if it is not failed (any more).
 */
export async function retryFailedMail(id: string, now = Date.now()): Promise<boolean> {
  const changed = await writeTransaction((tx) =>
    tx
      .update(mailOutbox)
      .set({ status: "pending", nextAttemptAt: now, attempts: 0, createdAt: new Date(now) })
      .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, "failed"))),
  );
  return rowsChanged(changed) === 1;
}

/** How long a sent mail is kept (for the owner's questions), then deleted with its words. */
export const SENT_MAIL_KEPT_MS = 90 * 24 * 60 * 60_000;

/** Deletes mails sent before `now - SENT_MAIL_KEPT_MS`: the outbox holds names and addresses. */
export async function deleteOldSentMails(now = Date.now()): Promise<number> {
  const deleted = await writeTransaction((tx) =>
    tx
      .delete(mailOutbox)
      .where(and(eq(mailOutbox.status, "sent"), sql`${mailOutbox.sentAt} < ${now - SENT_MAIL_KEPT_MS}`)),
  );
  return rowsChanged(deleted);
}
