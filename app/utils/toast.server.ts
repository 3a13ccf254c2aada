import { createCookieSessionStorage, redirect } from "react-router";
import { env } from "~/env.server";
import { newId } from "~/utils/id.server";

export type ToastType = "success" | "error" | "info";
/** `link`: a next step the toast offers, e.g. "View cart" after adding. */
export type Toast = {
  id: string;
  type: ToastType;
  title: string;
  description?: string;
  link?: { href: string; label: string };
};

// Flash messages ride in their own small signed cookie: they need no database row, and a
// guest who adds to the cart gets a toast without getting a session.
const toastStorage = createCookieSessionStorage<{ toasts: Toast[] }>({
  cookie: {
    name: "__toast",
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: env.cookieSecure,
    secrets: [env.sessionSecret],
  },
});

export async function flashToast(request: Request, toast: Omit<Toast, "id">): Promise<string> {
  const session = await toastStorage.getSession(request.headers.get("Cookie"));
  const toasts = [...(session.get("toasts") ?? []), { id: newId(), ...toast }].slice(-3);
  session.flash("toasts", toasts);
  return toastStorage.commitSession(session);
}

/** Reads and clears the pending toasts; the returned cookie header must be sent. */
export async function takeToasts(request: Request): Promise<{ toasts: Toast[]; setCookie: string | null }> {
  const cookieHeader = request.headers.get("Cookie");
  if (!cookieHeader?.includes("__toast=")) return { toasts: [], setCookie: null };
  const session = await toastStorage.getSession(cookieHeader);
  const toasts = session.get("toasts") ?? [];
  return { toasts, setCookie: await toastStorage.commitSession(session) };
}

export async function redirectWithToast(
  request: Request,
  url: string,
  toast: Omit<Toast, "id">,
  init: { headers?: HeadersInit } = {},
) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await flashToast(request, toast));
  return redirect(url, { headers });
}
