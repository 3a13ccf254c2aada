import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addBusinessDays,
  expectedDelivery,
  formatDate,
  formatDateTime,
  formatDay,
  formatDayRange,
  formatShortDay,
  indiaDay,
  isBusinessDay,
  isoDay,
} from "~/lib/dates";

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);
/** Noon in India on that day. */
const noonIst = (iso: string) => new Date(`${iso}T12:00:00+05:30`);

describe("business days (Monday to Saturday, except 26 Jan, 15 Aug, 2 Oct)", () => {
  it.each([
    ["2026-11-28", true], // Saturday
    ["2026-11-29", false], // Sunday
    ["2026-11-30", true], // Monday
    ["2026-01-26", false], // Republic Day (a Monday)
    ["2027-01-26", false], // every year
    ["2026-08-15", false], // Independence Day (a Saturday)
    ["2026-10-02", false], // Gandhi Jayanti (a Friday)
    ["2026-12-25", true], // a festival holiday is not counted
  ])("%s is a business day: %s", (iso, expected) => {
    expect(isBusinessDay(day(iso))).toBe(expected);
  });

  it.each([
    ["2026-11-27", 1, "2026-11-28"], // Friday + 1: Saturday
    ["2026-11-28", 1, "2026-11-30"], // Saturday + 1: over Sunday
    ["2026-11-29", 1, "2026-11-30"], // an order on Sunday: Monday is its first
    ["2026-11-30", 0, "2026-11-30"],
    ["2026-08-14", 1, "2026-08-17"], // over Independence Day and Sunday
    ["2026-10-01", 1, "2026-10-03"], // over Gandhi Jayanti
    ["2026-01-24", 1, "2026-01-27"], // over Sunday and Republic Day
    ["2026-02-27", 2, "2026-03-02"], // month end, not a leap year
    ["2024-02-28", 1, "2024-02-29"], // leap day
    ["2028-02-28", 2, "2028-03-01"],
    ["2026-12-31", 1, "2027-01-01"], // year end
    ["2026-12-30", 5, "2027-01-05"], // year end and a Sunday
  ])("%s + %i business days is %s", (from, n, expected) => {
    expect(isoDay(addBusinessDays(day(from), n))).toBe(expected);
  });
});

describe("indiaDay: the calendar day in India", () => {
  it.each([
    ["2026-11-28T18:29:59Z", "2026-11-28"], // 23:59 in India
    ["2026-11-28T18:30:00Z", "2026-11-29"], // midnight in India
    ["2026-12-31T20:00:00Z", "2027-01-01"], // already next year in India
    ["2026-11-29T00:00:00+05:30", "2026-11-29"],
  ])("%s is %s", (instant, expected) => {
    expect(isoDay(indiaDay(new Date(instant)))).toBe(expected);
  });
});

describe("expectedDelivery: dispatch 2-4 and delivery 5-9 business days, from the day of the order", () => {
  it.each([
    // Monday: 7 business days on is Tuesday of the next week (Sunday skipped), 13 the week after.
    ["2026-11-23", "2026-12-01", "2026-12-08", "Tue, 1 Dec – Tue, 8 Dec"],
    // Saturday and Sunday orders count from Monday alike.
    ["2026-11-28", "2026-12-07", "2026-12-14", "Mon, 7 Dec – Mon, 14 Dec"],
    ["2026-11-29", "2026-12-07", "2026-12-14", "Mon, 7 Dec – Mon, 14 Dec"],
    // Over the year end.
    ["2026-12-24", "2027-01-01", "2027-01-08", "Fri, 1 Jan – Fri, 8 Jan"],
    // Over Republic Day.
    ["2026-01-19", "2026-01-28", "2026-02-04", "Wed, 28 Jan – Wed, 4 Feb"],
  ])("an order on %s: %s to %s", (placed, from, to, text) => {
    const range = expectedDelivery(noonIst(placed));
    expect([isoDay(range.from), isoDay(range.to)]).toEqual([from, to]);
    expect(formatDayRange(range)).toBe(text);
  });

  it("counts from the day in India, not in UTC", () => {
    // 00:30 on Sunday 29 November in India is still Saturday in UTC; both count from Monday.
    const late = expectedDelivery(new Date("2026-11-28T19:00:00Z"));
    expect(isoDay(late.from)).toBe("2026-12-07");
    // 23:30 on Friday 27 November in India: Saturday is its first business day.
    const friday = expectedDelivery(new Date("2026-11-27T18:00:00Z"));
    expect(isoDay(friday.from)).toBe("2026-12-05");
  });
});

