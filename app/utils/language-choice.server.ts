// The shopper's choice of language, remembered in a cookie that only the home page reads
// (issue #36): the switch in the header goes through /language?to=<the page in the chosen
// language>, which sets or clears the cookie and sends them on; a later visit to / goes to the home
// page in the language chosen. Every other address is in one language whatever the cookie says,
// so links, shared URLs and crawlers always get the page the URL names.
import type { RequestHandler } from "express";
import { env } from "~/env.server";
import { safeRedirect } from "~/lib/auth-schemas";
import { LANGUAGE_PREFIX, type Language, localizedPath } from "~/lib/i18n/languages";
import { pathLanguage } from "./language.server";

/** The language choice's cookie. */
export const LANGUAGE_COOKIE = "lang";
const ADMIN_UNDER_PREFIX = /^\/[a-z]{2}(\/admin(?:[/.].*)?)$/;
const YEAR_S = 365 * 24 * 60 * 60;
const CHOICE = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([a-z]{2})(?:;|$)`);
const ONLY_CHOICE = new RegExp(`^\\s*${LANGUAGE_COOKIE}=[a-z]{2}\\s*;?\\s*$`);

/**
 * Whether a Cookie header holds the language choice and nothing else: such a request gets the same
 * page as one without cookies everywhere but / (the page cache keeps it for both).
 */
export const onlyLanguageChoice = (cookieHeader: string): boolean => ONLY_CHOICE.test(cookieHeader);

function chosen(cookieHeader: string | undefined): Language | undefined {
  const value = CHOICE.exec(cookieHeader ?? "")?.[1];
  return env.languages.find((l) => l === value && l !== "en");
}

/**
 * Before the app, and only with more than one language: /language sets the cookie (English clears
 * it) and redirects; / with a cookie for another language redirects to that language's home; an
 * admin page under a language's prefix redirects to the (English) admin.
 */
export const languageChoice: RequestHandler = (req, res, next) => {
  if (req.method !== "GET" && req.method !== "HEAD") return next();
  if (req.path === "/language") {
    const to = safeRedirect(req.query.to, "/");
    const language = pathLanguage(to.split("?")[0]!);
    const attributes = `Path=/; SameSite=Lax; HttpOnly${env.cookieSecure ? "; Secure" : ""}`;
    res.set(
      "Set-Cookie",
      language === "en"
        ? `${LANGUAGE_COOKIE}=; Max-Age=0; ${attributes}`
        : `${LANGUAGE_COOKIE}=${language}; Max-Age=${YEAR_S}; ${attributes}`,
    );
    res.set("Cache-Control", "no-store");
    return res.redirect(303, to);
  }
  // The admin is the owner's, in English: /hi/admin… is the English admin's address.
  const admin = ADMIN_UNDER_PREFIX.exec(req.path);
  if (admin && LANGUAGE_PREFIX[pathLanguage(req.path)]) {
    return res.redirect(302, req.originalUrl.slice(req.path.length - admin[1]!.length));
  }
  if (req.path === "/") {
    const language = chosen(req.headers.cookie);
    if (language && LANGUAGE_PREFIX[language]) {
      res.set({ "Cache-Control": "private, no-store", Vary: "Cookie" });
      return res.redirect(302, localizedPath(language, "/"));
    }
  }
  next();
};
