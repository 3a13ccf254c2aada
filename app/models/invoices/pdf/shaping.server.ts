import * as hb from "harfbuzzjs";
import type { Color } from "pdf-lib";
import { indicScript, type LoadedFont, loadFonts, type ScriptKey } from "./fonts.server";

// Text laid out for a PDF: cleaned, split into runs by script, each run shaped by HarfBuzz with
// the font that has its script, and measured. PdfText (text.server.ts) draws what this lays out.

export type TextStyle = { size: number; bold?: boolean; color?: Color };

export const EM = 1000; // layout unit: thousandths of the font size, as in PDF glyph widths
export const NO_TEXT = "\u2060"; // WORD JOINER: the text of a cluster's glyphs after its first
/** What a character no font has copies out as: the typed one would cost a CID of its own. */
export const STAND_IN = "\uFFFD";
/** The longest text drawn or measured (UTF-16 units; checkout takes at most 300): cleaning,
 *  shaping and wrapping stay linear in a length we chose, whatever a stored row holds. */
export const MAX_TEXT = 1000;

type Glyph = { gid: number; advance: number; dx: number; dy: number }; // EM units
/** A shaped cluster (or a box): the text it stands for and the room it takes. */
type Carrier = { text: string; advance: number };
type Run = { kind: "run"; font: LoadedFont; glyphs: Glyph[]; clusters: Carrier[]; advance: number };
export type Box = { kind: "box"; text: string; hex: string; advance: number; width: number };
/** `shown`: the text as drawn, a box's character replaced by STAND_IN (the /ActualText). */
type Layout = { text: string; shown: string; items: (Run | Box)[]; carriers: Carrier[]; advance: number };

// ---------------------------------------------------------------------------------------------
// Text clean-up and script runs

/** What is drawn for `text`: its first MAX_TEXT units, NFC, line breaks and tabs as spaces, no
 *  other control characters. */
export function cleanText(text: string): string {
  return (
    String(text ?? "")
      .slice(0, MAX_TEXT)
      .replace(/[\ud800-\udbff]$/, "") // half a pair, cut by the slice
      .normalize("NFC")
      .replace(/[\t\n\v\f\r\u0085\u2028\u2029]/g, " ")
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f-\u009f]/g, "")
  );
}

const segmenter = new Intl.Segmenter("en", { granularity: "grapheme" });
const NEUTRAL = /^[\p{Script=Common}\p{Script=Inherited}]$/u;
/** Default-ignorable characters: shaped away, so no font needs a glyph for them. */
const isIgnorable = (cp: number) =>
  cp === 0xad ||
  cp === 0x34f ||
  (cp >= 0x200b && cp <= 0x200f) ||
  (cp >= 0x2060 && cp <= 0x2064) ||
  (cp >= 0xfe00 && cp <= 0xfe0f) ||
  cp === 0xfeff ||
  (cp >= 0xe0100 && cp <= 0xe01ef);
/** Which family a grapheme asks for: an Indic script, "latin" for any other letter, null when it
 *  is neutral (digits, spaces, punctuation, symbols, emoji) and goes with its neighbours. */
function strongScript(cps: number[]): ScriptKey | null {
  let latin = false;
  for (const cp of cps) {
    const s = indicScript(cp);
    if (s) return s;
    if (!NEUTRAL.test(String.fromCodePoint(cp))) latin = true;
  }
  return latin ? "latin" : null;
}

const covers = (font: LoadedFont, cps: number[]) => cps.every((cp) => isIgnorable(cp) || font.unicodes.has(cp));

// ---------------------------------------------------------------------------------------------
// Shaping

const FALLBACK_ORDER: ScriptKey[] = [
  "latin",
  "devanagari",
  "bengali",
  "gurmukhi",
  "gujarati",
  "oriya",
  "tamil",
  "telugu",
  "kannada",
  "malayalam",
];

function shapeRun(font: LoadedFont, text: string): Run {
  const buffer = new hb.Buffer();
  buffer.addText(text);
  buffer.guessSegmentProperties();
  hb.shape(font.font, buffer);
  const infos = buffer.getGlyphInfos();
  const positions = buffer.getGlyphPositions();
  const scale = EM / font.upem;
  const glyphs: Glyph[] = [];
  const clusters: Carrier[] = [];
  let advance = 0;
  for (let i = 0; i < infos.length; i++) {
    const info = infos[i]!;
    const pos = positions[i]!;
    if (i === 0 || infos[i - 1]!.cluster !== info.cluster) {
      let end = text.length;
      for (let j = i + 1; j < infos.length; j++)
        if (infos[j]!.cluster !== info.cluster) {
          end = infos[j]!.cluster;
          break;
        }
      clusters.push({ text: text.slice(info.cluster, end), advance: 0 });
    }
    const a = pos.xAdvance * scale;
    clusters[clusters.length - 1]!.advance += a;
    glyphs.push({ gid: info.codepoint, advance: a, dx: pos.xOffset * scale, dy: pos.yOffset * scale });
    advance += a;
  }
  return { kind: "run", font, glyphs, clusters, advance };
}

