// The pending toasts ("Logging in…", "Placing your order…"), shown (with JS) while a form posts to these routes.
const PENDING: Record<string, string> = {
  "/login": "Logging in\u2026",
  "/register": "Creating your account\u2026",
  "/logout": "Logging out\u2026",
  "/checkout": "Placing your order\u2026",
};

export function pendingToast(pathname: string): string | null {
  if (pathname.startsWith("/product/")) return "Posting review\u2026";
  return PENDING[pathname] ?? null;
}
