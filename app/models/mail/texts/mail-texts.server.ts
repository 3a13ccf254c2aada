// Server-only by name (.server): React Router refuses to bundle these into the browser.
import type { Language } from "~/lib/i18n/languages";
import { en, type MailTexts } from "./en.server";
import { hi } from "./hi.server";

export type { MailTexts };

const TEXTS = { en, hi } as const satisfies Record<Language, MailTexts>;

/** The words of a customer's mail in their language. */
export const mailTexts = (language: Language): MailTexts => TEXTS[language];
