import { type PDFDocument, type PDFPage, rgb } from "pdf-lib";
import { formatDate } from "~/lib/dates";
import type { Language } from "~/lib/i18n/languages";
import { formatPaise } from "~/lib/money";
import { SHOP_NAME } from "~/lib/shop";
import type { PdfText } from "./text.server";

// The page kit of the shop's A4 documents (invoices, packing slips): the page and its margins in
// points, the ink, the document's properties, and text wrapped to a column.

export const A4: [number, number] = [595.28, 841.89];
export const MARGIN = 48;
export const LEFT = MARGIN;
export const RIGHT = A4[0] - MARGIN;
export const TOP = A4[1] - MARGIN;
export const FOOTER_Y = 30; // baseline of the page footer
export const BOTTOM = 64; // nothing but the footer goes below this

export const INK = rgb(0.13, 0.12, 0.11);
export const MUTED = rgb(0.42, 0.4, 0.38);
export const RULE = rgb(0.82, 0.8, 0.77);
export const HEAD_BG = rgb(0.95, 0.93, 0.9);

/** The document's properties: its title, and the shop as author, creator and producer. */
export function describeDocument(doc: PDFDocument, title: string, kind: string): void {
  doc.setTitle(title);
  doc.setAuthor(SHOP_NAME);
  doc.setCreator(SHOP_NAME);
  doc.setProducer(`${SHOP_NAME} ${kind} (pdf-lib)`);
}

/** Integer paise → "₹1,23,456.78", as the pages print money (Indian grouping). */
export const formatRupees = (paise: number) => formatPaise(Math.round(Number.isFinite(paise) ? paise : 0));

/** "21 Nov 2026" ("21 नव॰ 2026") in India time, as the pages write dates; "-" for a date that is not one. */
export const formatInvoiceDate = (date: Date, language: Language = "en") =>
  Number.isFinite(date.getTime()) ? formatDate(date, language) : "-";

const graphemes = new Intl.Segmenter("en", { granularity: "grapheme" });
const chars = (s: string) => Array.from(graphemes.segment(s), (g) => g.segment);

/**
 * Splits `text` into lines no wider than `maxWidth` as `width` measures them, breaking at spaces and
 * inside words too long for a line (between user-perceived characters, so a conjunct or a vowel sign
 * stays whole). Beyond `maxLines` the last line is cut and ends with "…".
 */
export function wrapText(text: string, width: (s: string) => number, maxWidth: number, maxLines = Infinity): string[] {
  const lines: string[] = [];
  let line = "";
  const words = text.split(" ").filter(Boolean);
  // Past maxLines + 1 lines nothing more is drawn, so nothing more is measured.
  for (const w of words) {
    if (lines.length > maxLines) break;
    let word = w;
    const candidate = line ? `${line} ${word}` : word;
    if (width(candidate) <= maxWidth) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = "";
    // A word wider than the column is broken wherever it must be: at the longest head that fits,
    // sought from where the word's average character width puts it (a few measures a line, not
    // one per character).
    let cs = chars(word);
    let all: number;
    while (lines.length <= maxLines && (all = width(word)) > maxWidth) {
      const fitsAt = (n: number) => width(cs.slice(0, n).join("")) <= maxWidth;
      const guess = Math.min(cs.length - 1, Math.max(1, Math.floor((maxWidth * cs.length) / all)));
      // fits: a head that fits (or the one character a line must take); wide: one that does not
      let [fits, wide] = [guess, guess + 1];
      if (fitsAt(guess))
        for (let step = 2; wide < cs.length && fitsAt(wide); step *= 2)
          [fits, wide] = [wide, Math.min(cs.length, wide + step)];
      else
        for (let step = 2; ; step *= 2) {
          wide = fits;
          fits = Math.max(1, wide - step);
          if (fits === 1 || fitsAt(fits)) break;
        }
      while (wide - fits > 1) {
        const mid = (fits + wide) >> 1;
        if (fitsAt(mid)) fits = mid;
        else wide = mid;
      }
      lines.push(cs.slice(0, fits).join(""));
      cs = cs.slice(fits);
      word = cs.join("");
    }
    line = word;
  }
  if (line) lines.push(line);
  if (lines.length === 0) lines.push("");
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  let last = chars(kept[maxLines - 1] ?? "");
  while (last.length && width(`${last.join("")}…`) > maxWidth) last = last.slice(0, -1);
  kept[maxLines - 1] = `${last.join("").trimEnd()}…`;
  return kept;
}

export const BODY = 10;

export type TextOpts = { size?: number; bold?: boolean; color?: typeof INK };

/** Draws on the current page, top down from `y`; a new page starts at the top margin. */
export class Writer {
  page!: PDFPage;
  y = TOP;
  readonly pages: PDFPage[] = [];

  constructor(
    private readonly doc: PDFDocument,
    readonly pdfText: PdfText,
  ) {}

  newPage() {
    this.page = this.doc.addPage(A4);
    this.pages.push(this.page);
    this.y = TOP;
  }

  text(s: string, x: number, y: number, opts: TextOpts = {}) {
    this.pdfText.draw(this.page, s, x, y, { size: opts.size ?? BODY, bold: opts.bold, color: opts.color ?? INK });
  }

  width(s: string, opts: TextOpts = {}) {
    return this.pdfText.width(s, opts.size ?? BODY, opts.bold);
  }

  /** Draws `s` so that it ends at `right`. */
  textRight(s: string, right: number, y: number, opts: TextOpts = {}) {
    this.text(s, right - this.width(s, opts), y, opts);
  }

  rule(y: number, thickness = 0.6, color = RULE) {
    this.page.drawLine({ start: { x: LEFT, y }, end: { x: RIGHT, y }, thickness, color });
  }
}
