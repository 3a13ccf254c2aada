import { beforeAll, describe, expect, it } from "vitest";
import { writeTransaction } from "~/db/client.server";
import { orderItems, orders, products } from "~/db/schema";
import { parseOrderFilter, RANGE_INVALID, DATE_INVALID } from "~/lib/order-filter";
import { CSV_HEADER, csvDateTime, csvRows, orderCsv } from "~/models/orders/export.server";
import { listAllOrders, pageOfOrders } from "~/models/orders/read.server";
import { newId } from "~/utils/id.server";

// Issue #26: the Orders tab's filters and search, and the CSV export of what they keep.

describe("CSV cells", () => {
  it("quotes every field, doubles quotes, keeps commas, line breaks and Indian names", () => {
    expect(csvRows([["a,b", 'say "hi"', "two\nlines", "प्रिया शर्मा", "தமிழ்", 3]])).toBe(
      '"a,b","say ""hi""","two\nlines","प्रिया शर्मा","தமிழ்","3"\r\n',
    );
  });

  it("neutralises a cell starting with =, +, -, @, tab or CR; numbers stay numbers", () => {
    const cells = ['=HYPERLINK("http://evil.example","Click")', "+91 98765", "-2+3", "@SUM(A1)", "\tx", "\rx"];
    expect(csvRows([cells])).toBe(
      `"'=HYPERLINK(""http://evil.example"",""Click"")","'+91 98765","'-2+3","'@SUM(A1)","'\tx","'\rx"\r\n`,
    );
    expect(csvRows([[-5, "a=b", " =1"]])).toBe('"-5","a=b"," =1"\r\n');
  });

  it("writes India time", () => {
    expect(csvDateTime(new Date("2026-03-14T18:00:00Z"))).toBe("2026-03-14 23:30");
  });
});

describe("order filters read from a URL", () => {
  it("keeps what is right and says what is wrong", () => {
    expect(parseOrderFilter(new URLSearchParams("status=Placed&from=2026-03-01&to=2026-03-31&q=%20asha%20"))).toEqual({
      filter: { status: "Placed", from: "2026-03-01", to: "2026-03-31", q: "asha" },
      errors: [],
    });
    expect(parseOrderFilter(new URLSearchParams("status=&from=&to=&q="))).toEqual({ filter: {}, errors: [] });
    const bad = parseOrderFilter(new URLSearchParams("status=Lost&from=2026-02-30&q=x"));
    expect(bad.filter).toEqual({ q: "x" });
    expect(bad.errors).toContain(DATE_INVALID);
    expect(bad.errors.some((e) => e.startsWith("Status must be one of"))).toBe(true);
    expect(parseOrderFilter(new URLSearchParams("from=2026-03-02&to=2026-03-01")).errors).toEqual([RANGE_INVALID]);
  });
});

