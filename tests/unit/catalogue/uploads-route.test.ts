// GET /uploads/:name from the database (app/routes/uploads.$name.ts): how PostgreSQL serves the
// pictures it keeps (on SQLite the HTTP server sends UPLOAD_DIR's files before the app runs, and
// this route answers only what no file matched). Runs on both databases: the same table and SQL.
import { describe, expect, it } from "vitest";
import { writeTransaction } from "~/db/client.server";
import { pictures } from "~/db/schema";
import { loader } from "~/routes/uploads.$name";

const NAME = "0123456789abcdef01234567-480.png";
const BYTES = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

const get = (name: string, headers: Record<string, string> = {}) =>
  loader({
    params: { name },
    request: new Request(`http://localhost/uploads/${name}`, { headers }),
    context: {},
  } as unknown as Parameters<typeof loader>[0]);

describe("GET /uploads/:name", () => {
  it("sends a stored picture with its type, length and name as ETag, kept a year; 304 when the browser has it", async () => {
    await writeTransaction((tx) => tx.insert(pictures).values({ name: NAME, type: "image/png", bytes: BYTES }));
    const res = await get(NAME);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("image/png");
    expect(res.headers.get("Content-Length")).toBe(String(BYTES.length));
    expect(res.headers.get("ETag")).toBe(`"${NAME}"`);
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(Buffer.from(await res.arrayBuffer())).toEqual(BYTES);

    const again = await get(NAME, { "If-None-Match": `W/"other", "${NAME}"` });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect((await get(NAME, { "If-None-Match": '"other"' })).status).toBe(200);
  });

  it("is 404, as text, for a name no upload has and for a name saveUploads never gives", async () => {
    for (const name of ["fedcba9876543210fedcba98.webp", "../etc/passwd", "logo.svg", `${NAME}.exe`]) {
      const res = await get(name);
      expect(res.status, name).toBe(404);
      expect(res.headers.get("Content-Type"), name).toBe("text/plain; charset=utf-8");
      expect(await res.text(), name).toBe("Not found");
    }
  });
});
