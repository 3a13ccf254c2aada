import { redirect } from "react-router";
import { endUserSession } from "~/models/accounts/auth.server";
import { redirectWithToast } from "~/utils/toast.server";
import type { Route } from "./+types/logout";

// Logging out changes state, so only POST does it; a stray GET just goes home.
export function loader() {
  return redirect("/");
}

export async function action({ request }: Route.ActionArgs) {
  const cookie = await endUserSession(request);
  return redirectWithToast(request, "/", { type: "info", title: "Logged out" }, { headers: { "Set-Cookie": cookie } });
}
