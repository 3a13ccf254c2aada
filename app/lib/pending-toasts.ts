// The pending toasts ("Logging in…", "Placing your order…"), shown (with JS) while a form posts to these routes.
import type { Messages } from "./i18n/en";

export function pendingToast(t: Messages, pathname: string): string | null {
  if (pathname.startsWith("/product/")) return t.toast.postingReview;
  const pending: Record<string, string> = {
    "/login": t.toast.loggingIn,
    "/register": t.toast.creatingAccount,
    "/logout": t.toast.loggingOut,
    "/checkout": t.toast.placingOrder,
  };
  return pending[pathname] ?? null;
}
