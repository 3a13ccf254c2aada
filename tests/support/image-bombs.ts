import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { deflateSync } from "node:zlib";
import sharp from "sharp";
import { pngChunk } from "./images";

/**
 * Pictures an attacker would upload to exhaust a worker's memory or time (issue #20): headers
 * that declare far more pixels than they carry, and real images of one colour that compress a
 * few hundred million pixels into a few hundred KB. Shared by the unit and e2e upload tests.
 */

/**
 * A PNG whose IHDR (with a valid CRC) declares width × height RGB pixels, followed by one
 * scanline of data: a decoder that trusts the header allocates for all of it.
 */
export function pngHeaderBomb(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", ihdr),
    pngChunk("IDAT", deflateSync(Buffer.alloc(1 + width * 3))),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/**
 * A real, whole picture of one colour: every pixel is there to decode, yet it compresses to
 * little: 20,000 × 20,000 is 1.2 MB as a PNG, 2.3 MB as a JPEG; 16,383 × 16,383 (the most a
 * WebP can hold) is 38 bytes as a lossless WebP.
 */
export async function solidImage(format: "png" | "jpeg" | "webp", width: number, height: number): Promise<Buffer> {
  // Encoding 400 megapixels takes sharp about 14 s of a core, and the unit, request and browser
  // upload tests each want the same ones: the first to need one keeps it in the temp dir for the
  // rest (issue #51), under sharp's version, as tests/e2e/support/server.ts keeps its template.
  const kept = join(tmpdir(), `candle-solid-${sharp.versions.sharp}-${format}-${width}x${height}`);
  if (existsSync(kept)) return readFileSync(kept);
  // sharp's default limit (0x3FFF² pixels) applies to a created image too.
  const img = sharp({ create: { width, height, channels: 3, background: "#fff" }, limitInputPixels: false });
  const bytes =
    format === "png"
      ? await img.png({ compressionLevel: 9 }).toBuffer()
      : format === "jpeg"
        ? await img.jpeg({ quality: 50 }).toBuffer()
        : await img.webp({ lossless: true, effort: 0 }).toBuffer();
  // Written whole, then renamed: another process may be reading or making the same one.
  const partial = `${kept}.${process.pid}.partial`;
  writeFileSync(partial, bytes);
  renameSync(partial, kept);
  return bytes;
}

/**
 * An animated WebP of two 16 × 16 frames whose VP8X canvas says width × height: the decoder
 * composes every frame onto a canvas of that size. WebP allows a canvas of up to 2^24 a side
 * (and 2^32 pixels) for animations; RIFF has no checksum to fix.
 */
export async function webpCanvasBomb(width: number, height: number): Promise<Buffer> {
  // Two frames of different colours: libwebp would merge identical ones into a still image.
  const pixels = Buffer.alloc(16 * 32 * 3, 0xff).fill(0x20, 0, 16 * 16 * 3);
  const frames = sharp(pixels, { raw: { width: 16, height: 32, channels: 3, pageHeight: 16 } });
  const bytes = await frames.webp({ loop: 0 }).toBuffer();
  if (bytes.toString("latin1", 12, 16) !== "VP8X") throw new Error("expected an extended (VP8X) WebP");
  bytes.writeUIntLE(width - 1, 24, 3);
  bytes.writeUIntLE(height - 1, 27, 3);
  return bytes;
}

/**
 * A GIF whose logical screen is width × height, with `frames` frames of 1 × 1 pixel each, each
 * shown for 1/100 s: 23 bytes a frame, so 5 MB holds about 200,000 of them. Every frame is
 * composed onto the whole screen when decoded.
 */
export function gifBomb(width: number, height: number, frames = 1): Buffer {
  const head = Buffer.from([
    ...Buffer.from("GIF89a", "latin1"),
    width & 0xff,
    width >> 8,
    height & 0xff,
    height >> 8,
    0x80, // a global colour table of 2 colours
    0,
    0,
    ...[0xff, 0xff, 0xff, 0, 0, 0],
    // NETSCAPE2.0: loop for ever
    ...[0x21, 0xff, 0x0b, ...Buffer.from("NETSCAPE2.0", "latin1"), 0x03, 0x01, 0, 0, 0],
  ]);
  const frame = Buffer.from([
    ...[0x21, 0xf9, 0x04, 0x00, 0x01, 0x00, 0x00, 0x00], // graphic control: 1/100 s
    ...[0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0], // image descriptor: 1 × 1 at (0, 0)
    ...[0x02, 0x02, 0x44, 0x01, 0x00], // LZW data: one pixel of colour 0
  ]);
  return Buffer.concat([head, ...Array.from({ length: frames }, () => frame), Buffer.from([0x3b])]);
}