describe("filtered orders and their CSV, from the database", () => {
  const product = newId();
  // Fixed ids: the search also matches the end of an order number, so a random id ending in the
  // digits searched for (about 1 run in 800 with 1,234 random ids) would be a rightful extra hit.
  const o = {
    asha: "a5a0000000000000000a5a01",
    ravi: "1a7100000000000000ea7102",
    meena: "3ee0000000000000000ee003",
    late: "1a7e000000000000000ae704",
  };
  const base = {
    contactEmail: "x@example.com",
    contactPhone: "9000000000",
    address: "1 Road",
    city: "Pune",
    state: "Maharashtra",
    pin: "411001",
    subtotal: 0,
    shipping: 4900,
  };
  const many = 1_234; // more than a batch of the export

  beforeAll(async () => {
    await writeTransaction(async (tx) => {
      await tx.insert(products).values({ id: product, name: "Jar", price: 100, stock: 0 });
      await tx.insert(orders).values([
        {
          ...base,
          id: o.asha,
          contactName: "Asha Rao",
          contactEmail: "Asha.Rao@Example.com",
          contactPhone: "+91 98765-43210",
          status: "Placed",
          grandTotal: 54_900,
          createdAt: new Date("2026-03-10T05:00:00Z"),
        },
        {
          ...base,
          id: o.ravi,
          contactName: '=HYPERLINK("http://evil.example","Ravi")',
          status: "Shipped",
          isPaid: true,
          // Issue #38: paid by UPI with 5 % off; Meena's pays the COD fee.
          paymentMethod: "UPI",
          prepaidDiscount: 255,
          utr: "412345678901",
          grandTotal: 10_000,
          createdAt: new Date("2026-03-11T05:00:00Z"),
        },
        {
          ...base,
          id: o.meena,
          contactName: "मीना 100%",
          city: "वाराणसी",
          status: "Placed",
          codFee: 3000,
          grandTotal: 20_000,
          createdAt: new Date("2026-03-12T05:00:00Z"),
        },
        // 23:30 IST on 12 March
        {
          ...base,
          id: o.late,
          contactName: "Late Night",
          status: "Delivered",
          grandTotal: 30_000,
          createdAt: new Date("2026-03-12T18:00:00Z"),
        },
      ]);
      await tx.insert(orderItems).values([
        { id: newId(), orderId: o.asha, productId: product, name: "Jar, large", qty: 2, price: 25_000, position: 0 },
        { id: newId(), orderId: o.asha, productId: product, name: "Tin", qty: 1, price: 0, position: 1 },
        { id: newId(), orderId: o.ravi, productId: product, name: "Jar", qty: 1, price: 5_100, position: 0 },
        { id: newId(), orderId: o.meena, productId: product, name: "दीया", qty: 3, price: 5_033, position: 0 },
        { id: newId(), orderId: o.late, productId: product, name: "Jar", qty: 1, price: 25_100, position: 0 },
      ]);
      const rows = Array.from({ length: many }, (_, i) => ({
        ...base,
        id: `b${String(i).padStart(23, "0")}`, // digits only at the end: no search above reaches them
        contactName: `Bulk ${i}`,
        status: "Delivered" as const,
        grandTotal: 5_000,
        // several orders share each second: the export's paging must not skip or repeat them
        createdAt: new Date(Date.UTC(2026, 0, 1) + Math.floor(i / 5) * 1000),
      }));
      for (let i = 0; i < rows.length; i += 400) await tx.insert(orders).values(rows.slice(i, i + 400));
      const lines = rows.map((r) => ({
        id: newId(),
        orderId: r.id,
        productId: product,
        name: "Bulk jar",
        qty: 1,
        price: 100,
        position: 0,
      }));
      for (let i = 0; i < lines.length; i += 400) await tx.insert(orderItems).values(lines.slice(i, i + 400));
    });
  });

  const ids = async (filter: Parameters<typeof listAllOrders>[0]) => (await listAllOrders(filter)).map((x) => x.id);

  it("filters by status, and by India days (23:30 IST is still that day)", async () => {
    expect(await ids({ status: "Placed" })).toEqual([o.meena, o.asha]);
    expect(await ids({ from: "2026-03-12", to: "2026-03-12" })).toEqual([o.late, o.meena]);
    expect(await ids({ from: "2026-03-13" })).toEqual([]);
    expect(await ids({ from: "2026-03-11", to: "2026-03-11", status: "Shipped" })).toEqual([o.ravi]);
    const page = await pageOfOrders(1, { status: "Delivered" });
    expect(page.totalItems).toBe(many + 1);
    expect(page.orders[0]!.id).toBe(o.late);
  });

  it("searches the phone by its digits, the order number, the name and email in any case", async () => {
    expect(await ids({ q: "9876543210" })).toEqual([o.asha]);
    expect(await ids({ q: "+91 98765 43210" })).toEqual([o.asha]);
    expect(await ids({ q: "43210" })).toEqual([o.asha]);
    expect(await ids({ q: `#${o.ravi.slice(-6)}` })).toEqual([o.ravi]);
    expect(await ids({ q: o.ravi.slice(-6).toUpperCase() })).toEqual([o.ravi]);
    expect(await ids({ q: "asha.rao@example" })).toEqual([o.asha]);
    expect(await ids({ q: "LATE night" })).toEqual([o.late]);
    expect(await ids({ q: "मीना" })).toEqual([o.meena]);
    // LIKE's wildcards are taken literally
    expect(await ids({ q: "100%" })).toEqual([o.meena]);
    expect(await ids({ q: "%" })).toEqual([o.meena]);
    expect(await ids({ q: "_" })).toEqual([]);
  });

  it("exports one row per line, BOM first, formulas neutralised, filters applied", async () => {
    let csv = "";
    for await (const piece of orderCsv({ from: "2026-03-10", to: "2026-03-12" })) csv += piece;
    expect(csv.startsWith("\uFEFF")).toBe(true);
    const lines = csv.slice(1).split("\r\n");
    expect(lines[0]).toBe(CSV_HEADER.map((h) => `"${h}"`).join(","));
    expect(lines.slice(1)).toEqual([
      `"2026-03-12 23:30","#${o.late.slice(-6)}","Delivered","No","Late Night","9000000000","Pune","Maharashtra","411001","Jar","1","251.00","251.00","49.00","300.00","COD","0.00","0.00",,,"0.00"`,
      `"2026-03-12 10:30","#${o.meena.slice(-6)}","Placed","No","मीना 100%","9000000000","वाराणसी","Maharashtra","411001","दीया","3","50.33","150.99","49.00","200.00","COD","0.00","30.00",,,"0.00"`,
      `"2026-03-11 10:30","#${o.ravi.slice(-6)}","Shipped","Yes","'=HYPERLINK(""http://evil.example"",""Ravi"")","9000000000","Pune","Maharashtra","411001","Jar","1","51.00","51.00","49.00","100.00","UPI","2.55","0.00","412345678901",,"0.00"`,
      `"2026-03-10 10:30","#${o.asha.slice(-6)}","Placed","No","Asha Rao","'+91 98765-43210","Pune","Maharashtra","411001","Jar, large","2","250.00","500.00","49.00","549.00","COD","0.00","0.00",,,"0.00"`,
      `"2026-03-10 10:30","#${o.asha.slice(-6)}","Placed","No","Asha Rao","'+91 98765-43210","Pune","Maharashtra","411001","Tin","1","0.00","0.00","49.00","549.00","COD","0.00","0.00",,,"0.00"`,
      "",
    ]);
  });

  it("pages through every order once, in batches, newest first", async () => {
    const seen: string[] = [];
    let pieces = 0;
    for await (const piece of orderCsv({ q: "Bulk" })) {
      pieces++;
      for (const line of piece.split("\r\n").slice(pieces === 1 ? 1 : 0)) if (line) seen.push(line.split(",")[4]!);
    }
    expect(pieces).toBeGreaterThan(2);
    expect(seen).toHaveLength(many);
    expect(new Set(seen).size).toBe(many);
    const expected = Array.from({ length: many }, (_, i) => `"Bulk ${i}"`);
    expect([...seen].sort()).toEqual([...expected].sort());
  });
});
