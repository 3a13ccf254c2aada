import { pingDatabase } from "~/db/client.server";

// GET /healthz: 200 when the database answers, 503 otherwise. Never cached.
export async function loader() {
  try {
    await pingDatabase();
    return Response.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } });
  } catch {
    return Response.json(
      { status: "error", message: "Database unreachable" },
      { status: 503, headers: { "Cache-Control": "no-store" } },
    );
  }
}
