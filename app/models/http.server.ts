/** JSON answers of the /api door: errors are always `{ message }`. */
export function json(body: unknown, status = 200, headers?: HeadersInit): Response {
  return Response.json(body, { status, headers });
}

export function apiError(status: number, message: string): Response {
  return json({ message }, status);
}

export const methodNotAllowed = () => apiError(405, "Method not allowed");

/**
 * The body of an /api call as a plain object: JSON, or a urlencoded/multipart form.
 * Anything unreadable is a 400, thrown as a Response.
 */
export async function readBody(request: Request): Promise<Record<string, unknown>> {
  const type = request.headers.get("Content-Type") ?? "";
  try {
    if (type.includes("application/x-www-form-urlencoded") || type.includes("multipart/form-data")) {
      return Object.fromEntries(await request.formData());
    }
    const text = await request.text();
    if (text.trim() === "") return {};
    const value: unknown = JSON.parse(text);
    if (value === null || typeof value !== "object" || Array.isArray(value)) throw new Error("not an object");
    return value as Record<string, unknown>;
  } catch {
    throw apiError(400, "Request body must be a JSON object.");
  }
}
