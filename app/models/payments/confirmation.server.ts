// COD orders the customer confirms (issue #38, COD_CONFIRM): the link in the order's mail opens a
// page whose Confirm button confirms it. The link alone changes nothing (mail scanners and chat
// previews open links); its token is kept hashed with the order.
import { createHmac } from "node:crypto";
import { env } from "~/env.server";
import { type Language, localizedPath } from "~/lib/i18n/languages";
import { hashToken } from "~/utils/token.server";

/**
 * An order's confirm token: signed with the session secret (HMAC-SHA256 of the order's id), so the
 * owner's WhatsApp message can carry the same link as the mail without the token being stored;
 * the order keeps only its hash, which also marks it as one to confirm. A token for another order,
 * or made without the secret, matches nothing.
 */
export function confirmToken(orderId: string): { token: string; tokenHash: string } {
  const token = createHmac("sha256", env.sessionSecret).update(`cod-confirm:${orderId}`).digest("base64url");
  return { token, tokenHash: hashToken(token) };
}

/** The confirm page of order `orderId` with its token, in the customer's language. */
export const confirmUrl = (orderId: string, token: string, language: Language = "en") =>
  `${env.mail.publicUrl}${localizedPath(language, `/orders/${orderId}/confirm`)}?t=${token}`;
