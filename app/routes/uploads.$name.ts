import { contentTypeOf, storedPicture } from "~/models/catalogue/uploads.server";
import type { Route } from "./+types/uploads.$name";

/** Names saveUploads gives: a random id, an optional width, the format. */
const PICTURE_NAME = /^[0-9a-f]{24}(?:-\d{2,4})?\.(?:jpg|png|webp|gif)$/;
const YEAR = "public, max-age=31536000, immutable";

// GET /uploads/:name, for pictures kept in PostgreSQL (on SQLite the HTTP server sends the files
// of UPLOAD_DIR before the app runs). A stored picture never changes: its name is its ETag, and
// browsers keep it for a year.
export async function loader({ params, request }: Route.LoaderArgs) {
  const name = params.name;
  const etag = `"${name}"`;
  const picture = PICTURE_NAME.test(name) ? await storedPicture(name) : undefined;
  if (!picture)
    return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const headers = { "Content-Type": contentTypeOf(name), "Cache-Control": YEAR, ETag: etag };
  if (
    request.headers
      .get("If-None-Match")
      ?.split(/\s*,\s*/)
      .includes(etag)
  )
    return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(picture.bytes), {
    headers: { ...headers, "Content-Length": String(picture.bytes.length) },
  });
}
