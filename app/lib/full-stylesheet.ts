/**
 * The id of the whole stylesheet's <link> at the end of every page: linked for print only, so a
 * page without JS is never restyled by it (its own CSS is inline); the app applies it to the
 * screen once it hydrates (app/utils/page-styles.server.ts, app/root.tsx).
 */
export const FULL_STYLESHEET_ID = "full-stylesheet";
