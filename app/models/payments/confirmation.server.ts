// COD orders the customer confirms (issue #38, COD_CONFIRM): the link in the order's mail opens a
// page whose Confirm button confirms it. The link alone changes nothing (mail scanners and chat
// previews open links); its token is kept hashed with the order.
import { env } from "~/env.server";
import { type Language, localizedPath } from "~/lib/i18n/languages";

/** The confirm page of order `orderId` with its token, in the customer's language. */
export const confirmUrl = (orderId: string, token: string, language: Language = "en") =>
  `${env.mail.publicUrl}${localizedPath(language, `/orders/${orderId}/confirm`)}?t=${token}`;
