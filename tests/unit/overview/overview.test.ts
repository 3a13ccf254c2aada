import { beforeAll, describe, expect, it } from "vitest";
import { writeTransaction } from "~/db/client.server";
import { orderItems, orders, products } from "~/db/schema";
import { dayOfNumber, indiaDayNumber, indiaDayStart, isoDay, parseIsoDayNumber } from "~/lib/dates";
import {
  lowStock,
  ordersWaiting,
  ownerOverview,
  salesByDay,
  sumSales,
  waitingOrderIds,
} from "~/models/overview/overview.server";
import { newId } from "~/utils/id.server";

// Issue #26: the owner's overview counts India days (UTC+05:30) on both databases.

describe("India day numbers", () => {
  it("23:30 IST is still that day; midnight IST is the next, though UTC has not turned", () => {
    const at2330 = new Date("2026-03-14T18:00:00Z"); // 23:30 IST, 14 March
    const atMidnight = new Date("2026-03-14T18:30:00Z"); // 00:00 IST, 15 March
    expect(isoDay(dayOfNumber(indiaDayNumber(at2330)))).toBe("2026-03-14");
    expect(isoDay(dayOfNumber(indiaDayNumber(atMidnight)))).toBe("2026-03-15");
    expect(indiaDayStart(indiaDayNumber(atMidnight)).toISOString()).toBe("2026-03-14T18:30:00.000Z");
  });

  it("reads YYYY-MM-DD, and only real dates", () => {
    expect(isoDay(dayOfNumber(parseIsoDayNumber("2026-02-28")!))).toBe("2026-02-28");
    for (const bad of ["2026-02-30", "2026-13-01", "26-01-01", "2026-1-1", "", "2026-01-01T00:00"])
      expect(parseIsoDayNumber(bad), bad).toBeNull();
  });

  it("sums a period: paid and unpaid apart, the average to the paisa", () => {
    expect(
      sumSales([
        { day: 1, orders: 2, revenue: 1000, paid: 400, codeOrders: 1, codeRevenue: 600 },
        { day: 2, orders: 1, revenue: 1, paid: 0, codeOrders: 0, codeRevenue: 0 },
      ]),
    ).toEqual({ orders: 3, revenue: 1001, paid: 400, unpaid: 601, average: 334, codeOrders: 1, codeRevenue: 600 });
    expect(sumSales([])).toEqual({
      orders: 0,
      revenue: 0,
      paid: 0,
      unpaid: 0,
      average: 0,
      codeOrders: 0,
      codeRevenue: 0,
    });
  });
});

