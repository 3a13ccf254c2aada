import { PASSWORD_SHORT, RESET_LINK_INVALID, resetSchema } from "~/lib/auth-schemas";
import { startUserSession } from "~/models/accounts/auth.server";
import { ResetLinkInvalid, resetPassword } from "~/models/accounts/password-reset.server";
import { toPublicUser } from "~/models/accounts/users.server";
import { apiError, json, methodNotAllowed, readBody } from "~/utils/http.server";
import { RateLimited, tooMany } from "~/utils/rate-limit.server";
import { ipOf } from "~/utils/request-context.server";
import type { Route } from "./+types/api.auth.reset";

export const loader = methodNotAllowed;

/** POST {token, password}: 200 with the user and a new session (all others ended), or 400. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const parsed = resetSchema.safeParse(await readBody(request));
  if (!parsed.success) {
    const tokenBad = parsed.error.issues.some((i) => i.path[0] === "token");
    return apiError(400, tokenBad ? RESET_LINK_INVALID : (parsed.error.issues[0]?.message ?? PASSWORD_SHORT));
  }
  try {
    const user = await resetPassword(parsed.data.token, parsed.data.password, ipOf(context));
    return json(toPublicUser(user), 200, { "Set-Cookie": await startUserSession(request, user.id) });
  } catch (error) {
    if (error instanceof ResetLinkInvalid) return apiError(400, RESET_LINK_INVALID);
    if (error instanceof RateLimited) return tooMany(error);
    throw error;
  }
}
