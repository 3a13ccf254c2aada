// The server's answers in the page's language (issue #36). Validation messages, refusals and rate
// limits are made in English, once, by code shared with the JSON API (zod schemas, models): the API is
// never translated, and a schema per language would be built twice. A Hindi page's form and toasts
// show them through `translateFeedback`, which reads an English text back into its catalogue key
// (and values) and says it again in the page's language. A text it does not know is shown as it is.
import { en, type Messages } from "./en";

type Feedback = Messages["feedback"];
type Key = keyof Feedback;

/** A placeholder no message holds: each value of a template is found where it stands. */
const HOLE = (i: number) => `\u{E000}${i}\u{E001}`;

const fixed = new Map<string, Key>();
/** A template's text as a pattern, and which argument each of its captures is. */
const templates: { re: RegExp; key: Key; args: number[] }[] = [];
for (const key of Object.keys(en.feedback) as Key[]) {
  const message = en.feedback[key];
  if (typeof message === "string") {
    fixed.set(message, key);
    continue;
  }
  const text = (message as (...args: unknown[]) => string)(
    ...Array.from({ length: message.length }, (_, i) => HOLE(i)),
  );
  const args = [...text.matchAll(/\u{E000}(\d+)\u{E001}/gu)].map((m) => Number(m[1]));
  const source = text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\u{E000}\d+\u{E001}/gu, "(.+?)");
  templates.push({ re: new RegExp(`^${source}$`, "u"), key, args });
}

/** `text` (an English feedback message) in the language of `t`; anything else unchanged. */
export function translateFeedback(t: Messages, text: string): string {
  if (t === en) return text;
  const key = fixed.get(text);
  if (key) return t.feedback[key] as string;
  for (const { re, key, args } of templates) {
    const match = re.exec(text);
    if (!match) continue;
    // Digits were numbers where they came from (a count, a limit); names and prices stay text.
    const values: unknown[] = [];
    args.forEach((arg, i) => (values[arg] = /^\d+$/.test(match[i + 1]!) ? Number(match[i + 1]) : match[i + 1]));
    return (t.feedback[key] as (...args: unknown[]) => string)(...values);
  }
  return text;
}
