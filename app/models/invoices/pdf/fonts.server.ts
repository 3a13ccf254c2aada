import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import * as hb from "harfbuzzjs";
import { projectRoot } from "~/env.server";

/**
 * The fonts the invoice draws with (fonts/noto/, Noto Sans from Debian's fonts-noto-core
 * 20201225, SIL OFL 1.1: fonts/noto/OFL.txt) and the HarfBuzz objects that shape and subset them.
 * Every file is read and parsed once per process, on first use (`loadFonts`), never per invoice.
 */

export type ScriptKey =
  "latin" | "devanagari" | "bengali" | "gurmukhi" | "gujarati" | "oriya" | "tamil" | "telugu" | "kannada" | "malayalam";

/** The script of a code point that only one family draws, by its Unicode block; null for the rest. */
export function indicScript(cp: number): ScriptKey | null {
  if (cp >= 0x0900 && cp <= 0x097f) return cp === 0x0964 || cp === 0x0965 ? null : "devanagari"; // dandas: shared
  if (cp >= 0xa8e0 && cp <= 0xa8ff) return "devanagari"; // Devanagari Extended
  if (cp >= 0x1cd0 && cp <= 0x1cff) return "devanagari"; // Vedic Extensions
  if (cp >= 0x0980 && cp <= 0x09ff) return "bengali";
  if (cp >= 0x0a00 && cp <= 0x0a7f) return "gurmukhi";
  if (cp >= 0x0a80 && cp <= 0x0aff) return "gujarati";
  if (cp >= 0x0b00 && cp <= 0x0b7f) return "oriya";
  if (cp >= 0x0b80 && cp <= 0x0bff) return "tamil";
  if (cp >= 0x0c00 && cp <= 0x0c7f) return "telugu";
  if (cp >= 0x0c80 && cp <= 0x0cff) return "kannada";
  if (cp >= 0x0d00 && cp <= 0x0d7f) return "malayalam";
  return null;
}

const FILES: Record<ScriptKey, string> = {
  latin: "NotoSans",
  devanagari: "NotoSansDevanagari",
  bengali: "NotoSansBengali",
  gurmukhi: "NotoSansGurmukhi",
  gujarati: "NotoSansGujarati",
  oriya: "NotoSansOriya",
  tamil: "NotoSansTamil",
  telugu: "NotoSansTelugu",
  kannada: "NotoSansKannada",
  malayalam: "NotoSansMalayalam",
};
export const SCRIPTS = Object.keys(FILES) as ScriptKey[];

/** One font file, parsed: HarfBuzz shapes with `font`; `subsetFace` (a pointer into the subsetter's
 *  memory, preprocessed) makes the per-invoice subsets. */
export type LoadedFont = {
  key: string; // "devanagari-bold"
  postscriptName: string; // "NotoSansDevanagari-Bold"
  font: hb.Font;
  upem: number;
  glyphCount: number;
  unicodes: Set<number>;
  ascent: number;
  descent: number;
  bbox: [number, number, number, number];
  capHeight: number;
  subsetFace: number;
};

export type FontSet = { get(script: ScriptKey, bold: boolean): LoadedFont };

// ---------------------------------------------------------------------------------------------
// hb-subset: harfbuzzjs ships harfbuzz-subset.wasm beside its shaper but no JavaScript for it; it
// imports nothing, so it is instantiated here and driven through its C API.

type SubsetExports = {
  memory: WebAssembly.Memory;
  _initialize?: () => void;
  malloc(n: number): number;
  free(p: number): void;
  hb_blob_create(data: number, len: number, mode: number, user: number, destroy: number): number;
  hb_blob_destroy(blob: number): void;
  hb_blob_get_data(blob: number, lenPtr: number): number;
  hb_blob_get_length(blob: number): number;
  hb_face_create(blob: number, index: number): number;
  hb_face_destroy(face: number): void;
  hb_face_reference_blob(face: number): number;
  hb_set_add(set: number, value: number): void;
  hb_subset_input_create_or_fail(): number;
  hb_subset_input_destroy(input: number): void;
  hb_subset_input_glyph_set(input: number): number;
  hb_subset_input_set(input: number, which: number): number;
  hb_subset_input_set_flags(input: number, flags: number): void;
  hb_subset_preprocess(face: number): number;
  hb_subset_or_fail(face: number, input: number): number;
};

const HB_MEMORY_MODE_READONLY = 1;
const HB_SUBSET_FLAGS_NO_HINTING = 0x1;
const HB_SUBSET_FLAGS_RETAIN_GIDS = 0x2;
const HB_SUBSET_SETS_DROP_TABLE_TAG = 3;
/** Tables a PDF viewer never reads from an embedded CIDFontType2 (shaping is already done). */
const DROPPED_TABLES = ["GSUB", "GPOS", "GDEF", "BASE", "JSTF", "MATH", "DSIG", "kern", "morx", "meta", "name", "post"];