describe("the overview's figures from the database", () => {
  const now = new Date("2026-03-15T12:00:00Z"); // 17:30 IST, 15 March
  const today = indiaDayNumber(now);
  const jar = newId();
  const tin = newId();
  const ids: Record<string, string> = {};

  const contact = {
    contactName: "Asha",
    contactEmail: "asha@example.com",
    contactPhone: "9876543210",
    address: "12 MG Road",
    city: "Pune",
    state: "Maharashtra",
    pin: "411001",
    subtotal: 0,
    shipping: 4900,
  };
  type Seed = {
    key: string;
    at: string;
    total: number;
    status?: (typeof orders.$inferInsert)["status"];
    paid?: boolean;
    lines?: [string, number][];
  };
  const seeds: Seed[] = [
    // 23:30 IST on 14 March: yesterday, not today
    { key: "late", at: "2026-03-14T18:00:00Z", total: 10_000, lines: [["jar", 2]] },
    // 00:30 IST on 15 March (19:00 UTC on the 14th): today
    { key: "early", at: "2026-03-14T19:00:00Z", total: 25_050, paid: true, lines: [["tin", 1]] },
    { key: "noon", at: "2026-03-15T06:30:00Z", total: 4_950, lines: [["jar", 1]] },
    // cancelled today: no sale
    { key: "cancelled", at: "2026-03-15T07:00:00Z", total: 99_900, status: "Cancelled", lines: [["tin", 50]] },
    // 6 days ago is in the last 7 days; 7 days ago is not
    { key: "d6", at: "2026-03-09T06:00:00Z", total: 1_000, paid: true, status: "Delivered", lines: [["tin", 3]] },
    { key: "d7", at: "2026-03-08T06:00:00Z", total: 2_000, status: "Shipped", lines: [["jar", 1]] },
    // 29 days ago is in the last 30 days (14 Feb IST 00:00 = 13 Feb 18:30 UTC); 30 days ago is not
    { key: "d29", at: "2026-02-13T18:30:00Z", total: 3_000, status: "Processing", lines: [["jar", 1]] },
    { key: "d30", at: "2026-02-13T18:29:59Z", total: 7_000, status: "Placed", lines: [["tin", 9]] },
  ];

  beforeAll(async () => {
    await writeTransaction(async (tx) => {
      await tx.insert(products).values([
        { id: jar, name: "Jar candle", price: 100, stock: 3 },
        { id: tin, name: "Tin candle", price: 100, stock: 0 },
        { id: newId(), name: "Pillar", price: 100, stock: 5 },
        { id: newId(), name: "Votive", price: 100, stock: 6 },
        { id: newId(), name: "Gone", price: 100, stock: 0, deletedAt: new Date() },
      ]);
      for (const s of seeds) {
        const id = newId();
        ids[s.key] = id;
        await tx.insert(orders).values({
          id,
          ...contact,
          grandTotal: s.total,
          createdAt: new Date(s.at),
          status: s.status ?? "Placed",
          isPaid: s.paid ?? false,
        });
        for (const [position, [p, qty]] of (s.lines ?? []).entries())
          await tx.insert(orderItems).values({
            id: newId(),
            orderId: id,
            productId: p === "jar" ? jar : tin,
            name: p,
            qty,
            price: 100,
            position,
          });
      }
    });
  });

  it("buckets each order on its India day, cancelled ones left out", async () => {
    const days = await salesByDay(today - 1, today);
    expect(days).toEqual([
      { day: today - 1, orders: 1, revenue: 10_000, paid: 0, codeOrders: 0, codeRevenue: 0 },
      { day: today, orders: 2, revenue: 30_000, paid: 25_050, codeOrders: 0, codeRevenue: 0 },
    ]);
  });

  it("today, 7 days and 30 days: counts, revenue, paid and unpaid, average", async () => {
    const o = await ownerOverview(now);
    expect(o.today).toBe(today);
    expect(o.days).toHaveLength(30);
    expect(o.days[0]!.day).toBe(today - 29);
    expect(o.periods.today).toEqual({
      orders: 2,
      revenue: 30_000,
      paid: 25_050,
      unpaid: 4_950,
      average: 15_000,
      codeOrders: 0,
      codeRevenue: 0,
    });
    expect(o.periods.week).toEqual({
      orders: 4,
      revenue: 41_000,
      paid: 26_050,
      unpaid: 14_950,
      average: 10_250,
      codeOrders: 0,
      codeRevenue: 0,
    });
    expect(o.periods.month).toEqual({
      orders: 6,
      revenue: 46_000,
      paid: 26_050,
      unpaid: 19_950,
      average: 7_667,
      codeOrders: 0,
      codeRevenue: 0,
    });
    expect(o.days.find((d) => isoDay(dayOfNumber(d.day)) === "2026-02-14")).toEqual({
      day: today - 29,
      orders: 1,
      revenue: 3_000,
      paid: 0,
      codeOrders: 0,
      codeRevenue: 0,
    });
  });

  it("best sellers of the 30 days count units, not cancelled ones", async () => {
    const o = await ownerOverview(now);
    // jar: 2 + 1 + 1 + 1 = 5; tin: 1 + 3 = 4 (the cancelled 50 and the 31-day-old 9 left out)
    expect(o.bestSellers.map((b) => [b.name, b.units])).toEqual([
      ["Jar candle", 5],
      ["Tin candle", 4],
    ]);
  });

  it("orders waiting: Placed or Processing for more than 2 days, oldest first", async () => {
    const waiting = await ordersWaiting(now);
    expect(waiting.orders.map((o) => o.id)).toEqual([ids.d30, ids.d29]);
    expect(waiting.total).toBe(2);
    expect(await waitingOrderIds(now)).toEqual([ids.d30, ids.d29]);
    // three days later the orders of 14 and 15 March have waited too long as well
    const threeDaysOn = new Date(now.getTime() + 3 * 86400_000);
    const later = await ordersWaiting(threeDaysOn);
    expect(later.orders.map((o) => o.id)).toEqual([ids.d30, ids.d29, ids.late, ids.early, ids.noon]);
    // each status is asked apart: a shorter list is still the oldest of both, the total all of them
    const firstThree = await ordersWaiting(threeDaysOn, 3);
    expect(firstThree.orders.map((o) => o.id)).toEqual([ids.d30, ids.d29, ids.late]);
    expect(firstThree.total).toBe(5);
  });

  it("low stock: live products at or below the threshold, fewest first; sold out counted", async () => {
    const low = await lowStock(5);
    expect(low.items.map((p) => [p.name, p.stock])).toEqual([
      ["Tin candle", 0],
      ["Jar candle", 3],
      ["Pillar", 5],
    ]);
    expect(low.total).toBe(3);
    expect(low.soldOut).toBe(1);
    expect((await lowStock(0)).items.map((p) => p.name)).toEqual(["Tin candle"]);
  });
});
