// The demo drawings as WebP (app/lib/image-variants.ts says why): drawn from the SVG by sharp,
// which renders the labels with the machine's fonts (fontconfig); a server with none shows the
// drawings without their label text, and the SVG stays the fallback.
import sharp from "sharp";

export async function svgToWebp(svg: string, width: number): Promise<Uint8Array<ArrayBuffer>> {
  // Rasterised at the density that gives `width` pixels, so the text and edges stay sharp.
  const bytes = await sharp(Buffer.from(svg), { density: (72 * width) / 600 })
    .resize(width)
    .webp({ quality: 70 })
    .toBuffer();
  return new Uint8Array(bytes);
}
