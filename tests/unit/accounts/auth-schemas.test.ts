import { describe, expect, it } from "vitest";
import {
  EMAIL_INVALID,
  FORM_INVALID,
  LOGIN_REQUIRED,
  loginSchema,
  PASSWORD_SHORT,
  PHONE_HINT,
  PHONE_INVALID,
  REGISTER_INCOMPLETE,
  registerSchema,
  registerSummary,
  safeRedirect,
} from "~/lib/auth-schemas";
import { firstName } from "~/utils/greeting.server";

const valid = { name: "  Asha Rao ", email: "  Asha.Rao@Example.COM ", phone: "+91 98765 43210", password: "secret1" };

function summaryOf(input: Record<string, unknown>) {
  const r = registerSchema.safeParse(input);
  expect(r.success).toBe(false);
  const errors = Object.fromEntries(r.error!.issues.map((i) => [String(i.path[0]), [i.message]]));
  return { summary: registerSummary(input, errors), errors };
}

describe("spec texts are verbatim", () => {
  it("uses the non-breaking hyphen and en dash of the product's texts", () => {
    expect(REGISTER_INCOMPLETE).toBe("Please enter valid name, email, 10‑digit phone (no +91/0), and password.");
    expect(PHONE_INVALID).toBe("Phone must be 10 digits and start with 6–9.");
    expect(PHONE_HINT).toBe("Enter 10‑digit mobile without +91/0 (starts 6–9)");
    expect(FORM_INVALID).toBe("Please fill all fields correctly");
    expect(LOGIN_REQUIRED).toBe("Email and password required");
  });
});

describe("registerSchema", () => {
  it("trims the name, trims and lower-cases the email, normalises the phone", () => {
    const r = registerSchema.parse(valid);
    expect(r).toEqual({ name: "Asha Rao", email: "asha.rao@example.com", phone: "9876543210", password: "secret1" });
  });

  it("does not trim the password", () => {
    expect(registerSchema.parse({ ...valid, password: " abcde " }).password).toBe(" abcde ");
  });

  it.each([
    [{ ...valid, name: "" }],
    [{ ...valid, name: "   " }],
    [{ ...valid, email: undefined }],
    [{ ...valid, phone: "" }],
    [{ ...valid, password: undefined }],
    [{}],
  ])("a missing field gives the spec's 'Please enter valid …' summary (%#)", (input) => {
    expect(summaryOf(input).summary).toBe(REGISTER_INCOMPLETE);
  });

  it.each(["12345", "5876543210", "+1 202 555 0100", "98765432"])(
    "phone %j is refused with the spec's phone text",
    (phone) => {
      const { summary, errors } = summaryOf({ ...valid, phone });
      expect(errors.phone).toEqual([PHONE_INVALID]);
      expect(summary).toBe(PHONE_INVALID);
    },
  );

  it("a short password is refused: field text and 'Please fill all fields correctly'", () => {
    const { summary, errors } = summaryOf({ ...valid, password: "12345" });
    expect(errors.password).toEqual([PASSWORD_SHORT]);
    expect(summary).toBe(FORM_INVALID);
  });

  it("accepts exactly 6 password characters", () => {
    expect(registerSchema.safeParse({ ...valid, password: "123456" }).success).toBe(true);
  });

  it("a bad email is refused", () => {
    const { summary, errors } = summaryOf({ ...valid, email: "not-an-email" });
    expect(errors.email).toEqual([EMAIL_INVALID]);
    expect(summary).toBe(FORM_INVALID);
  });

  it("non-string values are refused, not coerced", () => {
    expect(summaryOf({ ...valid, phone: 9876543210 }).summary).toBe(REGISTER_INCOMPLETE);
  });
});

describe("loginSchema", () => {
  it("lower-cases and trims the email", () => {
    expect(loginSchema.parse({ email: " A@B.CO ", password: "x" }).email).toBe("a@b.co");
  });
  it.each([
    {},
    { email: "a@b.co" },
    { password: "x" },
    { email: "  ", password: "x" },
    { email: "a@b.co", password: "" },
  ])("requires both fields (%j)", (input) => {
    const r = loginSchema.safeParse(input);
    expect(r.success).toBe(false);
    expect(r.error!.issues.every((i) => i.message === LOGIN_REQUIRED)).toBe(true);
  });
});

describe("safeRedirect", () => {
  it.each([
    ["/orders?o=1", "/orders?o=1"],
    ["/", "/"],
    [null, "/"],
    ["", "/"],
    ["https://evil.example", "/"],
    ["//evil.example", "/"],
    ["/\\evil.example", "/"],
    ["javascript:alert(1)", "/"],
  ])("%j → %j", (to, expected) => {
    expect(safeRedirect(to)).toBe(expected);
  });
  it("uses the given fallback", () => {
    expect(safeRedirect(undefined, "/admin")).toBe("/admin");
  });
});

describe("firstName", () => {
  it("takes the first word of the name, else of the email", () => {
    expect(firstName("  Asha Rao ", "a@b.co")).toBe("Asha");
    expect(firstName("", "meera.k@example.com")).toBe("meera.k");
    expect(firstName(null, "x@y.z")).toBe("x");
  });
});

describe("safeRedirect refuses what browsers would turn into another site, or a header cannot carry", () => {
  it.each([
    "/https://evil.example/",
    "/..//evil.example",
    "/./%2e%2e//evil.example",
    "/a/../b",
    "/%2E%2E/x",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r\n/x",
    "/ /x",
    "/कुछ",
    "/\u007f",
    "/a\\b",
  ])("%j → /", (to) => {
    expect(safeRedirect(to)).toBe("/");
  });
  it("keeps ordinary, percent-encoded paths", () => {
    expect(safeRedirect("/shop?q=rose%20garden&sort=price-asc")).toBe("/shop?q=rose%20garden&sort=price-asc");
  });
});
