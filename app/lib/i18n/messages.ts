// The texts of the language a page is in, for components and for code outside a request (mails,
// invoices) alike: the catalogues are plain modules, nothing to set up per request (decision 0014).
import { useHref } from "react-router";
import { en, type Messages } from "./en";
import { hi } from "./hi";
import { LANGUAGE_PREFIX, type Language } from "./languages";

export type { Messages };

const CATALOGUES = { en, hi } as const satisfies Record<Language, Messages>;

export const messagesFor = (language: Language): Messages => CATALOGUES[language];

/**
 * The language of the page being rendered, on the server and in the browser alike: React Router's
 * basename is the language's prefix (server/app.ts), so the home page's address tells it, in an
 * error boundary too.
 */
export function useLanguage(): Language {
  return useHref("/") === LANGUAGE_PREFIX.hi ? "hi" : "en";
}

/** The catalogue of the page's language. */
export function useMessages(): Messages {
  return messagesFor(useLanguage());
}

/**
 * The language of a route's `meta`, which runs outside React: the root loader names it when the
 * shop speaks more than English (app/root.tsx); else the page is English.
 */
export function metaLanguage(matches: readonly ({ id: string; loaderData?: unknown } | undefined)[]): Language {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { language?: Language } | undefined;
  return root?.language ?? "en";
}

/** The catalogue for a route's `meta` (its links: `localizedPath(metaLanguage(matches), path)`). */
export const metaMessages = (matches: Parameters<typeof metaLanguage>[0]): Messages =>
  messagesFor(metaLanguage(matches));