const tag = (s: string) =>
  ((s.charCodeAt(0) << 24) | (s.charCodeAt(1) << 16) | (s.charCodeAt(2) << 8) | s.charCodeAt(3)) >>> 0;

let subsetter: SubsetExports | undefined;
function getSubsetter(): SubsetExports {
  if (subsetter) return subsetter;
  const require = createRequire(import.meta.url);
  const wasm = readFileSync(require.resolve("harfbuzzjs/dist/harfbuzz-subset.wasm"));
  const instance = new WebAssembly.Instance(new WebAssembly.Module(wasm), {});
  subsetter = instance.exports as unknown as SubsetExports;
  subsetter._initialize?.();
  return subsetter;
}

/** A TrueType font holding only `glyphs` (and what composite glyphs are built from), every glyph
 *  keeping its id (so a CIDToGIDMap can point at the original ids), without hinting or layout tables. */
export function subsetFont(font: LoadedFont, glyphs: Iterable<number>): Uint8Array {
  const s = getSubsetter();
  const input = s.hb_subset_input_create_or_fail();
  if (!input) throw new Error("hb_subset_input_create_or_fail failed");
  try {
    const set = s.hb_subset_input_glyph_set(input);
    for (const g of glyphs) s.hb_set_add(set, g);
    const drop = s.hb_subset_input_set(input, HB_SUBSET_SETS_DROP_TABLE_TAG);
    for (const t of DROPPED_TABLES) s.hb_set_add(drop, tag(t));
    s.hb_subset_input_set_flags(input, HB_SUBSET_FLAGS_NO_HINTING | HB_SUBSET_FLAGS_RETAIN_GIDS);
    const face = s.hb_subset_or_fail(font.subsetFace, input);
    if (!face) throw new Error(`could not subset ${font.postscriptName}`);
    const blob = s.hb_face_reference_blob(face);
    const ptr = s.hb_blob_get_data(blob, 0);
    const len = s.hb_blob_get_length(blob);
    const out = new Uint8Array(s.memory.buffer, ptr, len).slice();
    s.hb_blob_destroy(blob);
    s.hb_face_destroy(face);
    return out;
  } finally {
    s.hb_subset_input_destroy(input);
  }
}

// ---------------------------------------------------------------------------------------------

/** How many font files this process has parsed (tests check that a second invoice parses none). */
export let fontsParsed = 0;

function loadFont(dir: string, script: ScriptKey, bold: boolean): LoadedFont {
  const postscriptName = `${FILES[script]}-${bold ? "Bold" : "Regular"}`;
  const bytes = readFileSync(join(dir, `${postscriptName}.ttf`));
  fontsParsed++;
  const face = new hb.Face(new hb.Blob(bytes));
  const font = new hb.Font(face);
  const upem = face.upem;
  const head = new DataView(face.referenceTable("head")!.slice().buffer);
  const bbox: [number, number, number, number] = [
    head.getInt16(36),
    head.getInt16(38),
    head.getInt16(40),
    head.getInt16(42),
  ];
  const os2 = face.referenceTable("OS/2");
  const os2View = os2 ? new DataView(os2.slice().buffer) : null;
  const capHeight = os2View && os2View.getUint16(0) >= 2 ? os2View.getInt16(88) : Math.round(upem * 0.714);
  const extents = font.hExtents();
  const glyphCount = new DataView(face.referenceTable("maxp")!.slice().buffer).getUint16(4);

  // The subsetter keeps its own copy, in its memory, for the life of the process.
  const s = getSubsetter();
  const ptr = s.malloc(bytes.length);
  new Uint8Array(s.memory.buffer, ptr, bytes.length).set(bytes);
  const blob = s.hb_blob_create(ptr, bytes.length, HB_MEMORY_MODE_READONLY, 0, 0);
  const rawFace = s.hb_face_create(blob, 0);
  s.hb_blob_destroy(blob);
  const subsetFace = s.hb_subset_preprocess(rawFace);
  s.hb_face_destroy(rawFace);

  return {
    key: `${script}-${bold ? "bold" : "regular"}`,
    postscriptName,
    font,
    upem,
    glyphCount,
    unicodes: new Set(face.collectUnicodes()),
    ascent: extents.ascender,
    descent: extents.descender,
    bbox,
    capHeight,
    subsetFace,
  };
}

let fontSet: FontSet | undefined;

/** The process's fonts, each file parsed on first use and kept. */
export function loadFonts(): FontSet {
  if (fontSet) return fontSet;
  const dir = join(projectRoot, "fonts", "noto");
  const cache = new Map<string, LoadedFont>();
  fontSet = {
    get(script, bold) {
      const k = `${script}-${bold ? "bold" : "regular"}`;
      let f = cache.get(k);
      if (!f) {
        f = loadFont(dir, script, bold);
        cache.set(k, f);
      }
      return f;
    },
  };
  return fontSet;
}
