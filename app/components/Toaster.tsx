import { useEffect, useState } from "react";
import { Link, useHref, useNavigation } from "react-router";
import { useMessages } from "~/lib/i18n/messages";
import { translateFeedback } from "~/lib/i18n/translate";
import { pendingToast } from "~/lib/pending-toasts";
import { onToast, type ClientToast } from "~/utils/toast.client";
import type { Toast } from "~/utils/toast.server";

/**
 * Flash toasts rendered in the server HTML, so they show with JS off. CSS alone makes them
 * fade after 2.5 s, pause on hover, and close on click (the toast is the label of a checkbox).
 */
export function Toaster({ toasts: serverToasts }: { toasts: Toast[] }) {
  const t = useMessages();
  const navigation = useNavigation();
  // A Hindi page posts to /hi/login: the pending text is the route's, past the language's prefix.
  const prefix = useHref("/").replace(/\/$/, "");
  const [clientToasts, setClientToasts] = useState<ClientToast[]>([]);
  useEffect(() => onToast((t) => setClientToasts((list) => [...list.slice(-2), t])), []);
  const toasts = [...serverToasts, ...clientToasts];
  const pending =
    navigation.state === "submitting" && navigation.formAction
      ? pendingToast(t, new URL(navigation.formAction, "http://x").pathname.slice(prefix.length))
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
      {toasts.map((toast) => {
        // Toasts an action wrote are in the page's language already; a model's refusal is English.
        const title = translateFeedback(t, toast.title);
        return (
          <div className="toast-slot" key={toast.id}>
            <input
              type="checkbox"
              id={`toast-${toast.id}`}
              className="toast-dismiss"
              aria-label={t.toast.dismiss(title)}
            />
            <label htmlFor={`toast-${toast.id}`} className={`toast toast-${toast.type}`}>
              {/* The spaces keep the words apart without CSS (a text browser); in the toast's grid they take no room. */}
              <strong className="toast-title">{title}</strong>{" "}
              {toast.description ? <span className="toast-description">{toast.description}</span> : null}{" "}
              {toast.link ? (
                <Link to={toast.link.href} className="toast-link">
                  {toast.link.label}
                </Link>
              ) : null}{" "}
              {/* The × is drawn by CSS; a text browser reads the word (the checkbox has its own name). */}
              <span className="toast-close">
                <span className="visually-hidden">{t.toast.close}</span>
              </span>
            </label>
          </div>
        );
      })}
    </div>
  );
}
