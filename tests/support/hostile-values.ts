// The values the property tests (tests/unit/**/*.property.test.ts) feed the shop's schemas and
// parsers: hostile values of every kind, plausible values of its fields, and bodies made of them.
// How a property is checked is in schema-properties.ts.
import fc from "fast-check";

// --- Hostile values -------------------------------------------------------------------------

export const HUGE = "x".repeat(100_000);
const HUGE_DIGITS = "9".repeat(100_000);
const HUGE_EMOJI = "🕯️".repeat(30_000);

const NASTY_STRINGS = [
  "",
  " ",
  "\t\n\r",
  "\u0000",
  "\u200B",
  "\u200B9876543210",
  "98765\u200B43210",
  "\u200E\u200F",
  "\u202Eevil\u202C",
  "\uFEFF",
  "\uD800",
  "\uDFFF",
  "😀🔥",
  "👨‍👩‍👧‍👦",
  "मोमबत्ती",
  "مرحبا بالعالم",
  "שלום",
  "١٢٣٤٥٦",
  "٩٨٧٦٥٤٣٢١٠",
  "９８７６５４３２１０",
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "//evil.example/x.png",
  "/\\evil.example",
  "' OR 1=1 --",
  "'; DROP TABLE users; --",
  "1; DELETE FROM orders",
  "%' AND 1=1 AND '%'='",
  "%00",
  "../../etc/passwd",
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "NaN",
  "Infinity",
  "-Infinity",
  "-1",
  "-0",
  "0",
  "0.001",
  "-0.004",
  "1e309",
  "1e-7",
  "0x10",
  "0b101",
  "1.5",
  "5.0000000001",
  "99999999999999999999",
  "9007199254740993",
  "  9876543210 ",
  "+91 98765 43210",
  "09876543210",
  "919876543210",
  "5876543210",
  "a@b.co",
  " A@B.CO ",
  "a@b",
  "@b.co",
  "a b@c.co",
  "110001",
  "110 001",
  "11000",
  "1100011",
  "COD",
  "cod",
  "Cancelled",
  "cancelled",
  "true",
  "false",
  HUGE,
  HUGE_DIGITS,
  HUGE_EMOJI,
];

const nastyString = fc.constantFrom(...NASTY_STRINGS);
export const hostileString = fc.oneof(
  { weight: 3, arbitrary: nastyString },
  fc.string(),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ unit: fc.constantFrom(..."0123456789 +-.,eE\u200B"), maxLength: 24 }),
  fc.tuple(nastyString, fc.string(), nastyString).map(([a, b, c]) => a.slice(0, 200) + b + c.slice(0, 200)),
);
export const hostileNumber = fc.oneof(
  fc.integer(),
  fc.integer({ min: -5, max: 120 }),
  fc.double(),
  fc.double({ min: -10, max: 10 }),
  fc.constantFrom(
    NaN,
    Infinity,
    -Infinity,
    -0,
    0.1 + 0.2,
    Number.MAX_VALUE,
    Number.MIN_VALUE,
    Number.MAX_SAFE_INTEGER + 2,
    1e21,
    -1,
    99.5,
    100,
  ),
);

/** Objects whose own keys would pollute a prototype if copied carelessly (JSON.parse makes them own). */
const POLLUTERS = [
  '{"__proto__":{"polluted":"yes"}}',
  '{"constructor":{"prototype":{"polluted":"yes"}}}',
  '{"prototype":{"polluted":"yes"}}',
  '{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}},"toString":"x","valueOf":"y"}',
  '[{"__proto__":{"polluted":"yes"}}]',
  '{"toString":1,"valueOf":1}',
];
export const polluter = fc.constantFrom(...POLLUTERS).map((s) => JSON.parse(s) as unknown);

const hostileLeaf: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 3, arbitrary: hostileNumber },
  fc.boolean(),
  fc.constantFrom(null, undefined),
  polluter,
  fc.jsonValue({ maxDepth: 2 }),
  fc.anything({
    maxDepth: 2,
    withBigInt: true,
    withBoxedValues: true,
    withDate: true,
    withMap: true,
    withNullPrototype: true,
    withSet: true,
    withTypedArray: true,
    withSparseArray: true,
  }),
);
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: hostileLeaf },
  fc.array(hostileLeaf, { maxLength: 4 }),
  fc.dictionary(fc.oneof(hostileString, fc.constantFrom("__proto__", "constructor", "prototype")), hostileLeaf, {
    maxKeys: 4,
  }),
);

/** A field is either a plausible value or a hostile one, and sometimes missing. */
export const field = (...valid: fc.Arbitrary<unknown>[]) =>
  fc.oneof({ weight: 3, arbitrary: fc.oneof(...valid) }, { weight: 2, arbitrary: hostileValue });

/** Copies own keys as own keys (a spread or assignment would turn `__proto__` into a prototype). */
function merge(target: object, source: object): object {
  for (const [key, value] of Object.entries(source))
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  return target;
}

