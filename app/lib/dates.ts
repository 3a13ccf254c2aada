// Dates are shown in India time on the server and in the browser alike (no hydration mismatch).
// They are written out here rather than by Intl.DateTimeFormat: the first Intl formatter a page
// makes costs 10-26 ms of a phone's main thread (docs/performance.md); tests/unit/platform/dates.test.ts
// holds each to Intl's en-IN output, and the Hindi forms (issue #36) to its hi-IN output, which
// differs only in the names of months and weekdays ("4 दिस॰ 2026", "शुक्र, 4 दिस॰"; am/pm and the
// digits stay Latin). India has one zone and no daylight saving, so its time is UTC + 5:30 all year.
import type { Language } from "~/lib/i18n/languages";

const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;
const MONTHS: Record<Language, readonly string[]> = {
  en: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sept", "Oct", "Nov", "Dec"],
  hi: ["जन॰", "फ़र॰", "मार्च", "अप्रैल", "मई", "जून", "जुल॰", "अग॰", "सित॰", "अक्टू॰", "नव॰", "दिस॰"],
};
const WEEKDAYS: Record<Language, readonly string[]> = {
  en: ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"],
  hi: ["रवि", "सोम", "मंगल", "बुध", "गुरु", "शुक्र", "शनि"],
};

/** The instant as India's wall clock, read with the getUTC… methods. */
export const inIndia = (d: Date) => new Date(d.getTime() + IST_OFFSET_MS);

/** "6 Sept 2026" ("6 सित॰ 2026"). */
export function formatDate(d: Date, language: Language = "en"): string {
  const t = inIndia(d);
  return `${t.getUTCDate()} ${MONTHS[language][t.getUTCMonth()]} ${t.getUTCFullYear()}`;
}

/** "25 Nov, 10:30 am": when something happened today or lately (the admin's mail list). */
export function formatDateTime(d: Date, language: Language = "en"): string {
  const t = inIndia(d);
  const h = t.getUTCHours();
  const minutes = String(t.getUTCMinutes()).padStart(2, "0");
  return `${t.getUTCDate()} ${MONTHS[language][t.getUTCMonth()]}, ${h % 12 || 12}:${minutes} ${h < 12 ? "am" : "pm"}`;
}

// --- Expected delivery (the thank-you page).
//
// The policy pages promise dispatch within 2-4 business days and delivery within 5-9 business days
// of dispatch. A business day here is Monday to Saturday, as India Post and the couriers work and
// deliver, except India's three national holidays, which fall on the same date every year:
// Republic Day (26 January), Independence Day (15 August) and Gandhi Jayanti (2 October). Festival
// holidays move from year to year and state to state, so they are not counted.
//
// Days are calendar days in India, held as the Date of their midnight UTC: a day's arithmetic and
// its formatting then never depend on the time zone of the machine that runs it.

export const DISPATCH_BUSINESS_DAYS = { min: 2, max: 4 } as const;
export const DELIVERY_BUSINESS_DAYS = { min: 5, max: 9 } as const;
/** "2-4", "5-9": how the policy pages, the product page and the thank-you page say them. */
export const DISPATCH_DAYS = `${DISPATCH_BUSINESS_DAYS.min}-${DISPATCH_BUSINESS_DAYS.max}`;
export const DELIVERY_DAYS = `${DELIVERY_BUSINESS_DAYS.min}-${DELIVERY_BUSINESS_DAYS.max}`;

const NATIONAL_HOLIDAYS = new Set(["1-26", "8-15", "10-2"]);
const DAY_MS = 24 * 60 * 60 * 1000;

/** The calendar day in India of an instant (at 20:00 UTC it is already tomorrow in India). */
export function indiaDay(instant: Date): Date {
  const shifted = inIndia(instant);
  return new Date(Date.UTC(shifted.getUTCFullYear(), shifted.getUTCMonth(), shifted.getUTCDate()));
}

/** Monday to Saturday, except 26 January, 15 August and 2 October. */
export function isBusinessDay(day: Date): boolean {
  if (day.getUTCDay() === 0) return false;
  return !NATIONAL_HOLIDAYS.has(`${day.getUTCMonth() + 1}-${day.getUTCDate()}`);
}

/** The `n`th business day after `day` (a day of indiaDay's kind); `day` itself never counts. */
export function addBusinessDays(day: Date, n: number): Date {
  let d = day;
  for (let left = n; left > 0;) {
    d = new Date(d.getTime() + DAY_MS);
    if (isBusinessDay(d)) left--;
  }
  return d;
}

/**
 * When an order placed at `placedAt` is expected: the earliest day (quick dispatch, quick
 * delivery) and the latest (slow dispatch, slow delivery), counted from the day it was placed.
 */
export function expectedDelivery(placedAt: Date): { from: Date; to: Date } {
  const day = indiaDay(placedAt);
  return {
    from: addBusinessDays(day, DISPATCH_BUSINESS_DAYS.min + DELIVERY_BUSINESS_DAYS.min),
    to: addBusinessDays(day, DISPATCH_BUSINESS_DAYS.max + DELIVERY_BUSINESS_DAYS.max),
  };
}

/** A day of indiaDay's kind as "Mon, 30 Nov" ("सोम, 30 नव॰"). */
export const formatDay = (day: Date, language: Language = "en") =>
  `${WEEKDAYS[language][day.getUTCDay()]}, ${formatShortDay(day, language)}`;

/** "Mon, 30 Nov – Fri, 4 Dec". */
export const formatDayRange = ({ from, to }: { from: Date; to: Date }, language: Language = "en") =>
  `${formatDay(from, language)} – ${formatDay(to, language)}`;

/** A day of indiaDay's kind as an ISO date ("2026-11-30"), for <time dateTime>. */
export const isoDay = (day: Date) => day.toISOString().slice(0, 10);

// --- India days as numbers (the owner's overview, order filters). Day n is n days after
// 1 January 1970 in India; its Date (indiaDay's kind) is n × 24 h after the epoch. SQL counts the
// same way on both databases: (unix seconds + 19800) / 86400, rounded down.

/** India's offset from UTC in seconds, for SQL that buckets instants into India days. */
export const IST_OFFSET_SECONDS = IST_OFFSET_MS / 1000;

/** The number of `instant`'s India day. */
export const indiaDayNumber = (instant: Date) => Math.floor((instant.getTime() + IST_OFFSET_MS) / DAY_MS);

/** Day number `n` as a day of indiaDay's kind. */
export const dayOfNumber = (n: number) => new Date(n * DAY_MS);

/** The instant India day number `n` begins (00:00 IST). */
export const indiaDayStart = (n: number) => new Date(n * DAY_MS - IST_OFFSET_MS);

/** "2026-03-10" as its India day number; null unless it is a real date in that form. */
export function parseIsoDayNumber(text: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = Date.UTC(y, mo - 1, d);
  const back = new Date(t);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return null;
  return t / DAY_MS;
}

/** A day of indiaDay's kind as "30 Nov" (the chart's axis), "30 नव॰". */
export function formatShortDay(day: Date, language: Language = "en"): string {
  return `${day.getUTCDate()} ${MONTHS[language][day.getUTCMonth()]}`;
}
