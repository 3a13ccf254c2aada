// Customer text as the shop keeps it (issue #34): a name, phone, city or state is one line, an
// address or a review may have several; none keeps an invisible control character. The schemas of
// both doors (forms and JSON) clean it here, before their length checks, and the mail templates
// clean what they print again, for orders stored before.
//
// Collapse or refuse, as a shopper would expect: a line break in a one-line field is almost
// always innocent (a name pasted from a phone's notes app brings its trailing newline, an address
// copied across two lines), so it becomes one space rather than a refusal they cannot see the
// reason for. The other control characters (NUL, the rest of C0, DEL, C1) and the bidi overrides,
// embeddings and isolates (U+202A-202E, U+2066-2069, which can turn text round on screen) carry
// nothing a person means to type and cannot be seen to be removed, so they are dropped. Zero-width
// joiners (U+200C/200D) stay: Indian scripts need them.

// eslint-disable-next-line no-control-regex
const INVISIBLE = /[\u0000-\u0008\u000e-\u001f\u007f-\u0084\u0086-\u009f\u202a-\u202e\u2066-\u2069]/g;
/** Line ends (CR, LF, VT, FF, NEL, U+2028, U+2029) and tabs, with the spaces around them. */
const BREAKS_AND_TABS =
  /[ \t\n\v\f\r\u0085\u2028\u2029]*[\t\n\v\f\r\u0085\u2028\u2029][ \t\n\v\f\r\u0085\u2028\u2029]*/g;

/** One line: line breaks and tabs become one space, invisible control characters are dropped. */
export function oneLine(text: string): string {
  return text.replace(INVISIBLE, "").replace(BREAKS_AND_TABS, " ");
}

/** Several lines, each ended by "\n" alone: CRLF, CR, NEL, U+2028/2029, VT and FF become "\n", a tab one space. */
export function multiLine(text: string): string {
  return text
    .replace(/\r\n?|[\v\f\u0085\u2028\u2029]/g, "\n")
    .replace(/\t/g, " ")
    .replace(INVISIBLE, "");
}
