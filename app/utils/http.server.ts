import { data } from "react-router";

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

export const FORM_UNREADABLE = "This form could not be read. Please reload the page and try again.";

/**
 * The body of an HTML form post. A body that is not a form (JSON, text, a broken multipart) is
 * a client error: 415 or 400 with a page that says so, never a 500 from `request.formData()`.
 */
export async function readForm(request: Request): Promise<FormData> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!/^\s*(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i.test(type)) {
    throw data(FORM_UNREADABLE, { status: 415 });
  }
  try {
    return await request.formData();
  } catch {
    throw data(FORM_UNREADABLE, { status: 400 });
  }
}
