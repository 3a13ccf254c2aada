import { describe, expect, it } from "vitest";
import { CHECKOUT_INCOMPLETE, QTY_TOO_MANY } from "~/lib/checkout-schema";
import { en } from "~/lib/i18n/en";
import { hi } from "~/lib/i18n/hi";
import { translateFeedback } from "~/lib/i18n/translate";
import { formatPaise } from "~/lib/money";
import { RULES } from "~/utils/rate-limit.server";

// The server's English answers, said on a Hindi page (issue #36): what the schemas and models say
// is found in the English catalogue and said again from the Hindi one.
describe("translateFeedback", () => {
  it("says a fixed message from the Hindi catalogue, and leaves English pages alone", () => {
    expect(translateFeedback(hi, CHECKOUT_INCOMPLETE)).toBe(hi.feedback.checkoutIncomplete);
    expect(translateFeedback(hi, RULES.order.message)).toBe(hi.feedback.tooManyOrders);
    expect(translateFeedback(en, CHECKOUT_INCOMPLETE)).toBe(CHECKOUT_INCOMPLETE);
  });

  it("reads a template's values back, numbers as numbers, names and prices as text", () => {
    expect(translateFeedback(hi, QTY_TOO_MANY)).toBe("एक ऑर्डर में एक चीज़ ज़्यादा से ज़्यादा 99।");
    expect(translateFeedback(hi, en.feedback.onlyLeft(3, "Rose (Large) 2.0"))).toBe(
      hi.feedback.onlyLeft(3, "Rose (Large) 2.0"),
    );
    expect(translateFeedback(hi, en.feedback.priceChanged("Sandal. Wood?", formatPaise(144_600)))).toBe(
      "Sandal. Wood? की क़ीमत अब ₹1,446.00 है। कृपया अपना ऑर्डर फिर से देखें।",
    );
  });

  it("shows a text it does not know as it is", () => {
    expect(translateFeedback(hi, "Something new")).toBe("Something new");
    expect(translateFeedback(hi, `${en.feedback.required}!`)).toBe(`${en.feedback.required}!`);
  });

  it("knows every English feedback text by itself (no two alike, each read back)", () => {
    const values = Object.values(en.feedback).filter((v) => typeof v === "string");
    expect(new Set(values).size).toBe(values.length);
    for (const [key, value] of Object.entries(en.feedback)) {
      if (typeof value === "string")
        expect(translateFeedback(hi, value), key).toBe(hi.feedback[key as keyof typeof hi.feedback]);
    }
  });
});
