// Property tests of the auth schemas: registration and login.
// Checked as tests/support/schema-properties.ts says, with values from tests/support/hostile-values.ts.
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { loginSchema, registerSchema } from "~/lib/auth-schemas";
import {
  blank,
  body,
  email,
  field,
  name,
  over,
  password,
  phone,
  type Sample,
  validEmail,
  validPhone,
} from "../../support/hostile-values";
import { checkSchema, EMAIL_SHAPE, expectNoPollution, isTrimmed, keysWithin } from "../../support/schema-properties";

afterEach(expectNoPollution);

const register: Sample = {
  valid: fc.record({
    name,
    email: validEmail,
    phone: validPhone,
    password: fc.string({ minLength: 6, maxLength: 30 }),
  }),
  edges: {
    name: fc.oneof(blank, over(80)),
    email: fc.constantFrom("not-an-email", "a@b", "@b.co", "a b@c.co", `${"x".repeat(250)}@b.co`, "a@b.co\u200B"),
    phone: fc.oneof(
      fc.constantFrom(
        "5876543210",
        "0000000000",
        "98765",
        "+1 555 123 4567",
        "٩٨٧٦٥٤٣٢١٠",
        "９８７６５４３２１０",
        "1234567890",
      ),
      fc.stringMatching(/^[0-5][0-9]{9}$/),
      fc.stringMatching(/^[0-9]{1,9}$/),
    ),
    password: fc.constantFrom("", "12345", "x".repeat(201)),
  },
};
const login: Sample = {
  valid: fc.record({ email: validEmail, password: fc.string({ minLength: 1, maxLength: 30 }) }),
  edges: { email: blank, password: fc.constantFrom(""), redirect: fc.constantFrom("//evil.example", 5, null) },
};

describe("auth schemas", () => {
  it("registerSchema: never throws; a success has a trimmed name, a lower-case trimmed email, a 6-9 mobile and a 6-200 char password", () => {
    checkSchema(
      body({ name: field(name), email: field(email), phone: field(phone), password: field(password) }),
      (v) => registerSchema.safeParse(v),
      (d) => {
        keysWithin(d, ["name", "email", "phone", "password"]);
        expect(typeof d.name).toBe("string");
        expect(isTrimmed(d.name)).toBe(true);
        expect(d.name.length).toBeGreaterThanOrEqual(1);
        expect(d.name.length).toBeLessThanOrEqual(80);
        expect(d.email).toBe(d.email.trim().toLowerCase());
        expect(d.email.length).toBeLessThanOrEqual(254);
        expect(d.email).toMatch(EMAIL_SHAPE);
        expect(d.phone).toMatch(/^[6-9]\d{9}$/);
        expect(typeof d.password).toBe("string");
        expect(d.password.length).toBeGreaterThanOrEqual(6);
        expect(d.password.length).toBeLessThanOrEqual(200);
      },
      register,
    );
  });

  it("loginSchema: never throws; a success has a non-empty lower-case trimmed email and a non-empty password", () => {
    checkSchema(
      body({
        email: field(email),
        password: field(password),
        redirect: field(fc.constantFrom("/orders", "//evil.example", "https://evil.example")),
      }),
      (v) => loginSchema.safeParse(v),
      (d) => {
        keysWithin(d, ["email", "password", "redirect"]);
        expect(d.email.length).toBeGreaterThan(0);
        expect(d.email).toBe(d.email.trim().toLowerCase());
        expect(typeof d.password).toBe("string");
        expect(d.password.length).toBeGreaterThan(0);
        expect(d.redirect === undefined || typeof d.redirect === "string").toBe(true);
      },
      login,
    );
  });
});
