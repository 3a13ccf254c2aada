import * as hb from "harfbuzzjs";
import {
  type Color,
  type PDFDocument,
  type PDFDict,
  type PDFOperatorNames,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFOperator,
  type PDFPage,
  type PDFRef,
  PDFString,
  rgb,
  setFillingColor,
  setStrokingColor,
} from "pdf-lib";
import { indicScript, type LoadedFont, loadFonts, type ScriptKey, subsetFont } from "./fonts.server";

/**
 * Unicode text on pdf-lib pages, in every Indian script the shop has a font for (docs/decisions/0009).
 *
 * A string is split into runs by script (digits, spaces and punctuation stay with the run beside
 * them), each run is shaped by HarfBuzz (conjuncts, reordered vowel signs, reph, split vowels) and
 * drawn as glyph ids through a Type0/CIDFontType2 font of our own, subset per document. Copying
 * text out gives what was typed: each drawn string is an /ActualText span (Poppler, Acrobat), and
 * the ToUnicode map gives every shaped cluster's text to its first drawn glyph and a WORD JOINER
 * (an invisible format character, skipped by pdf.js) to the cluster's other glyphs. A character no
 * font has (Ol Chiki, an emoji…) is drawn as a box with its code point in hex, never as "?".
 */

export type TextStyle = { size: number; bold?: boolean; color?: Color };

const EM = 1000; // layout unit: thousandths of the font size, as in PDF glyph widths
const NO_TEXT = "\u2060"; // WORD JOINER: the text of a cluster's glyphs after its first

type Glyph = { gid: number; advance: number; dx: number; dy: number }; // EM units
/** A shaped cluster (or a box): the text it stands for and the room it takes. */
type Carrier = { text: string; advance: number };
type Run = { kind: "run"; font: LoadedFont; glyphs: Glyph[]; clusters: Carrier[]; advance: number };
type Box = { kind: "box"; text: string; hex: string; advance: number; width: number };
type Layout = { text: string; items: (Run | Box)[]; carriers: Carrier[]; advance: number };

// ---------------------------------------------------------------------------------------------
// Text clean-up and script runs

