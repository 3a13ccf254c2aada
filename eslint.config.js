// ESLint (flat config), after the Epic Stack's @epic-web/config v1: a short list of rules that
// catch bugs or keep imports tidy; formatting is Prettier's (eslint-config-prettier, last).
import js from "@eslint/js";
import vitest from "@vitest/eslint-plugin";
import { defineConfig, globalIgnores } from "eslint/config";
import prettier from "eslint-config-prettier";
import { importX } from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import playwright from "eslint-plugin-playwright";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** The domain folders of app/models, in their one-way order: each may import only those before it. */
const DOMAINS = [
  "addresses",
  "mail",
  "accounts",
  "catalogue",
  "cart",
  "orders",
  "coupons",
  "payments",
  "invoices",
  "overview",
  "flows",
];

function floors() {
  const later = (i) => DOMAINS.slice(i + 1).map((d) => `~/models/${d}/*`);
  const rule = (group, message) => ({
    "no-restricted-imports": ["error", { patterns: [{ group, message }] }],
  });
  return [
    {
      files: ["app/lib/**", "app/db/**", "app/utils/**", "app/env.server.ts"],
      rules: rule(
        ["~/models/*", "~/demo/*", "~/components/*", "~/routes/*", "../models/*"],
        "Plumbing (lib, db, utils) lies below the domain: it never imports app/models, app/demo or the UI.",
      ),
    },
    ...DOMAINS.map((domain, i) => ({
      files: [`app/models/${domain}/**`],
      rules: rule(
        [...later(i), "~/demo/*", "~/components/*", "~/routes/*", "../*"],
        `models/${domain} may import only the domains before it (${DOMAINS.slice(0, i).join(", ") || "none"}), ` +
          "each by its ~/models/… path; a step that needs a later one goes in models/flows.",
      ),
    })),
  ];
}

export default defineConfig(
  globalIgnores([
    "build/",
    ".react-router/",
    "node_modules/",
    "data/",
    "test-results/",
    "test-timings/",
    "playwright-report/",
    ".bench/",
    "drizzle/*/meta/",
  ]),

  // Every file: the app renders on the server and in the browser, tests and scripts run in Node.
  js.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: "error" },
  },

  // Imports: grouped (node:, packages, ~/app, ../, ./) and alphabetized, each module once.
  {
    plugins: { "import-x": importX },
    settings: { "import-x/internal-regex": "^~/" },
    rules: {
      "import-x/order": [
        "warn",
        {
          groups: ["builtin", "external", "internal", "parent", "sibling", "index"],
          alphabetize: { order: "asc", caseInsensitive: true },
        },
      ],
      "import-x/no-duplicates": ["warn", { "prefer-inline": true }],
    },
  },

  // TypeScript. Four rules read the types (projectService: tsconfig.json), for the mistakes of
  // async code the compiler lets through: a promise nobody awaits (a write left outside its
  // transaction, a rejection nobody handles), `await` on something that is no promise, a promise
  // where a boolean or a void callback is expected, and `return promise` inside try, whose
  // rejection the catch never sees.
  {
    files: ["**/*.{ts,tsx}"],
    extends: [tseslint.configs.recommended],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
      "@typescript-eslint/await-thenable": "error",
      "@typescript-eslint/return-await": ["error", "in-try-catch"],
      "@typescript-eslint/no-unused-vars": [
        "warn",
        {
          args: "after-used",
          argsIgnorePattern: "^_",
          varsIgnorePattern: "^_",
          caughtErrorsIgnorePattern: "^_",
          destructuredArrayIgnorePattern: "^_",
          ignoreRestSiblings: true,
        },
      ],
      "@typescript-eslint/consistent-type-imports": [
        "warn",
        // `typeof import("./app")` stays allowed: erased like `import type`, and the idiom for a
        // module loaded later (vite.ssrLoadModule, vitest's importOriginal).
        { prefer: "type-imports", fixStyle: "inline-type-imports", disallowTypeAnnotations: false },
      ],
      // `import { type A }` alone still loads the module under verbatimModuleSyntax (it becomes
      // `import "…"`): a module of types only is imported with `import type`.
      "@typescript-eslint/no-import-type-side-effects": "warn",
    },
  },
  {
    files: ["**/*.{js,mjs}"],
    rules: {
      "no-unused-vars": [
        "warn",
        { args: "after-used", argsIgnorePattern: "^_", varsIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
    },
  },

  // React: the rules of hooks, and accessible markup.
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
    },
  },
  { files: ["app/**/*.tsx"], ...jsxA11y.flatConfigs.recommended },

  // Tests. Both suites branch on purpose: each e2e test runs with JS on and off, and both suites
  // on SQLite and PostgreSQL, so an expect or a skip under a condition is the design, not a slip.
  {
    files: ["tests/e2e/**/*.ts"],
    ...playwright.configs["flat/recommended"],
    rules: {
      ...playwright.configs["flat/recommended"].rules,
      "playwright/no-conditional-expect": "off",
      "playwright/no-conditional-in-test": "off",
      "playwright/no-skipped-test": ["warn", { allowConditional: true }],
      "playwright/expect-expect": ["warn", { assertFunctionPatterns: ["^expect"] }],
    },
  },
  // tests/support/ too: worker-process.ts and schema-properties.ts assert with vitest's expect, under
  // the rules they had in tests/unit/.
  {
    files: ["tests/unit/**/*.ts", "tests/support/**/*.ts"],
    ...vitest.configs.recommended,
    rules: {
      ...vitest.configs.recommended.rules,
      "vitest/no-conditional-expect": "off",
      // expect(value, message): vitest prints the message when the assertion fails.
      "vitest/valid-expect": ["error", { maxArgs: 2 }],
      // A title may be a variable (e.g. built from the database the file runs on).
      "vitest/valid-title": ["error", { allowArguments: true }],
      "vitest/expect-expect": ["error", { assertFunctionNames: ["expect", "expectTypeOf", "checkSchema"] }],
    },
  },

  // The house's floors (docs/decisions/0013): plumbing never imports the domain, and a domain
  // folder imports only the folders before it in DOMAINS. A cross-domain step goes in flows/.
  ...floors(),

  // Last: turn off every rule that Prettier's formatting would fight.
  prettier,
);
