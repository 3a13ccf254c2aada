import { inflateSync } from "node:zlib";
import { PDFDocument } from "pdf-lib";

/**
 * Test helpers that read back PDFs made with pdf-lib, without any PDF-parsing dependency.
 *
 * pdfText scans the raw file for `stream … endstream`, inflates /FlateDecode streams and decodes
 * the text-showing operators (Tj, TJ, ', ") of the content streams in file order, which for
 * pdf-lib is page order. Pieces are kept in drawing order: consecutive pieces on the same baseline
 * (as set by Tm, Td, TD, T*) are joined by one space, and a change of baseline or of content
 * stream (page) starts a new line. Whitespace inside a piece is collapsed. Strings are decoded as WinAnsi
 * (what pdf-lib uses for the standard 14 fonts); embedded (Identity-H) fonts are not supported.
 */

/** Windows-1252 characters in 0x80–0x9F (unused codes map to U+FFFD). */
const CP1252_80 = "€\uFFFD‚ƒ„…†‡ˆ‰Š‹Œ\uFFFDŽ\uFFFD\uFFFD‘’“”•–—˜™š›œ\uFFFDžŸ";

const decodeWinAnsi = (bytes: number[]) =>
  bytes.map((b) => (b >= 0x80 && b <= 0x9f ? CP1252_80[b - 0x80] : String.fromCharCode(b))).join("");

type Token =
  | { kind: "string"; bytes: number[] }
  | { kind: "array"; items: Token[] }
  | { kind: "number"; value: number }
  | { kind: "op"; value: string }
  | { kind: "other" };

const isSpace = (c: string | undefined) => c !== undefined && " \t\r\n\f\0".includes(c);
const isDelimiter = (c: string | undefined) => c !== undefined && "()<>[]{}/%".includes(c);

/** Tokenises a content stream (given as a latin1 string, one char per byte). */
function tokenize(src: string): Token[] {
  let i = 0;

  const readLiteral = (): number[] => {
    // at "("
    i++;
    const out: number[] = [];
    let depth = 1;
    while (i < src.length) {
      const ch = src[i++]!;
      if (ch === "\\") {
        const n = src[i++];
        if (n === undefined) break;
        const simple: Record<string, number> = { n: 10, r: 13, t: 9, b: 8, f: 12, "(": 40, ")": 41, "\\": 92 };
        if (n in simple) out.push(simple[n]!);
        else if (n >= "0" && n <= "7") {
          let oct = n;
          while (oct.length < 3 && src[i]! >= "0" && src[i]! <= "7") oct += src[i++];
          out.push(parseInt(oct, 8) & 0xff);
        } else if (n === "\r") {
          if (src[i] === "\n") i++; // line continuation
        } else if (n !== "\n") out.push(n.charCodeAt(0));
        continue;
      }
      if (ch === "(") depth++;
      if (ch === ")" && --depth === 0) break;
      out.push(ch.charCodeAt(0));
    }
    return out;
  };

  const readHex = (): number[] => {
    // at "<" (not "<<")
    const end = src.indexOf(">", i);
    const hex = src.slice(i + 1, end === -1 ? src.length : end).replace(/[^0-9a-fA-F]/g, "");
    i = end === -1 ? src.length : end + 1;
    const padded = hex.length % 2 ? `${hex}0` : hex;
    const out: number[] = [];
    for (let k = 0; k < padded.length; k += 2) out.push(parseInt(padded.slice(k, k + 2), 16));
    return out;
  };

  const readToken = (): Token | "]" | null => {
    while (i < src.length) {
      const ch = src[i]!;
      if (isSpace(ch)) i++;
      else if (ch === "%") {
        while (i < src.length && src[i] !== "\n" && src[i] !== "\r") i++;
      } else break;
    }
    if (i >= src.length) return null;
    const ch = src[i]!;
    if (ch === "(") return { kind: "string", bytes: readLiteral() };
    if (ch === "<" && src[i + 1] !== "<") return { kind: "string", bytes: readHex() };
    if (ch === "<" || ch === ">") {
      // dictionary delimiters (inline image parameters, marked-content properties)
      i += src[i + 1] === ch ? 2 : 1;
      return { kind: "other" };
    }
    if (ch === "[") {
      i++;
      const items: Token[] = [];
      for (;;) {
        const t = readToken();
        if (t === null || t === "]") break;
        items.push(t);
      }
      return { kind: "array", items };
    }
    if (ch === "]") {
      i++;
      return "]";
    }
    if (ch === "{" || ch === "}") {
      i++;
      return { kind: "other" };
    }
    let j = i + 1;
    while (j < src.length && !isSpace(src[j]) && !isDelimiter(src[j])) j++;
    const word = src.slice(i, j);
    i = j;
    if (word.startsWith("/")) return { kind: "other" }; // a name
    if (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(word)) return { kind: "number", value: Number(word) };
    if (word === "ID") {
      // inline image data: skip to EI
      const ei = src.indexOf("EI", i);
      i = ei === -1 ? src.length : ei + 2;
      return { kind: "other" };
    }
    return { kind: "op", value: word };
  };

  const tokens: Token[] = [];
  for (;;) {
    const t = readToken();
    if (t === null) break;
    if (t !== "]") tokens.push(t);
  }
  return tokens;
}

