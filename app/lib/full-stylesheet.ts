/**
 * The id of the whole stylesheet's <link> at the end of every page: its address in data-href,
 * so a page without JS never fetches it (its own CSS is inline); the script that starts
 * hydration links it (app/utils/page-styles.server.ts, app/utils/hydrate-after-load.server.ts).
 */
export const FULL_STYLESHEET_ID = "full-stylesheet";

/** The same, for the app once hydrated (a page served without the hydration loader). */
export function linkFullStylesheet(): void {
  const link = document.getElementById(FULL_STYLESHEET_ID) as HTMLLinkElement | null;
  if (link?.dataset.href && !link.getAttribute("href")) link.href = link.dataset.href;
}
