import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { loginSchema } from "~/lib/auth-schemas";
import { PRODUCT_FORM_FIELDS } from "~/models/catalogue/product-form.server";
import { FORM_ENTRIES_MAX, FORM_UNREADABLE, formFields, readForm } from "~/utils/http.server";

// Issue #20: hostile field names reached conform's parseWithZod, which built a 100-million-entry
// array for `x[100000000]`, overflowed the stack on `x.a.a…` and spent seconds merging 40,000
// repeats of one name. readForm keeps only the names an action reads, before any parser.

const LOGIN = formFields(loginSchema);

const post = (body: string | FormData, type = "application/x-www-form-urlencoded") =>
  new Request("http://shop.test/login", {
    method: "POST",
    body,
    ...(typeof body === "string" ? { headers: { "Content-Type": type } } : {}),
  });

/** The status of the Response (react-router's `data()`) that readForm throws. */
async function refusal(promise: Promise<unknown>): Promise<{ status: number; message: unknown }> {
  try {
    await promise;
  } catch (error) {
    const e = error as { init?: { status?: number }; data?: unknown };
    return { status: e.init?.status ?? 0, message: e.data };
  }
  throw new Error("readForm did not refuse");
}

/** Times `fn` and returns its result with the milliseconds it took. */
async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await fn();
  return [result, performance.now() - started];
}

describe("readForm", () => {
  it("keeps the fields the action reads and drops every other name", async () => {
    const form = await readForm(post("email=a%40b.c&password=x&redirect=%2Fcart&isAdmin=1&__proto__=1"), LOGIN);
    expect([...form.keys()]).toEqual(["email", "password", "redirect"]);
    expect(form.get("email")).toBe("a@b.c");
  });

  it("keeps the first value of a field and a list's values up to its count", async () => {
    const form = await readForm(post("email=first&email=second&password=x"), LOGIN);
    expect(form.getAll("email")).toEqual(["first"]);
    const images = Array.from({ length: 150 }, (_, i) => `images=%2Fuploads%2F${i}.png`).join("&");
    const editor = await readForm(post(`name=Jar&price=1&${images}`), PRODUCT_FORM_FIELDS);
    expect(editor.getAll("images")).toHaveLength(PRODUCT_FORM_FIELDS.images!);
    expect(PRODUCT_FORM_FIELDS.images).toBeGreaterThan(22); // "this would make 22" counts what was chosen
  });

  it("keeps uploaded files, named, in a multipart form", async () => {
    const body = new FormData();
    body.append("name", "Jar");
    body.append("gallery", new File([new Uint8Array([1, 2, 3])], "a.png", { type: "image/png" }));
    body.append("gallery[99999999]", new File([new Uint8Array([4])], "b.png", { type: "image/png" }));
    const form = await readForm(post(body), PRODUCT_FORM_FIELDS);
    const files = form.getAll("gallery") as File[];
    expect(files.map((f) => [f.name, f.size])).toEqual([["a.png", 3]]);
  });

  it.each([
    ["a huge index", "x[100000000]=1&email=a@b.c&password=x"],
    ["a huge index on a known name", "email[100000000]=1&email=a@b.c&password=x"],
    ["20,000 levels of .a", `x${".a".repeat(20_000)}=1&email=a@b.c&password=x`],
    ["20,000 levels of [0]", `x${"[0]".repeat(20_000)}=1&email=a@b.c&password=x`],
  ])("answers %s in milliseconds, and the form parses as the user's own", async (_, body) => {
    const [submission, ms] = await timed(async () =>
      parseWithZod(await readForm(post(body), LOGIN), { schema: loginSchema }),
    );
    expect(submission.status).toBe("success");
    expect(ms).toBeLessThan(1_000); // a hang guard, not a speed test: unbounded, these took 8-70 s
  });

  it("refuses more entries than any form of ours has with a 400, at once", async () => {
    const [answer, ms] = await timed(() => refusal(readForm(post("a=1&".repeat(100_000)), LOGIN)));
    expect(answer).toEqual({ status: 400, message: FORM_UNREADABLE });
    expect(ms).toBeLessThan(1_000);
    const distinct = Array.from({ length: FORM_ENTRIES_MAX + 1 }, (_, i) => `f${i}=1`).join("&");
    expect((await refusal(readForm(post(distinct), LOGIN))).status).toBe(400);
    const atTheLimit = Array.from({ length: FORM_ENTRIES_MAX }, (_, i) => `f${i}=1`).join("&");
    expect([...(await readForm(post(atTheLimit), LOGIN)).keys()]).toEqual([]);
  });

  it("refuses a body that is not a form: 415 for another type, 400 for a broken multipart", async () => {
    expect((await refusal(readForm(post('{"email":"a"}', "application/json"), LOGIN))).status).toBe(415);
    expect((await refusal(readForm(post("--x\r\nnot a part", "multipart/form-data; boundary=y"), LOGIN))).status).toBe(
      400,
    );
  });
});
