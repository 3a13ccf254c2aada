// The mail settings (app/env.server.ts, issue #23): working defaults, and a bad value stops the
// start with a message naming it, as every other setting does.
import { describe, expect, it } from "vitest";
import { parseMailSettings } from "~/env.server";

describe("mail settings", () => {
  it("has working defaults: no SMTP server (.eml files beside the database), the shop's sender", () => {
    expect(parseMailSettings({}, "/srv/shop")).toEqual({
      smtpUrl: undefined,
      from: "RK Candles <orders@rkcandles.in>",
      shopOwnerEmail: undefined,
      publicUrl: "http://localhost:3000",
      dir: "/srv/shop/mail",
    });
    expect(
      parseMailSettings({
        SMTP_URL: "smtp://user:pass@mail.example.in:587",
        SHOP_OWNER_EMAIL: "Owner@Example.in",
        PUBLIC_URL: "https://shop.example.in/",
        MAIL_DIR: "/var/mail/shop",
      }),
    ).toMatchObject({
      smtpUrl: "smtp://user:pass@mail.example.in:587",
      shopOwnerEmail: "owner@example.in",
      publicUrl: "https://shop.example.in",
      dir: "/var/mail/shop",
    });
  });

  it("a malformed setting stops the start, naming it", () => {
    for (const [name, value] of [
      ["SMTP_URL", "mail.example.in:587"],
      ["SMTP_URL", "http://mail.example.in"],
      ["SMTP_URL", "smtp://"],
      ["MAIL_FROM", "RK Candles"],
      ["MAIL_FROM", "RK <orders@rkcandles.in>\r\nBcc: x@y.z"],
      ["SHOP_OWNER_EMAIL", "owner"],
      ["PUBLIC_URL", "shop.example.in"],
    ] as const)
      expect(() => parseMailSettings({ [name]: value }), `${name}=${value}`).toThrow(
        new RegExp(`^Invalid environment: ${name} must`),
      );
  });
});
