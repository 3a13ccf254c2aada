// The owner's WhatsApp links (issue #38 item 5): the number wa.me takes, and the message typed in.
import { describe, expect, it } from "vitest";
import { waMe, whatsappCustomerHref, whatsappNumber, whatsappOrderMessage } from "~/lib/whatsapp";

const order = {
  id: "0123456789abcdefabc123",
  contactName: " Asha\n Rao ",
  grandTotal: 1_446_00,
  contactPhone: "+91 98765-43210",
};

describe("whatsappNumber", () => {
  it("is 91 and the 10-digit mobile, however the checkout phone was typed", () => {
    for (const phone of ["9876543210", "+91 98765 43210", "091-9876543210", "(0)98765.43210"])
      expect(whatsappNumber(phone)).toBe("919876543210");
  });
  it("is null for a phone that is not an Indian mobile", () => {
    for (const phone of ["044 2345 6789", "12345", "", "5876543210", "abc"]) expect(whatsappNumber(phone)).toBeNull();
  });
});

describe("whatsappOrderMessage", () => {
  it("says the number and the total", () => {
    expect(whatsappOrderMessage(order)).toBe(
      "Hello Asha Rao, this is RK Candles about your order #abc123 (total ₹1,446.00).",
    );
  });
  it("adds the confirm link for a COD order to confirm", () => {
    const url = "https://shop.test/orders/0123456789abcdefabc123/confirm?t=abc_-1";
    expect(whatsappOrderMessage(order, url)).toBe(
      `Hello Asha Rao, this is RK Candles about your order #abc123 (total ₹1,446.00).\nPlease confirm your order here: ${url}`,
    );
  });
});

describe("links", () => {
  it("waMe: the shop's chat, and a chat with a message encoded whole", () => {
    expect(waMe("919876543210")).toBe("https://wa.me/919876543210");
    const href = waMe("919876543210", "a & b?c=d #1\nनमस्ते");
    expect(href).toBe(`https://wa.me/919876543210?text=${encodeURIComponent("a & b?c=d #1\nनमस्ते")}`);
    expect(new URL(href).searchParams.get("text")).toBe("a & b?c=d #1\nनमस्ते");
  });
  it("the customer's link decodes to the number and the message; none for a landline", () => {
    const url = "https://shop.test/orders/x/confirm?t=T&u=1";
    const href = new URL(whatsappCustomerHref(order, url)!);
    expect(href.origin + href.pathname).toBe("https://wa.me/919876543210");
    expect(href.searchParams.get("text")).toBe(whatsappOrderMessage(order, url));
    expect(whatsappCustomerHref({ ...order, contactPhone: "044 2345 6789" })).toBeNull();
  });
});
