import { EMAIL_INVALID, forgotSchema, RESET_SENT } from "~/lib/auth-schemas";
import { requestPasswordReset } from "~/models/accounts/password-reset.server";
import { apiError, json, methodNotAllowed, readBody } from "~/utils/http.server";
import { RateLimited, tooMany } from "~/utils/rate-limit.server";
import { ipOf } from "~/utils/request-context.server";
import type { Route } from "./+types/api.auth.forgot";

export const loader = methodNotAllowed;

/** POST {email}: 202 with the same message whether or not the email has an account. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const parsed = forgotSchema.safeParse(await readBody(request));
  if (!parsed.success) return apiError(400, EMAIL_INVALID);
  try {
    await requestPasswordReset(parsed.data.email, ipOf(context));
  } catch (error) {
    if (error instanceof RateLimited) return tooMany(error);
    throw error;
  }
  return json({ message: RESET_SENT }, 202);
}
