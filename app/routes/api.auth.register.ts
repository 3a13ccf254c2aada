import { EMAIL_TAKEN, registerSchema, registerSummary } from "~/lib/auth-schemas";
import { startUserSession } from "~/models/accounts/auth.server";
import { registerAccount } from "~/models/accounts/login.server";
import { EmailTakenError, toPublicUser } from "~/models/accounts/users.server";
import { apiError, json, methodNotAllowed, readBody } from "~/utils/http.server";
import { RateLimited, tooMany } from "~/utils/rate-limit.server";
import { ipOf } from "~/utils/request-context.server";
import type { Route } from "./+types/api.auth.register";

export const loader = methodNotAllowed;

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const body = await readBody(request);
  const parsed = registerSchema.safeParse(body);
  if (!parsed.success) {
    const fieldErrors = Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), true]));
    return apiError(400, registerSummary(body, fieldErrors));
  }
  try {
    const user = await registerAccount(parsed.data, ipOf(context));
    return json(toPublicUser(user), 201, { "Set-Cookie": await startUserSession(request, user.id) });
  } catch (error) {
    if (error instanceof EmailTakenError) return apiError(409, EMAIL_TAKEN);
    if (error instanceof RateLimited) return tooMany(error);
    throw error;
  }
}