/** A box for a character no font has: its first code point in hex, 2 or 3 digits a row. */
function box(text: string, cps: number[]): Box {
  const cp = cps.find((c) => !isIgnorable(c)) ?? cps[0] ?? 0xfffd;
  const hex = cp.toString(16).toUpperCase().padStart(4, "0");
  const width = (hex.length > 4 ? 3 : 2) * 300 + 160;
  return { kind: "box", text, hex, width, advance: width + 120 };
}

function layoutText(text: string, bold: boolean): Layout {
  const fonts = loadFonts();
  const graphemes = Array.from(segmenter.segment(text), ({ segment }) => {
    const cps = Array.from(segment, (c) => c.codePointAt(0)!);
    return { segment, cps, script: strongScript(cps) as ScriptKey | null | "box" };
  });
  // Letters: their script's family, or a box when it lacks them.
  for (const g of graphemes)
    if (g.script && g.script !== "box" && !covers(fonts.get(g.script, bold), g.cps)) g.script = "box";
  // Neutral graphemes join the run before them, else the one after, when its font has them.
  const strong = graphemes.map((g) => g.script);
  graphemes.forEach((g, i) => {
    if (g.script) return;
    const before = strong
      .slice(0, i)
      .reverse()
      .find((s) => s && s !== "box");
    const after = strong.slice(i + 1).find((s) => s && s !== "box");
    const candidates = [before, after, ...FALLBACK_ORDER].filter(Boolean) as ScriptKey[];
    g.script = candidates.find((s) => covers(fonts.get(s, bold), g.cps)) ?? "box";
  });

  const items: (Run | Box)[] = [];
  let advance = 0;
  let shown = "";
  for (let i = 0; i < graphemes.length;) {
    const script = graphemes[i]!.script!;
    if (script === "box") {
      const b = box(graphemes[i]!.segment, graphemes[i]!.cps);
      items.push(b);
      advance += b.advance;
      shown += STAND_IN;
      i++;
      continue;
    }
    let runText = "";
    while (i < graphemes.length && graphemes[i]!.script === script) runText += graphemes[i++]!.segment;
    const run = shapeRun(fonts.get(script, bold), runText);
    items.push(run);
    advance += run.advance;
    shown += runText;
  }
  // A box copies out as STAND_IN: the typed character would be a CID of its own in the text font.
  const clusters = items.flatMap((it) => (it.kind === "box" ? [{ text: STAND_IN, advance: it.advance }] : it.clusters));
  return { text, shown, items, carriers: textPieces(clusters), advance };
}

/**
 * The invisible text layer's pieces for `clusters`, shaped so that pdf.js reads them back as typed:
 * pdf.js gives no width to a piece holding a nonspacing mark (virama, most vowel signs) and skips
 * one that ends in a format character (ZWJ, ZWNJ). So each cluster becomes one piece per code
 * point (a format character joins the code point after it), and the cluster's whole width goes to
 * its first piece without a nonspacing mark, the others having none.
 */
function textPieces(clusters: Carrier[]): Carrier[] {
  const pieces: Carrier[] = [];
  let pending = ""; // format characters waiting for the next code point
  for (const c of clusters) {
    const groups: string[] = [];
    for (const ch of c.text) {
      if (FORMAT.test(ch)) pending += ch;
      else {
        groups.push(pending + ch);
        pending = "";
      }
    }
    const wide = Math.max(
      0,
      groups.findIndex((g) => !MARK.test(g)),
    );
    if (groups.length === 0) pieces.push({ text: "", advance: c.advance });
    groups.forEach((g, k) => pieces.push({ text: g, advance: k === wide ? c.advance : 0 }));
  }
  if (pending) pieces.push({ text: pending, advance: 0 });
  return pieces;
}
const FORMAT = /^\p{Cf}$/u;
const MARK = /\p{Mn}/u;

// Layouts are kept per process (names and labels repeat across invoices); the map is emptied when full.
const layoutCache = new Map<string, Layout>();
export function layout(text: string, bold: boolean): Layout {
  const key = `${bold ? "b" : "r"}${text}`;
  let l = layoutCache.get(key);
  if (!l) {
    if (layoutCache.size >= 5000) layoutCache.clear();
    l = layoutText(text, bold);
    layoutCache.set(key, l);
  }
  return l;
}

/** Width of `text` (cleaned as drawn) at `size` points. */
export function textWidth(text: string, size: number, bold = false): number {
  return (layout(cleanText(text), bold).advance * size) / EM;
}