/** A body: known fields (each maybe missing) plus hostile extra keys, or something else entirely. */
export function body<T extends Record<string, fc.Arbitrary<unknown>>>(fields: T): fc.Arbitrary<unknown> {
  const known = fc.record(fields, { requiredKeys: [] });
  const withExtras = fc
    .tuple(known, fc.constantFrom(...POLLUTERS.filter((p) => p.startsWith("{"))), fc.boolean())
    .map(
      ([k, extra, first]) =>
        (first ? merge(JSON.parse(extra) as object, k) : merge(merge({}, k), JSON.parse(extra) as object)) as unknown,
    );
  return fc.oneof(
    { weight: 6, arbitrary: known },
    { weight: 2, arbitrary: withExtras },
    { weight: 2, arbitrary: hostileValue },
  );
}

type Edges = Record<string, fc.Arbitrary<unknown>>;
export type Sample = { valid: fc.Arbitrary<Record<string, unknown>>; edges: Edges };

/**
 * A valid body with one or two fields damaged: set to an edge value of that field (just past a
 * limit), to any hostile value, or left out. This is what makes a loosened rule show up.
 */
export function mutate({ valid, edges }: Sample): fc.Arbitrary<Record<string, unknown>> {
  const edgeValues = fc.record(edges);
  const change = fc.tuple(fc.nat(), fc.nat({ max: 5 }), hostileValue);
  return fc.tuple(valid, edgeValues, fc.array(change, { minLength: 1, maxLength: 2 })).map(([base, edge, changes]) => {
    const out: Record<string, unknown> = { ...base };
    const keys = [...new Set([...Object.keys(base), ...Object.keys(edges)])];
    for (const [i, kind, hostile] of changes) {
      const key = keys[i % keys.length]!;
      if (kind <= 3 && key in edge) out[key] = edge[key];
      else if (kind === 5) delete out[key];
      else out[key] = hostile;
    }
    return out;
  });
}

// Plausible values, so that parses succeed often enough for the invariants to be exercised.
export const name = fc.oneof(
  fc.constantFrom("Asha Rao", "  Ravi  ", "ज्योति", "O'Brien <b>", "😀"),
  fc.string({ minLength: 1, maxLength: 90 }),
);
export const email = fc.oneof(fc.emailAddress(), fc.constantFrom(" Asha.Rao@Example.COM ", "a@b.co", "A@B.CO"));
export const phone = fc.oneof(
  fc.constantFrom(
    "9876543210",
    "+91 98765 43210",
    "098765-43210",
    "919876543210",
    "6000000000",
    "5999999999",
    "98765\u200B43210",
  ),
  fc.stringMatching(/^[+0-9 ()-]{8,16}$/),
);
export const password = fc.oneof(
  fc.string({ minLength: 4, maxLength: 12 }),
  fc.constantFrom("secret12", "     ", "😀😀😀", "x".repeat(201)),
);
export const pin = fc.oneof(
  fc.constantFrom("110001", "560 001", "5600-01", "12345", "1234567", "١١٠٠٠١"),
  fc.stringMatching(/^[0-9 -]{4,9}$/),
);
export const productId = fc.oneof(
  fc.stringMatching(/^[0-9a-f]{24}$/),
  fc.constantFrom("", "x".repeat(65), "../etc", "' OR 1=1"),
);
export const qty = fc.oneof(fc.integer({ min: -3, max: 120 }), fc.constantFrom(1.5, "2", NaN, Infinity, -0, 1e9));
export const price = fc.oneof(
  fc.double({ min: -5, max: 5000 }),
  fc.integer({ min: 0, max: 10_000 }),
  fc.constantFrom(-0.01, 0, 0.004, NaN, Infinity, -Infinity, 1e8, "100"),
);
export const url = fc.oneof(
  fc.webUrl(),
  fc.constantFrom(
    "/uploads/a.png",
    "/images/demo/x-1.svg",
    "//evil.example/x",
    "javascript:alert(1)",
    "/a b",
    "https://x.example/a.png",
    "",
    " /x.png ",
  ),
);
export const rupeeText = fc.oneof(price, fc.constantFrom("", " ", "12.345", "1e3", "-0", "0x10", "1,000", "₹100"));

// Fully valid bodies, and for each field the values just past its rules.
export const validEmail = fc.constantFrom("asha@example.com", " Asha.Rao@Example.COM ", "x.y+z@shop.in", "a@b.co");
export const validPhone = fc.constantFrom(
  "9876543210",
  "+91 98765 43210",
  "098765-43210",
  "6000000000",
  "919876543210",
);
export const hex24 = fc.stringMatching(/^[0-9a-f]{24}$/);
export const over = (n: number) => fc.constantFrom("x".repeat(n + 1), `  ${"x".repeat(n + 1)}  `);
export const blank = fc.constantFrom("", " ", "\t\n", "\u3000");
