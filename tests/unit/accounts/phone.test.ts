import { describe, expect, it } from "vitest";
import { isValidPhone, normalizePhone } from "~/lib/phone";

describe("normalizePhone", () => {
  it.each([
    ["9876543210", "9876543210"],
    ["98765 43210", "9876543210"],
    ["+91 98765-43210", "9876543210"],
    ["919876543210", "9876543210"],
    ["09876543210", "9876543210"],
    ["0091 9876543210", "9876543210"],
    ["+91 0 9876543210", "9876543210"],
    ["(987) 654-3210", "9876543210"],
    ["1239876543210", "9876543210"], // longer than 10: the last 10 digits
    ["91987654321", "1987654321"], // 91 + only 9 digits is no prefix; 11 digits keep the last 10
    ["919", "919"],
    ["", ""],
    ["abc", ""],
  ])("%j → %j", (raw, expected) => {
    expect(normalizePhone(raw)).toBe(expected);
  });

  it("keeps a 91 that is part of a 10-digit number", () => {
    expect(normalizePhone("9198765432")).toBe("9198765432");
  });
});

describe("isValidPhone", () => {
  it.each(["6000000000", "7123456789", "8999999999", "9876543210"])("accepts %s", (p) => {
    expect(isValidPhone(p)).toBe(true);
  });
  it.each(["5876543210", "0876543210", "987654321", "98765432100", "98765x3210", ""])("rejects %j", (p) => {
    expect(isValidPhone(p)).toBe(false);
  });
});
