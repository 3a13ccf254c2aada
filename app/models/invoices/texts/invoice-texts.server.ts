// Server-only by name (.server), like the mails' texts: the browser never gets them.
import type { Language } from "~/lib/i18n/languages";
import { en, type InvoiceTexts } from "./en.server";
import { hi } from "./hi.server";

export type { InvoiceTexts };

const TEXTS = { en, hi } as const satisfies Record<Language, InvoiceTexts>;

/** The invoice's labels in the customer's language. */
export const invoiceTexts = (language: Language): InvoiceTexts => TEXTS[language];
