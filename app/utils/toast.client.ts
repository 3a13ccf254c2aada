import type { Toast } from "~/utils/toast.server";

// Toasts raised in the browser (JS only), e.g. 'Uploaded' after a background upload. Called only
// from effects and event handlers: on the server, a .client module's exports are undefined.
export type ClientToast = Toast;
type Listener = (toast: ClientToast) => void;

const listeners = new Set<Listener>();
// Raised before the Toaster subscribed (an error boundary's effect can run first on hydration).
let waiting: ClientToast[] = [];
let seq = 0;

export function showToast(toast: Omit<ClientToast, "id">) {
  const full = { ...toast, id: `c${Date.now()}-${++seq}` };
  if (listeners.size === 0) waiting.push(full);
  for (const l of listeners) l(full);
}

export function onToast(listener: Listener): () => void {
  listeners.add(listener);
  for (const toast of waiting) listener(toast);
  waiting = [];
  return () => listeners.delete(listener);
}
