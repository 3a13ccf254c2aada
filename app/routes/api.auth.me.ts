import {
  CURRENT_PASSWORD_WRONG,
  FORM_INVALID,
  passwordChangeSchema,
  PHONE_INVALID,
  profileSchema,
} from "~/lib/auth-schemas";
import { getUser, requireApiUser } from "~/models/accounts/auth.server";
import {
  changePassword,
  getUserById,
  toPublicUser,
  updateProfile,
  WrongPasswordError,
} from "~/models/accounts/users.server";
import { apiError, json, methodNotAllowed, readBody } from "~/utils/http.server";
import { RateLimited, tooMany } from "~/utils/rate-limit.server";
import { getSession } from "~/utils/session.server";
import type { Route } from "./+types/api.auth.me";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getUser(request);
  if (!user) return apiError(401, "Not logged in");
  return json(toPublicUser(user), 200, { "Cache-Control": "private, no-store" });
}

/**
 * PUT {name?, phone?}: the account's details (the registration's rules and messages).
 * PUT {currentPassword, newPassword}: a new password; every other session of the account ends,
 * this one stays. Both answer 200 with the public user.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "PUT") return methodNotAllowed();
  const user = await requireApiUser(request);
  const body = await readBody(request);
  if ("currentPassword" in body || "newPassword" in body) {
    const parsed = passwordChangeSchema.safeParse(body);
    if (!parsed.success) return apiError(400, parsed.error.issues[0]!.message);
    try {
      const { id: sessionId } = await getSession(request);
      await changePassword(user.id, parsed.data.currentPassword, parsed.data.newPassword, sessionId);
    } catch (error) {
      if (error instanceof WrongPasswordError) return apiError(400, CURRENT_PASSWORD_WRONG);
      if (error instanceof RateLimited) return tooMany(error);
      throw error;
    }
    return json(toPublicUser((await getUserById(user.id))!), 200, { "Cache-Control": "private, no-store" });
  }
  const parsed = profileSchema.partial().safeParse(body);
  if (!parsed.success) {
    const phoneOnly = parsed.error.issues.every((i) => i.path[0] === "phone");
    return apiError(400, phoneOnly ? PHONE_INVALID : (parsed.error.issues[0]?.message ?? FORM_INVALID));
  }
  const updated = await updateProfile(user.id, parsed.data);
  return json(toPublicUser(updated), 200, { "Cache-Control": "private, no-store" });
}
