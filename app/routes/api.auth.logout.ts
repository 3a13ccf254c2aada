import { endUserSession } from "~/models/accounts/auth.server";
import { json, methodNotAllowed } from "~/utils/http.server";
import type { Route } from "./+types/api.auth.logout";

export const loader = methodNotAllowed;

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  return json({ message: "Logged out" }, 200, { "Set-Cookie": await endUserSession(request) });
}
