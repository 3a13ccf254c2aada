import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import sharp from "sharp";
import { demoPicture } from "~/demo/candle-svg.server";
import { type DemoProduct, demoProducts } from "~/demo/catalogue";
import { svgToWebp } from "~/demo/webp.server";
import { DEMO_WIDTHS } from "~/lib/image-variants";
import { slugify } from "~/utils/slug.server";
import type { Route } from "./+types/images.demo.$file";

type Encoding = "br" | "gzip" | "identity";
type Bytes = Uint8Array<ArrayBuffer>;
/** Each picture drawn once per worker, and compressed once per encoding, at the best ratio. */
const kept = new Map<string, { identity: Bytes; br?: Bytes; gzip?: Bytes }>();
/** The WebP copies, each made once per worker. */
const webps = new Map<string, Promise<Bytes>>();

function pictureBytes(file: string, product: DemoProduct, n: number, encoding: Encoding): Bytes {
  let copies = kept.get(file);
  if (!copies) kept.set(file, (copies = { identity: new TextEncoder().encode(demoPicture(product, n)) }));
  if (encoding === "identity") return copies.identity;
  const svg = copies.identity;
  return (copies[encoding] ??= new Uint8Array(
    encoding === "br"
      ? brotliCompressSync(svg, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
      : gzipSync(svg, { level: 9 }),
  ));
}

/** br, else gzip, else none, as Accept-Encoding allows (q=0 refuses). */
function encodingFor(request: Request): Encoding {
  const offered = new Set(
    (request.headers.get("accept-encoding") ?? "")
      .split(",")
      .map((part) =>
        part
          .trim()
          .toLowerCase()
          .split(/\s*;\s*/),
      )
      .filter(([, q]) => !q || !/^q=0(\.0*)?$/.test(q))
      .map(([name]) => name),
  );
  return offered.has("br") ? "br" : offered.has("gzip") ? "gzip" : "identity";
}

/** Each PNG copy drawn once per worker. */
const pngs = new Map<string, Promise<Bytes>>();

/**
 * A picture as a 1200 × 1200 PNG, for link previews (Open Graph): WhatsApp, Facebook and most
 * chat apps show no SVG. Only the page's og:image asks for it.
 */
function pngBytes(file: string, product: DemoProduct, n: number): Promise<Bytes> {
  let png = pngs.get(file);
  if (!png) {
    png = sharp(Buffer.from(demoPicture(product, n)), { density: 144 })
      .png({ compressionLevel: 9, palette: true })
      .toBuffer()
      .then((b) => new Uint8Array(b));
    pngs.set(file, png);
  }
  return png;
}

// The demo catalogue's pictures, drawn on request from the product's data and cached for a year
// (they never change): the SVG, sent compressed here (so the compression middleware leaves it
// alone), a WebP copy at one of DEMO_WIDTHS, or the 1200 px PNG of link previews.
export async function loader({ params, request }: Route.LoaderArgs) {
  const match = /^([a-z0-9-]+)-([1-4])(?:-(\d+)\.webp|\.svg|(\.png))$/.exec(params.file);
  const product = match && demoProducts.find((p) => slugify(p.name) === match[1]);
  const width = match?.[3] ? Number(match[3]) : null;
  if (!match || !product || (width !== null && !(DEMO_WIDTHS as readonly number[]).includes(width)))
    return new Response("Not found", { status: 404 });
  const headers = {
    Vary: "Accept-Encoding",
    "Cache-Control": "public, max-age=31536000, immutable",
    "X-Content-Type-Options": "nosniff",
  };
  if (match[4])
    return new Response(await pngBytes(params.file, product, Number(match[2])), {
      headers: { ...headers, "Content-Type": "image/png" },
    });
  if (width !== null) {
    let webp = webps.get(params.file);
    if (!webp) webps.set(params.file, (webp = svgToWebp(demoPicture(product, Number(match[2])), width)));
    return new Response(await webp, { headers: { ...headers, "Content-Type": "image/webp" } });
  }
  const encoding = encodingFor(request);
  const body = pictureBytes(params.file, product, Number(match[2]), encoding);
  return new Response(body, {
    headers: {
      ...headers,
      "Content-Type": "image/svg+xml",
      ...(encoding === "identity" ? {} : { "Content-Encoding": encoding }),
    },
  });
}
