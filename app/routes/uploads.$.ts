import { readFile } from "node:fs/promises";
import { join, normalize, sep } from "node:path";
import type { Route } from "./+types/uploads.$";
import { env } from "~/env.server";
import { detectImageType, IMAGE_CONTENT_TYPES } from "~/lib/image-type";

// The production server (app/server.ts) serves /uploads/ itself; this route does it under
// `react-router dev`, with the same headers.
export async function loader({ params }: Route.LoaderArgs) {
  const file = normalize(join(env.uploadDir, params["*"] ?? ""));
  if (!file.startsWith(env.uploadDir + sep)) return new Response("Not found", { status: 404 });
  try {
    const bytes = await readFile(file);
    const type = detectImageType(bytes);
    if (!type) return new Response("Not found", { status: 404 });
    return new Response(bytes, {
      headers: { "Content-Type": IMAGE_CONTENT_TYPES[type], "Cache-Control": "public, max-age=31536000, immutable", "X-Content-Type-Options": "nosniff" },
    });
  } catch {
    return new Response("Not found", { status: 404 });
  }
}
