import { demoProducts } from "~/db/demo-catalogue";
import { demoPicture } from "~/utils/candle-svg.server";
import { slugify } from "~/utils/slug.server";
import type { Route } from "./+types/images.demo.$file";

// The demo catalogue's pictures, drawn on request from the product's data and cached for a year
// (they never change).
export function loader({ params }: Route.LoaderArgs) {
  const match = /^([a-z0-9-]+)-([1-4])\.svg$/.exec(params.file);
  const product = match && demoProducts.find((p) => slugify(p.name) === match[1]);
  if (!match || !product) return new Response("Not found", { status: 404 });
  return new Response(demoPicture(product, Number(match[2])), {
    headers: {
      "Content-Type": "image/svg+xml",
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
