import {
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
import { flateStream } from "./deflate.server";
import { type LoadedFont, loadFonts, subsetFont } from "./fonts.server";
import { type Box, cleanText, EM, layout, NO_TEXT, STAND_IN, type TextStyle, textWidth } from "./shaping.server";

/**
 * Unicode text on pdf-lib pages, in every Indian script the shop has a font for (docs/decisions/0009).
 *
 * A string is split into runs by script (digits, spaces and punctuation stay with the run beside
 * them), each run is shaped by HarfBuzz (conjuncts, reordered vowel signs, reph, split vowels) and
 * drawn as glyph ids through a Type0/CIDFontType2 font of our own, subset per document. Copying
 * text out gives what was typed: each drawn string is an /ActualText span (Poppler, Acrobat), and
 * the ToUnicode map gives every shaped cluster's text to its first drawn glyph and a WORD JOINER
 * (an invisible format character, skipped by pdf.js) to the cluster's other glyphs. A character no
 * font has (Ol Chiki, an emoji, CJK…) is drawn as a box with its code point in hex, never as "?",
 * and copies out as U+FFFD.
 *
 * A font holds at most 65,535 CIDs. A visible glyph's CID is its glyph id with the glyph's own
 * width, so those are at most the font's glyph count; the text layer's CIDs (a code point and a
 * width each) are what customer text multiplies. They are capped at what the Latin font leaves
 * free (`textRoom`), and a caller drawing several customers' texts (the packing slips) gives each
 * its share (`beginShare`): past it, a new piece of text copies out as U+FFFD, so no one order can
 * use up the room of the others, and no document can run out.
 */

// ---------------------------------------------------------------------------------------------
// Fonts in one document

/** CIDs are two bytes; 0 is .notdef. */
const MAX_CID = 0xffff;

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
  private textCids = 0;
  private share = { left: Infinity };

  constructor(private readonly doc: PDFDocument) {}

  /** How many more text-layer CIDs the document can take. */
  textRoom(): number {
    const latin = loadFonts().get("latin", false);
    return MAX_CID - latin.glyphCount - 2 - this.textCids; // room kept for every glyph and the stand-in
  }

  /** From here on, the text drawn may add at most `limit` text-layer CIDs; then U+FFFD stands in. */
  beginShare(limit: number): void {
    this.share = { left: Math.max(0, Math.floor(limit)) };
  }

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

  /** The CID showing glyph `gid` with advance `width` (EM units) and the text `text`; undefined
   *  when it would be a new text-layer CID (`text` set) and there is no room or share left. */
  private cid(f: DocFont, gid: number, width: number, text: string): number;
  private cid(f: DocFont, gid: number, width: number, text: string, budgeted: true): number | undefined;
  private cid(f: DocFont, gid: number, width: number, text: string, budgeted = false): number | undefined {
    const w = Math.round(width);
    const key = `${gid} ${w} ${text}`;
    let cid = f.cids.get(key);
    if (cid === undefined) {
      if (budgeted) {
        if (this.share.left <= 0 || this.textRoom() <= 0) return undefined;
        this.share.left--;
        this.textCids++;
      }
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
    ops.push(op("BDC", PDFName.of("Span"), this.doc.context.obj({ ActualText: PDFHexString.fromText(l.shown) })));

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

    // The text layer: invisible, one space glyph per cluster as wide as the cluster, in order; past
    // the share, a zero-wide U+FFFD moved on by the cluster's width.
    const space = latin.font.font.nominalGlyph(0x20) ?? 0;
    const carriers = l.carriers.flatMap((c) => {
      const cid = this.cid(latin, space, c.advance, c.text || NO_TEXT, true);
      if (cid !== undefined) return [PDFHexString.of(hex4(cid))];
      const standIn = PDFHexString.of(hex4(this.cid(latin, space, 0, STAND_IN)));
      return Math.round(c.advance) ? [standIn, n(-Math.round(c.advance))] : [standIn];
    });
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
      const fontFile = ctx.register(flateStream(ctx, ttf, { Length1: ttf.length }));
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
          CIDToGIDMap: ctx.register(flateStream(ctx, map)),
        }),
      );
      const toUnicode = ctx.register(flateStream(ctx, toUnicodeCMap(f.texts)));
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
