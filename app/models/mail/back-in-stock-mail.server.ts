import type { Language } from "~/lib/i18n/languages";
import { escapeHtml, headerText, link, type MailContent, page, signOff, signOffHtml } from "./templates.server";
import { mailTexts } from "./texts/mail-texts.server";

/**
 * "It's back" (issue #39): the one mail a waiting address gets when its candle (or size) is back in
 * stock, in the language of the page it signed up on. `name` is the candle's name (with its size),
 * `productUrl` and `stopUrl` absolute links, the second signed for this address only.
 */
export function backInStockMail(
  alert: { email: string; name: string; productUrl: string; stopUrl: string },
  language: Language = "en",
): MailContent {
  const t = mailTexts(language);
  const b = t.backInStock;
  const name = headerText(alert.name);
  const subject = b.subject(name);
  const text = [b.lead(name), alert.productUrl, "", b.once, b.stop, alert.stopUrl, "", ...signOff(t)].join("\n");
  const html = page(
    subject,
    `<h1 style="font-size:20px;margin:0 0 12px">${escapeHtml(b.heading)}</h1>` +
      `<p>${escapeHtml(b.lead(name))}</p>` +
      `<p>${link(alert.productUrl, b.open)}</p>` +
      `<p style="color:#555;font-size:14px">${escapeHtml(b.once)} ${escapeHtml(b.stop)} ${link(alert.stopUrl, b.stopLink)}</p>` +
      signOffHtml(t),
    t,
  );
  return { to: headerText(alert.email), subject, text, html };
}
