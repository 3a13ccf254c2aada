import { Form } from "react-router";
import { formatDateTime } from "~/lib/dates";
import { plural } from "~/lib/plural";
import { pageTitle } from "~/lib/shop";
import { requireAdmin } from "~/models/accounts/auth.server";
import { mailCounts, mailsQueued, retryFailedMail, troubledMails } from "~/models/mail/outbox.server";
import { readForm } from "~/utils/http.server";
import { redirectWithToast } from "~/utils/toast.server";
import type { Route } from "./+types/admin.mail";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Mail", "Admin") },
  { name: "robots", content: "noindex" },
];

// Issue #23: the owner sees the mail the shop could not send (given up after a day, or refused by
// the mail server) and what is still being retried, and can send a failed one again.
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const [counts, mails] = await Promise.all([mailCounts(), troubledMails()]);
  return {
    counts,
    mails: mails.map((m) => ({
      id: m.id,
      to: m.toAddress,
      subject: m.subject,
      status: m.status,
      attempts: m.attempts,
      error: m.lastError,
      queuedAt: m.createdAt,
      nextAttemptAt: new Date(m.nextAttemptAt),
    })),
  };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const form = await readForm(request, { id: 1 });
  if (!(await retryFailedMail(String(form.get("id") ?? ""))))
    return redirectWithToast(request, "/admin/mail", {
      type: "error",
      title: "That mail is not waiting to be sent again",
    });
  mailsQueued();
  return redirectWithToast(request, "/admin/mail", { type: "success", title: "Mail queued to be sent again" });
}

export default function AdminMail({ loaderData }: Route.ComponentProps) {
  const { counts, mails } = loaderData;
  return (
    <>
      <p className="muted">
        Sent: {counts.sent} · Waiting: {counts.pending + counts.sending} · Not sent: {counts.failed}
      </p>
      {mails.length === 0 ? (
        <p>Every mail has gone out or is on its way.</p>
      ) : (
        <div className="table-wrap">
          <table className="admin-table stack">
            <thead>
              <tr>
                <th scope="col">Queued</th>
                <th scope="col">To</th>
                <th scope="col">Subject</th>
                <th scope="col">State</th>
                <th scope="col">Last error</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {mails.map((m) => (
                <tr key={m.id} id={`mail-${m.id}`}>
                  <td data-label="Queued">{formatDateTime(m.queuedAt)}</td>
                  <td data-label="To" className="break-anywhere">
                    {m.to}
                  </td>
                  <td data-label="Subject">{m.subject}</td>
                  <td data-label="State">
                    {m.status === "failed"
                      ? `Not sent (${plural(m.attempts, "try", "tries")})`
                      : `Retrying at ${formatDateTime(m.nextAttemptAt)} (${plural(m.attempts, "try", "tries")} so far)`}
                  </td>
                  <td data-label="Last error" className="break-anywhere">
                    {m.error}
                  </td>
                  <td className="actions">
                    {m.status === "failed" ? (
                      <Form method="post">
                        <input type="hidden" name="id" value={m.id} />
                        <button type="submit" className="button small">
                          Send again<span className="visually-hidden"> to {m.to}</span>
                        </button>
                      </Form>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
