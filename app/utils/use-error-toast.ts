// Not .client: the hook is called while rendering on the server too (its toast waits for the
// browser, in an effect), and root's error boundary renders NETWORK_ERROR there.
import { useEffect } from "react";
import { en } from "~/lib/i18n/en";
import { showToast } from "./toast.client";

export const NETWORK_ERROR = en.feedback.networkError;

/**
 * In the browser: a failed load toasts the network text when the network failed, or
 * `message` when given (the page shows its own text as well). Runs only with JS: without it a
 * failure is a server-rendered page that says what happened.
 */
export function useErrorToast(error: unknown, message?: string) {
  useEffect(() => {
    if (error instanceof TypeError) showToast({ type: "error", title: NETWORK_ERROR });
    else if (message) showToast({ type: "error", title: message });
  }, [error, message]);
}
