// The message catalogues (issue #36): every language's is typed by the English one, so a missing
// key or a message with other parameters fails `npm run typecheck` (the @ts-expect-error lines
// below fail it the day the typing stops catching them); and what the types cannot see: no text
// left empty or left in English. Plus the language of a path, and LANGUAGES.
import { describe, expect, it } from "vitest";
import { parseLanguages } from "~/env.server";
import { en, type Messages } from "~/lib/i18n/en";
import { hi } from "~/lib/i18n/hi";
import { languageOfPath, languageSwitchHref, localizedPath } from "~/lib/i18n/languages";
import { PAGE_TEXTS } from "~/lib/i18n/pages";

type Entry = [path: string, message: unknown];
const entries = (catalogue: object, at = ""): Entry[] =>
  Object.entries(catalogue).flatMap(([k, v]): Entry[] =>
    v && typeof v === "object" ? entries(v as object, `${at}${k}.`) : [[`${at}${k}`, v]],
  );
const text = (message: unknown) => (typeof message === "function" ? String(message(3)) : String(message));

describe("the catalogues", () => {
  it("a catalogue that lacks a key, adds one, or takes other parameters does not typecheck", () => {
    const { home: _home, ...navWithoutHome } = hi.nav;
    // @ts-expect-error -- nav.home is missing
    const missing: Messages = { ...hi, nav: navWithoutHome };
    // @ts-expect-error -- cartItems takes the count, a number
    const otherParameters: Messages = { ...hi, nav: { ...hi.nav, cartItems: (name: string) => name } };
    // @ts-expect-error -- English has no such text
    const extra: Messages = { ...hi, nav: { ...hi.nav, basket: "टोकरी" } };
    expect([missing, otherParameters, extra]).toHaveLength(3);
  });

  it("Hindi has every English text, of the same kind, none empty, each in Devanagari", () => {
    // The shared catalogue and the site's own pages' (app/lib/i18n/pages.ts).
    const english = [...entries(en), ...entries(PAGE_TEXTS.en, "pages.")];
    const hindi = new Map([...entries(hi), ...entries(PAGE_TEXTS.hi, "pages.")]);
    expect([...hindi.keys()]).toEqual(english.map(([k]) => k));
    for (const [key, message] of english) {
      const translated = hindi.get(key);
      expect(typeof translated, key).toBe(typeof message);
      expect(text(translated).trim(), key).not.toBe("");
      expect(text(translated), key).toMatch(/[\u0900-\u097f]/);
    }
  });

  it("English keeps the specification's words", () => {
    expect(en.nav.myOrders).toBe("My Orders");
    expect(en.nav.signUp).toBe("Sign up");
    expect(en.shop.products(1)).toBe("product");
    expect(en.shop.products(2)).toBe("products");
    expect(hi.nav.cartItems(4)).toBe("4 चीज़ें");
  });
});

describe("the language of a path", () => {
  it("is Hindi under /hi only when the shop speaks Hindi", () => {
    for (const path of ["/hi", "/hi/", "/hi/shop", "/hi/product/abc"]) {
      expect(languageOfPath(path, ["en", "hi"]), path).toBe("hi");
      expect(languageOfPath(path, ["en"]), path).toBe("en");
    }
    for (const path of ["/", "/shop", "/hindi", "/history", "/shop/hi"])
      expect(languageOfPath(path, ["en", "hi"]), path).toBe("en");
  });

  it("puts an app path under the language's prefix, as React Router's basename does", () => {
    expect(localizedPath("hi", "/")).toBe("/hi");
    expect(localizedPath("hi", "/shop")).toBe("/hi/shop");
    expect(localizedPath("en", "/shop")).toBe("/shop");
    expect(languageSwitchHref("/hi/shop?q=rose")).toBe("/language?to=%2Fhi%2Fshop%3Fq%3Drose");
  });
});

describe("LANGUAGES", () => {
  it("is English alone by default; lists are read in the shop's order", () => {
    expect(parseLanguages(undefined)).toEqual(["en"]);
    expect(parseLanguages("en")).toEqual(["en"]);
    expect(parseLanguages("hi, EN")).toEqual(["en", "hi"]);
    expect(parseLanguages("en,hi,hi")).toEqual(["en", "hi"]);
  });

  it("refuses a language the shop has no catalogue for, and a list without English", () => {
    expect(() => parseLanguages("en,fr")).toThrow(
      /^Invalid environment: LANGUAGES must be a comma-separated list of en, hi/,
    );
    expect(() => parseLanguages("hi")).toThrow(/LANGUAGES must include en/);
  });
});
