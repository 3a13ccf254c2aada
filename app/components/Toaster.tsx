import { useEffect, useState } from "react";
import { Link, useNavigation } from "react-router";
import { pendingToast } from "~/lib/pending-toasts";
import { onToast, type ClientToast } from "~/utils/toast.client";
import type { Toast } from "~/utils/toast.server";

/**
 * Flash toasts rendered in the server HTML, so they show with JS off. CSS alone makes them
 * fade after 2.5 s, pause on hover, and close on click (the toast is the label of a checkbox).
 */
export function Toaster({ toasts: serverToasts }: { toasts: Toast[] }) {
  const navigation = useNavigation();
  const [clientToasts, setClientToasts] = useState<ClientToast[]>([]);
  useEffect(() => onToast((t) => setClientToasts((list) => [...list.slice(-2), t])), []);
  const toasts = [...serverToasts, ...clientToasts];
  const pending =
    navigation.state === "submitting" && navigation.formAction
      ? pendingToast(new URL(navigation.formAction, "http://x").pathname)
      : null;
  return (
    // A live region without role="status": it sits in <main> beside the pages' own status lines.
    <div className="toaster" aria-live="polite">
      {pending ? (
        <div className="toast-slot">
          <div className="toast toast-info toast-pending">
            <strong>{pending}</strong>
          </div>
        </div>
      ) : null}
      {toasts.map((t) => (
        <div className="toast-slot" key={t.id}>
          <input type="checkbox" id={`toast-${t.id}`} className="toast-dismiss" aria-label={`Dismiss: ${t.title}`} />
          <label htmlFor={`toast-${t.id}`} className={`toast toast-${t.type}`}>
            {/* The spaces keep the words apart without CSS (a text browser); in the toast's grid they take no room. */}
            <strong className="toast-title">{t.title}</strong>{" "}
            {t.description ? <span className="toast-description">{t.description}</span> : null}{" "}
            {t.link ? (
              <Link to={t.link.href} className="toast-link">
                {t.link.label}
              </Link>
            ) : null}{" "}
            {/* The × is drawn by CSS; a text browser reads the word (the checkbox has its own name). */}
            <span className="toast-close">
              <span className="visually-hidden">Close</span>
            </span>
          </label>
        </div>
      ))}
    </div>
  );
}
