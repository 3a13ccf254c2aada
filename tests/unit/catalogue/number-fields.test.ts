import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { couponSchema } from "~/lib/coupon-schema";
import { numberFromField } from "~/lib/number-field";
import { productSchema } from "~/lib/product-schema";
import { sizesSchema } from "~/lib/size-schema";

// Issue #50: the admin's number fields take plain decimal numbers only, at both doors: a form's
// strings (through conform, as the editors parse them) and the JSON door's values.
const NOT_PLAIN = ["0x10", "1e3", "0b11", "0o7", "Infinity", "-Infinity", "NaN", "1_000", "١٢", "16 rupees", "+-1"];

describe("numberFromField", () => {
  it("reads plain decimals, with a sign or a fraction, spaces around", () => {
    for (const [text, n] of [
      ["16", 16],
      [" 16.50 ", 16.5],
      ["0", 0],
      ["-2", -2],
      ["+3", 3],
      [".5", 0.5],
      ["7.", 7],
    ] as const)
      expect(numberFromField(text), text).toBe(n);
    expect(numberFromField("")).toBeUndefined();
    expect(numberFromField("   ")).toBeUndefined();
    expect(numberFromField(12)).toBe(12);
  });

  it("makes anything else NaN, which the schemas refuse", () => {
    for (const text of NOT_PLAIN) expect(numberFromField(text), text).toBeNaN();
  });
});

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  return data;
};

describe("the editors' number fields refuse what is not a plain decimal", () => {
  it("a product's price, MRP and stock, from the form and from JSON", () => {
    for (const bad of NOT_PLAIN) {
      for (const field of ["price", "mrp", "stock"]) {
        const fields = { name: "Rain", price: "350", stock: "4", [field]: bad };
        const submission = parseWithZod(form(fields), { schema: productSchema });
        expect(submission.status, `${field}=${bad}`).toBe("error");
        expect(productSchema.safeParse(fields).success, `JSON ${field}=${bad}`).toBe(false);
      }
    }
    const ok = parseWithZod(form({ name: "Rain", price: "350.50", stock: "4" }), { schema: productSchema });
    expect(ok.status === "success" && ok.value.price).toBe(35050);
  });

  it("a size's price (0x10 was stored as ₹16)", () => {
    const row = { label: "Large", price: "0x10", stock: "3" };
    expect(sizesSchema.safeParse([row]).success).toBe(false);
    expect(sizesSchema.safeParse([{ ...row, price: "16" }]).success).toBe(true);
  });

  it("a coupon's amount, minimum and limits", () => {
    const base = { code: "DIWALI10", kind: "percent", amount: "10", minOrder: "", maxUses: "", maxUsesPerCustomer: "" };
    expect(parseWithZod(form(base), { schema: couponSchema }).status).toBe("success");
    for (const field of ["amount", "minOrder", "maxUses", "maxUsesPerCustomer"])
      for (const bad of ["0x10", "1e1"])
        expect(parseWithZod(form({ ...base, [field]: bad }), { schema: couponSchema }).status, `${field}=${bad}`).toBe(
          "error",
        );
  });
});