// The formatters are written out by hand (Intl's first formatter costs a phone 10-26 ms); each must
// say exactly what Intl's en-IN formatter with the same options says, as the shop did before.
describe("dates as Intl's en-IN says them", () => {
  const india = { timeZone: "Asia/Kolkata" } as const;
  const utc = { timeZone: "UTC" } as const;
  const same = [
    [formatDate, new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "short", year: "numeric", ...india })],
    [
      formatDateTime,
      new Intl.DateTimeFormat("en-IN", {
        day: "numeric",
        month: "short",
        hour: "numeric",
        minute: "2-digit",
        ...india,
      }),
    ],
    [formatDay, new Intl.DateTimeFormat("en-IN", { weekday: "short", day: "numeric", month: "short", ...utc })],
    [formatShortDay, new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "short", ...utc })],
  ] as const;

  it.each([
    [formatDate, "2026-09-05T20:00:00Z", "6 Sept 2026"], // already the 6th in India
    [formatDateTime, "2026-11-25T05:00:00Z", "25 Nov, 10:30 am"],
    [formatDateTime, "2026-11-25T18:35:00Z", "26 Nov, 12:05 am"],
    [formatDateTime, "2026-11-25T06:35:00Z", "25 Nov, 12:05 pm"],
    [formatDay, "2026-11-30T00:00:00Z", "Mon, 30 Nov"],
    [formatShortDay, "2027-01-01T00:00:00Z", "1 Jan"],
  ])("%o(%s) is %s", (format, instant, text) => {
    expect(format(new Date(instant))).toBe(text);
  });

  it("agree with Intl at any minute from 1970 to 2100", () => {
    const instants = fc.integer({ min: 0, max: Date.UTC(2100, 0, 1) / 60_000 }).map((m) => new Date(m * 60_000));
    for (const [format, intl] of same)
      fc.assert(
        fc.property(instants, (d) => {
          expect(format(d)).toBe(intl.format(d));
        }),
        { numRuns: 2_000 },
      );
  });
});

// The Hindi pages', mails' and invoices' dates (issue #36): the same hand-written forms with the
// month and weekday names of Intl's hi-IN, which Node 20 and Chromium both write as "4 दिस॰".
describe("dates as Intl's hi-IN says them", () => {
  const india = { timeZone: "Asia/Kolkata" } as const;
  const utc = { timeZone: "UTC" } as const;
  const same = [
    [formatDate, new Intl.DateTimeFormat("hi-IN", { day: "numeric", month: "short", year: "numeric", ...india })],
    [
      formatDateTime,
      new Intl.DateTimeFormat("hi-IN", {
        day: "numeric",
        month: "short",
        hour: "numeric",
        minute: "2-digit",
        ...india,
      }),
    ],
    [formatDay, new Intl.DateTimeFormat("hi-IN", { weekday: "short", day: "numeric", month: "short", ...utc })],
    [formatShortDay, new Intl.DateTimeFormat("hi-IN", { day: "numeric", month: "short", ...utc })],
  ] as const;

  it.each([
    [formatDate, "2026-12-04T05:00:00Z", "4 दिस॰ 2026"],
    [formatDate, "2026-09-05T20:00:00Z", "6 सित॰ 2026"],
    [formatDateTime, "2026-11-25T18:35:00Z", "26 नव॰, 12:05 am"],
    [formatDay, "2026-12-04T00:00:00Z", "शुक्र, 4 दिस॰"],
    [formatShortDay, "2027-02-01T00:00:00Z", "1 फ़र॰"],
  ])("%o(%s, hi) is %s", (format, instant, text) => {
    expect(format(new Date(instant), "hi")).toBe(text);
  });

  it("every month and weekday as Intl names them", () => {
    const months = Array.from({ length: 12 }, (_, m) => formatShortDay(new Date(Date.UTC(2026, m, 4)), "hi"));
    expect(months.map((d) => d.slice(2)).join(" ")).toBe("जन॰ फ़र॰ मार्च अप्रैल मई जून जुल॰ अग॰ सित॰ अक्टू॰ नव॰ दिस॰");
    const range = expectedDelivery(noonIst("2026-11-23"));
    expect(formatDayRange(range, "hi")).toBe("मंगल, 1 दिस॰ – मंगल, 8 दिस॰");
  });

  it("agree with Intl at any minute from 1970 to 2100", () => {
    const instants = fc.integer({ min: 0, max: Date.UTC(2100, 0, 1) / 60_000 }).map((m) => new Date(m * 60_000));
    for (const [format, intl] of same)
      fc.assert(
        fc.property(instants, (d) => {
          expect(format(d, "hi")).toBe(intl.format(d));
        }),
        { numRuns: 2_000 },
      );
  });
});
