import { en } from "./i18n/en";
import { isValidPhone, normalizePhone } from "./phone";
import { oneLine } from "./plain-text";
import { z } from "./zod";

// The sign-up and login texts, verbatim as the product has them (U+2011 non-breaking hyphen, U+2013 en dash).
export const REGISTER_INCOMPLETE = en.feedback.registerIncomplete;
export const PHONE_INVALID = en.feedback.phoneInvalid;
export const PHONE_HINT = en.auth.phoneHint;
export const FORM_INVALID = en.feedback.formInvalid;
export const SESSION_ENDED = en.feedback.sessionEnded;
export const LOGIN_REQUIRED = en.feedback.loginRequired;
export const PASSWORD_MIN = 6;
export const PASSWORD_SHORT = en.feedback.passwordShort(PASSWORD_MIN);
export const EMAIL_INVALID = en.feedback.emailInvalid;
export const NAME_REQUIRED = en.feedback.nameRequired;
export const EMAIL_TAKEN = en.feedback.emailTaken;
export const LOGIN_FAILED = en.feedback.loginFailed;
/** Said on /login and /register to a guest on the way to the checkout (issue #21). */
export const CHECKOUT_LOGIN_NOTE = en.auth.checkoutNote;

// Conform turns "" into undefined, so "required" is the type error of each field.
const requiredString = (message: string) => z.string({ error: message });
const email = (message: string) =>
  requiredString(message)
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: EMAIL_INVALID }).max(254, { error: EMAIL_INVALID }));

export const registerSchema = z.object({
  name: requiredString(NAME_REQUIRED).overwrite(oneLine).trim().min(1, { error: NAME_REQUIRED }).max(80),
  email: email(EMAIL_INVALID),
  phone: requiredString(PHONE_INVALID).transform(normalizePhone).refine(isValidPhone, { error: PHONE_INVALID }),
  password: requiredString(PASSWORD_SHORT)
    .min(PASSWORD_MIN, { error: PASSWORD_SHORT })
    .max(200, { error: en.feedback.passwordLong }),
});
export type RegisterInput = z.infer<typeof registerSchema>;

export const loginSchema = z.object({
  email: requiredString(LOGIN_REQUIRED).trim().toLowerCase().min(1, { error: LOGIN_REQUIRED }),
  password: requiredString(LOGIN_REQUIRED).min(1, { error: LOGIN_REQUIRED }),
  redirect: z.string().optional(),
});
export type LoginInput = z.infer<typeof loginSchema>;

// ── Forgot password and the account page (issue #23) ──
export const RESET_SENT = en.feedback.resetSent;
export const RESET_LINK_INVALID = en.feedback.resetLinkInvalid;
export const CURRENT_PASSWORD_REQUIRED = en.feedback.currentPasswordRequired;
export const CURRENT_PASSWORD_WRONG = en.feedback.currentPasswordWrong;

/** /forgot-password and POST /api/auth/forgot: the registration's email rule. */
export const forgotSchema = z.object({ email: registerSchema.shape.email });

/** /reset-password and POST /api/auth/reset: the link's token and a new password (spec: at least 6). */
export const resetSchema = z.object({
  token: requiredString(RESET_LINK_INVALID).max(200, { error: RESET_LINK_INVALID }),
  password: registerSchema.shape.password,
});

/** The account page's name and phone: the registration's rules and messages. */
export const profileSchema = registerSchema.pick({ name: true, phone: true });
export type ProfileInput = z.infer<typeof profileSchema>;

/** The account page's password change: the current one, and a new one by the registration's rule. */
export const passwordChangeSchema = z.object({
  currentPassword: requiredString(CURRENT_PASSWORD_REQUIRED)
    .min(1, { error: CURRENT_PASSWORD_REQUIRED })
    .max(200, { error: CURRENT_PASSWORD_WRONG }),
  newPassword: registerSchema.shape.password,
});

const REGISTER_FIELDS = ["name", "email", "phone", "password"] as const;

/**
 * The one summary message for a failed registration, shared by the form and the JSON door:
 * a missing field gets the "Please enter valid …" text, a bad phone its own text,
 * anything else "Please fill all fields correctly".
 */
export function registerSummary(input: Record<string, unknown>, fieldErrors: Record<string, unknown>): string {
  const missing = REGISTER_FIELDS.some((f) => {
    const v = input[f];
    return typeof v !== "string" || v.trim() === "";
  });
  if (missing) return REGISTER_INCOMPLETE;
  const failed = REGISTER_FIELDS.filter((f) => fieldErrors[f] !== undefined);
  if (failed.length === 1 && failed[0] === "phone") return PHONE_INVALID;
  return FORM_INVALID;
}

/** Only same-site paths, so ?redirect= can never send someone to another site. */
export function safeRedirect(to: unknown, fallback = "/"): string {
  // Browsers drop tabs and newlines inside URLs ("/\t/evil" becomes "//evil") and read "\" as "/";
  // a Location header cannot carry non-Latin-1 text. Our own paths are printable ASCII (the rest
  // is percent-encoded), so anything else falls back.
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || /[^\x21-\x7e]|\\/.test(to)) {
    return fallback;
  }
  // Dot segments resolve away ("/..//evil" is read as "//evil") and React Router collapses "//" in
  // a redirect's path, so only a path already in the form it will be read in is kept; ours never
  // hold an empty segment.
  const read = new URL(to, "http://shop.invalid");
  if (
    read.origin !== "http://shop.invalid" ||
    read.pathname.includes("//") ||
    `${read.pathname}${read.search}${read.hash}` !== to
  ) {
    return fallback;
  }
  return to;
}

/** Whether a login's `redirect` leads to the checkout: the guest came from the cart. */
export const isCheckoutReturn = (to: unknown) => safeRedirect(to, "").split("?")[0] === "/checkout";
