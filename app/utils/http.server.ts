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
 * The fields an HTML form of ours sends: each name its action reads, with how many values of it
 * are kept (1 for a field; for a list, enough that its own "at most N" message counts what was sent).
 */
export type FormFields = Readonly<Record<string, number>>;

/** Each field of `schema` once, and `extra` (buttons, tokens, lists). */
export function formFields(schema: { shape: Record<string, unknown> }, extra: FormFields = {}): FormFields {
  return { ...Object.fromEntries(Object.keys(schema.shape).map((name) => [name, 1])), ...extra };
}

/** Far more entries than any form of ours has: such a body is not one of our forms. */
export const FORM_ENTRIES_MAX = 1000;

/**
 * The body of an HTML form post, holding only the `fields` its action knows (docs/decisions/0007).
 * A body that is not a form (JSON, text, a broken multipart) is a client error: 415 or 400 with a
 * page that says so, never a 500 from `request.formData()`. Names the form does not have are
 * dropped before any parser sees them, and so are values past a field's count: conform's
 * parseWithZod builds arrays and objects from names like `x[100000000]` or `a.b.c…` and merges
 * repeats one by one, which a hostile name turns into seconds of CPU, a heap exhausted or a stack
 * overflow. More than FORM_ENTRIES_MAX entries is a 400.
 */
export async function readForm(request: Request, fields: FormFields): Promise<FormData> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!/^\s*(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i.test(type)) {
    throw data(FORM_UNREADABLE, { status: 415 });
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw data(FORM_UNREADABLE, { status: 400 });
  }
  const kept = new FormData();
  const counts = new Map<string, number>();
  let entries = 0;
  for (const [name, value] of form) {
    if (++entries > FORM_ENTRIES_MAX) throw data(FORM_UNREADABLE, { status: 400 });
    const most = Object.hasOwn(fields, name) ? (fields[name] ?? 0) : 0;
    const seen = counts.get(name) ?? 0;
    if (seen >= most) continue;
    counts.set(name, seen + 1);
    kept.append(name, value);
  }
  return kept;
}

/**
 * A form that comes back refused: the page with its messages, under a 4xx status, so a plain
 * client (a text browser, a script) can tell it from a success, which is always a redirect.
 */
export function refused<T>(body: T, status: 400 | 401 | 409 | 429 = 400) {
  return data(body, { status });
}

/**
 * `response` with `name` set (Vary: added to), or a copy where its headers cannot change
 * (Response.redirect() makes immutable headers).
 */
export function withHeader(response: Response, name: string, value: string): Response {
  const set = (headers: Headers) => (name === "Vary" ? headers.append(name, value) : headers.set(name, value));
  try {
    set(response.headers);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    set(copy.headers);
    return copy;
  }
}
