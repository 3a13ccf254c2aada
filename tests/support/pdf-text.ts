import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PDFDocument } from "pdf-lib";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

/**
 * Test helpers that read back the text of a PDF with pdf.js (pdfjs-dist, Mozilla's reader, the one
 * Firefox uses): the text is what pdf.js extracts from the fonts' ToUnicode maps, nothing of ours.
 *
 * pdfText groups pdf.js's text items into lines for readable assertions: the items of one
 * marked-content span (our PDFs wrap every drawn string in one) make one piece; pieces on the
 * same baseline, in drawing order, are joined by one space, and a change of baseline or of page
 * starts a new line. Whitespace inside a piece is collapsed.
 */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const doc = await getDocument({
    data: new Uint8Array(bytes), // pdf.js takes ownership of the buffer
    verbosity: 0,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
  }).promise;
  const lines: string[] = [];
  try {
    for (let p = 1; p <= doc.numPages; p++) {
      const page = await doc.getPage(p);
      const content = await page.getTextContent({ includeMarkedContent: true });
      const pieces: { str: string; y: number | null }[] = [];
      let current: { str: string; y: number | null } | null = null;
      for (const item of content.items) {
        if ("type" in item) {
          if (item.type === "beginMarkedContent" || item.type === "beginMarkedContentProps") {
            current = { str: "", y: null };
            pieces.push(current);
          } else if (item.type === "endMarkedContent") current = null;
          continue;
        }
        const piece = current ?? { str: "", y: null };
        if (!current) pieces.push(piece);
        piece.str += item.str;
        if (piece.y === null && item.str !== "") piece.y = item.transform[5] as number;
      }
      let lineY: number | null = null;
      let line: string[] = [];
      for (const { str, y } of pieces) {
        const s = str.replace(/\s+/g, " ").trim();
        if (s === "") continue;
        if (lineY !== null && y !== null && Math.abs(lineY - y) > 0.01) {
          lines.push(line.join(" "));
          line = [];
        }
        line.push(s);
        lineY = y;
      }
      if (line.length) lines.push(line.join(" "));
    }
  } finally {
    await doc.destroy();
  }
  return lines.join("\n");
}

/** The text Poppler's pdftotext (poppler-utils) extracts, which honours /ActualText; null when
 *  pdftotext is not installed. */
export function popplerText(bytes: Uint8Array): string | null {
  if (!existsSync("/usr/bin/pdftotext")) return null;
  const dir = mkdtempSync(join(tmpdir(), "pdftotext-"));
  try {
    const file = join(dir, "in.pdf");
    writeFileSync(file, bytes);
    return execFileSync("/usr/bin/pdftotext", ["-enc", "UTF-8", file, "-"], { encoding: "utf8" });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Number of pages, as pdf-lib reads the document back. */
export async function pdfPageCount(bytes: Uint8Array): Promise<number> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  return doc.getPageCount();
}
