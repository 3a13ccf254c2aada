// The texts of the language a page is in, for components and for code outside a request (mails,
// invoices) alike: the catalogues are plain modules, nothing to set up per request (decision 0014).
import { useHref } from "react-router";
import { en, type Messages } from "./en";
import { hi } from "./hi";
import { LANGUAGE_PREFIX, type Language } from "./languages";

export type { Messages };

/**
 * The server has every catalogue. A browser gets English with the code, and another language only
 * on that language's pages, loaded by app/entry.client.tsx before hydration (addCatalogue): the
 * Hindi texts are not in the English shopper's bytes (the client build drops the import below).
 */
const CATALOGUES: Partial<Record<Language, Messages>> = import.meta.env.SSR ? { en, hi } : { en };

export function addCatalogue(language: Language, messages: Messages): void {
  CATALOGUES[language] = messages;
}

export const messagesFor = (language: Language): Messages => CATALOGUES[language] ?? en;

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
