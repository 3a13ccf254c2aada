import { deflateSync } from "node:zlib";
import { type PDFContext, PDFContentStream, type PDFDocument, PDFRawStream } from "pdf-lib";

// pdf-lib deflates its streams with pako, in JavaScript: in a rush's profile (issue #52) that was a
// third of an invoice's CPU, on the thread that draws every order's invoice. Node's zlib makes the
// same FlateDecode stream natively in about a fifth of the time, so the shop's documents deflate
// through it: our own streams (fonts, maps) here, and the pages' content streams at save.

/** A stream of `bytes`, deflated by zlib (pdf-lib's `context.flateStream`, natively). */
export function flateStream(
  ctx: PDFContext,
  bytes: Uint8Array | string,
  dict: Record<string, number> = {},
): PDFRawStream {
  return ctx.stream(deflateSync(bytes), { ...dict, Filter: "FlateDecode" });
}

/**
 * The document's bytes, its pages' content streams deflated by zlib. Its object streams still go
 * through pako (pdf-lib makes them while saving): under 1 ms, and they keep an invoice 4 KB smaller.
 */
export async function savePdf(doc: PDFDocument): Promise<Uint8Array> {
  const ctx = doc.context;
  for (const [ref, object] of ctx.enumerateIndirectObjects()) {
    if (object instanceof PDFContentStream) {
      // The stream's dictionary already says FlateDecode (pdf-lib set it, meaning to deflate).
      ctx.assign(ref, PDFRawStream.of(object.dict, deflateSync(object.getUnencodedContents())));
    }
  }
  return doc.save({ useObjectStreams: true });
}