/** The text lines drawn by one content stream: consecutive pieces on the same baseline share a line. */
function showText(content: string): string[] {
  const lines: string[] = [];
  let line: string[] = [];
  let lineY: number | null = null; // baseline of the pieces in `line`
  let y = 0; // current baseline (text line matrix f; `cm` and scaling are ignored)
  let leading = 0;
  const show = (s: string) => {
    const piece = s.replace(/\s+/g, " ").trim();
    if (piece === "") return;
    if (lineY !== null && Math.abs(lineY - y) > 0.01) {
      lines.push(line.join(" "));
      line = [];
    }
    line.push(piece);
    lineY = y;
  };
  const num = (t: Token | undefined) => (t?.kind === "number" ? t.value : 0);
  let operands: Token[] = [];
  for (const t of tokenize(content)) {
    if (t.kind !== "op") {
      operands.push(t);
      continue;
    }
    const n = operands.length;
    const last = operands[n - 1];
    switch (t.value) {
      case "BT":
        y = 0;
        break;
      case "Tm":
        y = num(last);
        break;
      case "TL":
        leading = num(last);
        break;
      case "Td":
        y += num(last);
        break;
      case "TD":
        y += num(last);
        leading = -num(last);
        break;
      case "T*":
        y -= leading;
        break;
      case "Tj":
        if (last?.kind === "string") show(decodeWinAnsi(last.bytes));
        break;
      case "'":
      case '"':
        y -= leading;
        if (last?.kind === "string") show(decodeWinAnsi(last.bytes));
        break;
      case "TJ":
        if (last?.kind === "array") {
          let s = "";
          for (const item of last.items) {
            if (item.kind === "string") s += decodeWinAnsi(item.bytes);
            // a large negative adjustment (thousandths of an em) is a word gap
            else if (item.kind === "number" && item.value < -200) s += " ";
          }
          show(s);
        }
        break;
    }
    operands = [];
  }
  if (line.length) lines.push(line.join(" "));
  return lines;
}

/** Every stream's dictionary text and raw data, in file order. */
function rawStreams(bytes: Uint8Array): { dict: string; data: Buffer }[] {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const src = buf.toString("latin1");
  const out: { dict: string; data: Buffer }[] = [];
  const keyword = /(?<!end)stream(\r\n|\n|\r)/g;
  let from = 0;
  for (let m = keyword.exec(src); m; m = keyword.exec(src)) {
    const start = m.index + m[0].length;
    const objStart = src.lastIndexOf(" obj", m.index);
    const dict = src.slice(Math.max(objStart, from), m.index);
    // Prefer a direct /Length when it lands on "endstream"; otherwise search for it.
    let end = -1;
    const len = /\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(dict);
    if (len) {
      const guess = start + Number(len[1]);
      if (/^\s*endstream/.test(src.slice(guess, guess + 12))) end = guess;
    }
    if (end === -1) end = src.indexOf("endstream", start);
    if (end === -1) break;
    out.push({ dict, data: buf.subarray(start, end) });
    from = end + "endstream".length;
    keyword.lastIndex = from;
  }
  return out;
}

/** The visible text of a pdf-lib-made PDF, one drawn line per output line, in drawing order. */
export function pdfText(bytes: Uint8Array): string {
  const lines: string[] = [];
  for (const { dict, data } of rawStreams(bytes)) {
    // Not content: object and xref streams, images, embedded font programs.
    if (/\/Type\s*\/(ObjStm|XRef|Metadata)\b|\/Subtype\s*\/Image\b|\/Length[123]\b/.test(dict)) continue;
    let decoded: Buffer;
    if (/\/FlateDecode\b/.test(dict)) {
      try {
        decoded = inflateSync(data);
      } catch {
        // tolerate trailing end-of-line bytes before "endstream"
        decoded = inflateSync(data, { finishFlush: 2 /* Z_SYNC_FLUSH */ });
      }
    } else if (/\/Filter\b/.test(dict))
      continue; // another filter: not made by pdf-lib
    else decoded = data;
    const content = decoded.toString("latin1");
    if (!/\bBT\b/.test(content)) continue;
    lines.push(...showText(content));
  }
  return lines.join("\n");
}

/** Number of pages, as pdf-lib reads the document back. */
export async function pdfPageCount(bytes: Uint8Array): Promise<number> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  return doc.getPageCount();
}
