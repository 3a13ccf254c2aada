import type { User } from "~/db/schema";
import type { RegisterInput } from "~/lib/auth-schemas";
import type { Language } from "~/lib/i18n/languages";
import { check, hit } from "~/utils/rate-limit.server";
import { createUser, verifyLogin } from "./users.server";

// The account rules both doors follow (the login and sign-up pages, /api/auth/*).

export class LoginError extends Error {}

/**
 * One login attempt, for both doors: refused while the email or the address has too many
 * recent failures (RateLimited), null for a wrong email or password.
 */
export async function attemptLogin(email: string, password: string, ip: string): Promise<User | null> {
  await check("loginFailEmail", email);
  await check("loginFailIp", ip);
  const user = await verifyLogin(email, password);
  if (!user) {
    await hit("loginFailEmail", email);
    await hit("loginFailIp", ip);
  }
  return user;
}

/**
 * One sign-up, for both doors: refused while the address has made too many accounts this hour
 * (RateLimited), EmailTakenError for an email already in use; only an account made counts.
 * `language`: the sign-up page's, kept for the account's mails (the JSON API leaves English).
 */
export async function registerAccount(input: RegisterInput, ip: string, language: Language = "en"): Promise<User> {
  await check("registerIp", ip);
  const user = await createUser(input, language);
  await hit("registerIp", ip);
  return user;
}
