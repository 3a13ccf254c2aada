// A product's texts in a page's language (issue #36): the Hindi name and description when the
// owner gave them, else the English ones. The Hindi columns stop here: what leaves a model has
// the English shape, so English pages and the JSON door carry exactly what they did before.
import type { Language } from "./i18n/languages";

export type HindiTexts = { nameHi: string; descriptionHi: string };

/** The text to show in `language`: the Hindi one unless it is empty. */
export const textIn = (language: Language, english: string, hindi: string): string =>
  language === "hi" && hindi.trim() !== "" ? hindi : english;

/** A product row with its name (and description) in `language`, its Hindi columns left out. */
export function inLanguage<T extends { name: string; description?: string } & Partial<HindiTexts>>(
  row: T,
  language: Language,
): Omit<T, keyof HindiTexts> {
  const { nameHi = "", descriptionHi = "", ...rest } = row;
  if (language === "en") return rest;
  return {
    ...rest,
    name: textIn(language, rest.name, nameHi),
    ...(rest.description === undefined ? {} : { description: textIn(language, rest.description, descriptionHi) }),
  };
}
