// The shop's languages and where each lives (issue #36). English keeps the paths it has always
// had; every other language serves the same route list under its prefix, as React Router's
// basename (server/app.ts), so the app's own links stay in the language they were rendered in.

export const LANGUAGES = ["en", "hi"] as const;
export type Language = (typeof LANGUAGES)[number];

/** The path every page of the language sits under: React Router's basename for it. */
export const LANGUAGE_PREFIX = { en: "", hi: "/hi" } as const satisfies Record<Language, string>;

/** `<html lang>`: English stays en-IN as before; Hindi as the issue asks. */
export const HTML_LANG = { en: "en-IN", hi: "hi" } as const satisfies Record<Language, string>;

/** The alternates' hreflang: the language as spoken in India. */
export const HREFLANG = { en: "en-IN", hi: "hi-IN" } as const satisfies Record<Language, string>;

/** Each language's own name, as its switch link says it. */
export const LANGUAGE_NAME = { en: "English", hi: "हिन्दी" } as const satisfies Record<Language, string>;

/** The language a URL path is in, of the `enabled` ones: a known prefix, else English. */
export function languageOfPath(pathname: string, enabled: readonly Language[]): Language {
  for (const language of enabled) {
    const prefix = LANGUAGE_PREFIX[language];
    if (prefix && (pathname === prefix || pathname.startsWith(`${prefix}/`))) return language;
  }
  return "en";
}

/**
 * The address of an app path ("/shop") in `language`, as React Router writes a link under a
 * basename: "/hi/shop", and "/hi" for the home page.
 */
export function localizedPath(language: Language, appPath: string): string {
  const prefix = LANGUAGE_PREFIX[language];
  if (!prefix) return appPath;
  return appPath === "/" ? prefix : `${prefix}${appPath}`;
}

/**
 * The header switch's address for the page at `to` (a path in the language switched to): it
 * remembers the choice for the home page, then goes there (app/utils/language-choice.server.ts).
 */
export const languageSwitchHref = (to: string) => `/language?to=${encodeURIComponent(to)}`;
