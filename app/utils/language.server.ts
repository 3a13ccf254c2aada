// The language of a request, from its path and the shop's LANGUAGES (issue #36). A Hindi page's
// request keeps its whole URL ("/hi/orders"): React Router strips the prefix only to route it, and
// puts it back on every redirect a loader or action returns. So whatever names a place inside the
// app (a login's ?redirect=, the path-based rules of middleware) takes the path past the prefix.
import { env } from "~/env.server";
import { LANGUAGE_PREFIX, type Language, languageOfPath } from "~/lib/i18n/languages";

export const pathLanguage = (pathname: string): Language => languageOfPath(pathname, env.languages);

export const requestLanguage = (request: Request): Language => pathLanguage(new URL(request.url).pathname);

/** The path the app routes: past the prefix of the page's language ("/hi/shop" → "/shop", "/hi" → "/"). */
export function appPath(pathname: string): string {
  return pathname.slice(LANGUAGE_PREFIX[pathLanguage(pathname)].length) || "/";
}
