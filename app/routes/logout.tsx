import { redirect } from "react-router";
import { messagesFor } from "~/lib/i18n/messages";
import { endUserSession } from "~/models/accounts/auth.server";
import { requestLanguage } from "~/utils/language.server";
import { redirectWithToast } from "~/utils/toast.server";
import type { Route } from "./+types/logout";

// Logging out changes state, so only POST does it; a stray GET just goes home.
export function loader() {
  return redirect("/");
}

export async function action({ request }: Route.ActionArgs) {
  const cookie = await endUserSession(request);
  const t = messagesFor(requestLanguage(request));
  return redirectWithToast(
    request,
    "/",
    { type: "info", title: t.auth.loggedOut },
    { headers: { "Set-Cookie": cookie } },
  );
}