/** What is drawn for `text`: NFC, line breaks and tabs as spaces, no other control characters. */
export function cleanText(text: string): string {
  return (
    String(text ?? "")
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
  for (let i = 0; i < graphemes.length;) {
    const script = graphemes[i]!.script!;
    if (script === "box") {
      const b = box(graphemes[i]!.segment, graphemes[i]!.cps);
      items.push(b);
      advance += b.advance;
      i++;
      continue;
    }
    let runText = "";
    while (i < graphemes.length && graphemes[i]!.script === script) runText += graphemes[i++]!.segment;
    const run = shapeRun(fonts.get(script, bold), runText);
    items.push(run);
    advance += run.advance;
  }
  const clusters = items.flatMap((it) => (it.kind === "box" ? [{ text: it.text, advance: it.advance }] : it.clusters));
  return { text, items, carriers: textPieces(clusters), advance };
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
function layout(text: string, bold: boolean): Layout {
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

// ---------------------------------------------------------------------------------------------
// Fonts in one document

type DocFont = {
  font: LoadedFont;
  ref: PDFRef;
  cids: Map<string, number>;
  gids: number[];
  widths: number[];
  texts: string[];
};

const hex4 = (n: number) => n.toString(16).toUpperCase().padStart(4, "0");
const utf16Hex = (s: string) => Array.from({ length: s.length }, (_, i) => hex4(s.charCodeAt(i))).join("");

type PDFOperatorArg = NonNullable<Parameters<typeof PDFOperator.of>[1]>[number];
const op = (name: string, ...args: (PDFOperatorArg | PDFDict)[]) =>
  PDFOperator.of(name as PDFOperatorNames, args as PDFOperatorArg[]);
const n = (v: number) => PDFNumber.of(Math.round(v * 1000) / 1000);

/**
 * Draws and measures text on the pages of one document. Call `embed()` once, after the last
 * `draw` and before `doc.save()`: it writes the subset fonts.
 */
export class PdfText {
  private readonly fonts = new Map<string, DocFont>();
  private readonly pageKeys = new Map<PDFPage, Map<string, PDFName>>();

  constructor(private readonly doc: PDFDocument) {}

  width(text: string, size: number, bold = false): number {
    return textWidth(text, size, bold);
  }

  private docFont(font: LoadedFont): DocFont {
    let f = this.fonts.get(font.key);
    if (!f) {
      f = { font, ref: this.doc.context.nextRef(), cids: new Map(), gids: [0], widths: [0], texts: [""] };
      this.fonts.set(font.key, f);
    }
    return f;
  }

  /** The CID showing glyph `gid` with advance `width` (EM units) and the text `text`. */
  private cid(f: DocFont, gid: number, width: number, text: string): number {
    const w = Math.round(width);
    const key = `${gid} ${w} ${text}`;
    let cid = f.cids.get(key);
    if (cid === undefined) {
      cid = f.gids.length;
      if (cid > 0xffff) throw new Error("too many glyphs in one font");
      f.gids.push(gid);
      f.widths.push(w);
      f.texts.push(text);
      f.cids.set(key, cid);
    }
    return cid;
  }

  private fontKey(page: PDFPage, f: DocFont): PDFName {
    let keys = this.pageKeys.get(page);
    if (!keys) this.pageKeys.set(page, (keys = new Map()));
    let key = keys.get(f.font.key);
    if (!key) {
      key = page.node.newFontDictionary(f.font.postscriptName.replace(/^NotoSans/, "N"), f.ref);
      keys.set(f.font.key, key);
    }
    return key;
  }

  /**
   * Draws `text` with its left end at `x` and its baseline at `y`, in two text objects inside one
   * /ActualText span: the visible glyphs, whose CIDs carry no text, then an invisible layer (render
   * mode 3) with one glyph per shaped cluster, as wide as the cluster, carrying the cluster's text.
   */
  draw(page: PDFPage, text: string, x: number, y: number, style: TextStyle): void {
    const clean = cleanText(text);
    if (clean.trim() === "") return;
    const bold = style.bold ?? false;
    const size = style.size;
    const color = style.color ?? rgb(0, 0, 0);
    const l = layout(clean, bold);
    const scale = size / EM;
    const latin = this.docFont(loadFonts().get("latin", false));
    const glyphAdvance = (f: DocFont, gid: number) => (f.font.font.glyphHAdvance(gid) * EM) / f.font.upem;
    const hexGlyph = (ch: string) => latin.font.font.nominalGlyph(ch.codePointAt(0)!) ?? 0;
    const ops: PDFOperator[] = [];
    ops.push(op("BDC", PDFName.of("Span"), this.doc.context.obj({ ActualText: PDFHexString.fromText(clean) })));

    // Boxes for characters no font has: a frame (a path, so before the text objects)…
    const boxes: { box: Box; x: number }[] = [];
    let pen = 0; // EM units from x
    for (const item of l.items) {
      if (item.kind === "box") boxes.push({ box: item, x: pen + 60 });
      pen += item.advance;
    }
    if (boxes.length) {
      ops.push(op("q"), setStrokingColor(color), op("w", n(0.05 * size)));
      for (const b of boxes)
        ops.push(op("re", n(x + b.x * scale), n(y - 120 * scale), n(b.box.width * scale), n(920 * scale)), op("S"));
      ops.push(op("Q"));
    }

    // The visible glyphs, positioned as HarfBuzz says.
    ops.push(op("BT"), setFillingColor(color), op("Tm", n(1), n(0), n(0), n(1), n(x), n(y)));
    pen = 0; // where the layout puts the pen
    let pdfPen = 0; // where the PDF's own advances put it
    let rise = 0;
    for (const item of l.items) {
      if (item.kind === "box") {
        pen += item.advance;
        continue;
      }
      const f = this.docFont(item.font);
      ops.push(op("Tf", this.fontKey(page, f), n(size)));
      let arr: (PDFHexString | PDFNumber)[] = [];
      const flush = () => {
        if (arr.length) ops.push(op("TJ", this.doc.context.obj(arr)));
        arr = [];
      };
      for (const g of item.glyphs) {
        if (Math.abs(g.dy - rise) > 0.01) {
          flush();
          rise = g.dy;
          ops.push(op("Ts", n(rise * scale)));
        }
        const want = pen + g.dx;
        if (Math.abs(want - pdfPen) > 0.01) arr.push(n(-(want - pdfPen)));
        const w = glyphAdvance(f, g.gid);
        arr.push(PDFHexString.of(hex4(this.cid(f, g.gid, w, NO_TEXT))));
        pdfPen = want + Math.round(w);
        pen += g.advance;
      }
      flush();
    }
    if (rise) ops.push(op("Ts", n(0)));
    // …and the boxes' code points in small hex digits, two rows.
    if (boxes.length) {
      ops.push(op("Tf", this.fontKey(page, latin), n(size * 0.42)));
      for (const { box: b, x: bx } of boxes) {
        const cols = b.hex.length > 4 ? 3 : 2;
        [b.hex.slice(0, cols), b.hex.slice(cols)].forEach((row, r) =>
          Array.from(row).forEach((ch, c) => {
            const gid = hexGlyph(ch);
            ops.push(
              op("Tm", n(1), n(0), n(0), n(1), n(x + (bx + 70 + c * 300) * scale), n(y + (r ? -30 : 400) * scale)),
            );
            ops.push(op("Tj", PDFHexString.of(hex4(this.cid(latin, gid, glyphAdvance(latin, gid), NO_TEXT)))));
          }),
        );
      }
    }
    ops.push(op("ET"));

    // The text layer: invisible, one space glyph per cluster as wide as the cluster, in order.
    const space = latin.font.font.nominalGlyph(0x20) ?? 0;
    const carriers = l.carriers.map((c) => PDFHexString.of(hex4(this.cid(latin, space, c.advance, c.text || NO_TEXT))));
    ops.push(
      op("q"), // the render mode is graphics state: Q puts it back for whatever is drawn next
      op("BT"),
      op("Tr", n(3)),
      op("Tm", n(1), n(0), n(0), n(1), n(x), n(y)),
      op("Tf", this.fontKey(page, latin), n(size)),
      op("TJ", this.doc.context.obj(carriers)),
      op("ET"),
      op("Q"),
      op("EMC"),
    );
    page.pushOperators(...ops);
  }

  /** Writes the fonts used so far (subset) into the document. */
  embed(): void {
    const ctx = this.doc.context;
    for (const f of this.fonts.values()) {
      const { font } = f;
      const ttf = subsetFont(font, new Set(f.gids));
      const name = `${subsetTag(f)}+${font.postscriptName}`;
      const fontFile = ctx.register(ctx.flateStream(ttf, { Length1: ttf.length }));
      const unitsToPdf = (v: number) => Math.round((v * 1000) / font.upem);
      const descriptor = ctx.register(
        ctx.obj({
          Type: "FontDescriptor",
          FontName: name,
          Flags: 4, // symbolic: glyphs are addressed by id
          FontBBox: font.bbox.map(unitsToPdf),
          ItalicAngle: 0,
          Ascent: unitsToPdf(font.ascent),
          Descent: unitsToPdf(font.descent),
          CapHeight: unitsToPdf(font.capHeight),
          StemV: font.key.endsWith("bold") ? 120 : 80,
          FontFile2: fontFile,
        }),
      );
      const map = new Uint8Array(f.gids.length * 2);
      f.gids.forEach((gid, cid) => {
        map[cid * 2] = gid >> 8;
        map[cid * 2 + 1] = gid & 0xff;
      });
      const widths = f.widths.slice(1);
      const cidFont = ctx.register(
        ctx.obj({
          Type: "Font",
          Subtype: "CIDFontType2",
          BaseFont: name,
          CIDSystemInfo: { Registry: PDFString.of("Adobe"), Ordering: PDFString.of("Identity"), Supplement: 0 },
          FontDescriptor: descriptor,
          DW: 0,
          W: [1, widths],
          CIDToGIDMap: ctx.register(ctx.flateStream(map)),
        }),
      );
      const toUnicode = ctx.register(ctx.flateStream(toUnicodeCMap(f.texts)));
      ctx.assign(
        f.ref,
        ctx.obj({
          Type: "Font",
          Subtype: "Type0",
          BaseFont: name,
          Encoding: "Identity-H",
          DescendantFonts: [cidFont],
          ToUnicode: toUnicode,
        }),
      );
    }
  }
}

function subsetTag(f: DocFont): string {
  let h = 2166136261;
  for (const g of f.gids) h = Math.imul(h ^ g, 16777619) >>> 0;
  h = Math.imul(h ^ f.font.key.length, 16777619) >>> 0;
  let tag = "";
  for (let i = 0; i < 6; i++) {
    tag += String.fromCharCode(65 + (h % 26));
    h = Math.floor(h / 26) + i * 7919;
  }
  return tag;
}

/** A ToUnicode CMap giving each CID (its index in `texts`) its text. */
function toUnicodeCMap(texts: string[]): string {
  const entries = texts
    .map((t, cid) => (cid === 0 || t === "" ? "" : `<${hex4(cid)}> <${utf16Hex(t)}>`))
    .filter(Boolean);
  let body = "";
  for (let i = 0; i < entries.length; i += 100) {
    const chunk = entries.slice(i, i + 100);
    body += `${chunk.length} beginbfchar\n${chunk.join("\n")}\nendbfchar\n`;
  }
  return `/CIDInit /ProcSet findresource begin
12 dict begin
begincmap
/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def
/CMapName /Adobe-Identity-UCS def
/CMapType 2 def
1 begincodespacerange
<0000> <FFFF>
endcodespacerange
${body}endcmap
CMapName currentdict /CMap defineresource pop
end
end
`;
}
