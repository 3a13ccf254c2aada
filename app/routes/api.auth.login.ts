import { LOGIN_FAILED, LOGIN_REQUIRED, loginSchema } from "~/lib/auth-schemas";
import { startUserSession } from "~/models/accounts/auth.server";
import { attemptLogin } from "~/models/accounts/login.server";
import { toPublicUser } from "~/models/accounts/users.server";
import { apiError, json, methodNotAllowed, readBody } from "~/utils/http.server";
import { RateLimited, tooMany } from "~/utils/rate-limit.server";
import { ipOf } from "~/utils/request-context.server";
import type { Route } from "./+types/api.auth.login";

export const loader = methodNotAllowed;

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const parsed = loginSchema.safeParse(await readBody(request));
  if (!parsed.success) return apiError(400, LOGIN_REQUIRED);
  let user;
  try {
    user = await attemptLogin(parsed.data.email, parsed.data.password, ipOf(context));
  } catch (error) {
    if (error instanceof RateLimited) return tooMany(error);
    throw error;
  }
  if (!user) return apiError(401, LOGIN_FAILED);
  return json(toPublicUser(user), 200, { "Set-Cookie": await startUserSession(request, user.id) });
}
