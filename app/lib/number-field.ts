// A number as an admin types it into a form field, or an API client sends it as a string
// (issue #50): plain decimal digits with an optional sign and fraction. Number() alone would also
// take "0x10" (16), "1e3", "0b11" and "Infinity"; those are refused instead, with the field's own
// message. Numbers sent as JSON numbers pass through as they are.
const PLAIN_DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

/** For z.preprocess: "" (or blank) is undefined, a plain decimal its number, any other string NaN. */
export function numberFromField(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const text = value.trim();
  if (text === "") return undefined;
  return PLAIN_DECIMAL.test(text) ? Number(text) : Number.NaN;
}
