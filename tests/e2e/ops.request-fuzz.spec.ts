// A request fuzzer over raw sockets (issue #11): random methods (TRACE, CONNECT, PROPFIND,
// lowercase and unknown ones), paths from every route of app/routes.ts, headers, hostile query
// numbers and bodies, as guest, customer and admin. Properties: the server answers every request
// with a status below 500, and still answers /healthz after each one. Seeded and replayable like
// api.fuzz.spec.ts (FC_SEED), and bounded in time.
import { readFileSync } from "node:fs";
import { connect } from "node:net";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import fc from "fast-check";
import {
  adminClient,
  Client,
  createProduct,
  dbHealth,
  dbOf,
  placeOrder,
  ROOT,
  runsHere,
  startServer,
  uniqueEmail,
  type TestServer,
} from "../server";

test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "server-level test: runs once");

const FC_SEED = process.env.FC_SEED ? Number(process.env.FC_SEED) : process.env.CI ? 20261123 : undefined;
const NUM_RUNS = Number(process.env.FUZZ_RUNS ?? 1_000);
const TIME_LIMIT_MS = Number(process.env.FUZZ_MS ?? 60_000);

/** Every URL pattern of app/routes.ts, read from the file so a new route is fuzzed too. */
function routePatterns(): string[] {
  const source = readFileSync(join(ROOT, "app", "routes.ts"), "utf8");
  const patterns = [...source.matchAll(/\broute\(\s*"([^"]*)"/g)].map((m) => `/${m[1]}`);
  if (/\bindex\(/.test(source)) patterns.push("/");
  return patterns;
}

type RawAnswer = { status: number; head: string };

/**
 * One request on its own connection, written byte for byte (fetch and node:http refuse many of
 * these methods and headers). Resolves with the status line's code once the server closes.
 */
function rawHttp(port: number, head: string, body: Buffer): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    socket.setTimeout(15_000, () => {
      socket.destroy();
      reject(new Error("no answer within 15 s"));
    });
    socket.on("data", (c: Buffer) => chunks.push(c));
    socket.on("error", (error: NodeJS.ErrnoException) => {
      // A server may answer and close before it has read a body it refuses; the answer counts.
      if (error.code === "ECONNRESET" || error.code === "EPIPE") return;
      reject(error);
    });
    socket.on("close", () => {
      const text = Buffer.concat(chunks).toString("latin1");
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1] ?? 0);
      const end = text.indexOf("\r\n\r\n");
      resolve({ status, head: text.slice(0, end === -1 ? 2_000 : end + 2) });
    });
    socket.write(Buffer.concat([Buffer.from(head, "latin1"), body]));
  });
}

const HUGE_NUMBERS = [
  "1e308",
  "1e20",
  "-0",
  "NaN",
  "9223372036854775808",
  "18446744073709551616",
  "-9223372036854775809",
  "Infinity",
  "-1",
  "0",
  "1.5",
  "0x10",
  "1e-7",
  "",
  " 3",
  "2",
];
const HOSTILE_TEXT = [
  "ab%00c",
  "%00",
  "%zz",
  "%E2%80%AE",
  "%F0%9F%94%A5",
  "'%20OR%201=1--",
  '"*',
  "NEAR(a",
  "a*b*",
  "-x",
  "%22%22",
  "x".repeat(3000),
  "%C0%AE%C0%AE",
  "..%2F..%2Fetc",
  "candle",
];
const METHODS = [
  "GET",
  "HEAD",
  "POST",
  "PUT",
  "PATCH",
  "DELETE",
  "OPTIONS",
  "TRACE",
  "TRACK",
  "CONNECT",
  "PROPFIND",
  "MKCOL",
  "PURGE",
  "get",
  "post",
  "FOO",
  "M-SEARCH",
  "SEARCH",
  "LINK",
];
const CONTENT_TYPES = [
  "application/x-www-form-urlencoded",
  "application/json",
  "multipart/form-data; boundary=XyZ",
  "multipart/form-data",
  "text/plain",
  "image/png",
  "application/octet-stream",
  "application/json; charset=utf-16",
  "application/x-www-form-urlencoded; charset=bogus",
];
const INTENTS = [
  "add",
  "update",
  "remove",
  "clear",
  "place",
  "lookup",
  "review",
  "status",
  "paid",
  "deliver",
  "delete",
  "logout",
  "x",
  "",
];
const FIELDS = [
  "intent",
  "productId",
  "qty",
  "rating",
  "comment",
  "name",
  "email",
  "password",
  "phone",
  "price",
  "mrp",
  "stock",
  "description",
  "images",
  "status",
  "pin",
  "city",
  "state",
  "address",
  "redirect",
  "redirectTo",
  "token",
  "page",
];

test("random requests of any method, path, header and body: never a 5xx, and the server keeps answering", async ({}, testInfo) => {
  test.skip(!runsHere(testInfo));
  test.setTimeout(TIME_LIMIT_MS + 60_000);
  const server: TestServer = await startServer();
  try {
    const admin = await adminClient(server.url);
    const customer = new Client(server.url);
    expect((await customer.register(uniqueEmail("fuzz"))).status).toBe(201);
    const product = await createProduct(admin, { name: "Fuzz Test Amber", stock: 1_000 });
    const orderRes = await placeOrder(customer, product, 1);
    expect(orderRes.status).toBe(201);
    const order = ((await orderRes.json()) as { _id: string })._id;
    const ids = [
      product,
      order,
      "0".repeat(24),
      "ffffffffffffffffffffffff",
      "..",
      "%2e%2e",
      "%00",
      "x".repeat(400),
      "%zz",
      "1e308",
      "a%2Fb",
      "😀",
      "%F0%9F%98%80",
    ];
    const cookies = [
      "",
      customer.cookieHeader(),
      admin.cookieHeader(),
      "__session=forged.sig",
      "rk_cart_v1=%7B%22garbage",
      `rk_cart_v1=${encodeURIComponent(JSON.stringify([{ id: product, qty: 1e308 }]))}`,
      "__toast=x; __session=; a=b=c",
    ];
    const patterns = routePatterns();
    expect(patterns.length).toBeGreaterThan(30);

    const path = fc
      .tuple(
        fc.constantFrom(...patterns),
        fc.constantFrom(...ids),
        fc.array(fc.constantFrom(...ids, "assets", "a.js", "..", ""), { maxLength: 3 }),
      )
      .map(([pattern, id, rest]) =>
        pattern
          .replace(/:[a-z]+/gi, id)
          .replace(/\*$/, rest.join("/"))
          .replace(/^\/\//, "/"),
      );
    const query = fc
      .array(
        fc.tuple(
          fc.constantFrom(
            "page",
            "limit",
            "q",
            "search",
            "sort",
            "order",
            "image",
            "tab",
            "redirect",
            "highlight",
            "index",
            "_data",
          ),
          fc.constantFrom(...HUGE_NUMBERS, ...HOSTILE_TEXT, "price-asc", "rating", "orders"),
        ),
        { maxLength: 4 },
      )
      .map((pairs) => (pairs.length ? `?${pairs.map(([k, v]) => `${k}=${v}`).join("&")}` : ""));
    const suffix = fc.constantFrom("", "", "", ".data", "/", "?index", "%00", "/..", "#frag");
    const headers = fc.record(
      {
        cookie: fc.constantFrom(...cookies),
        origin: fc.constantFrom(server.url, server.url, "https://evil.example", "null", ""),
        referer: fc.constantFrom(`${server.url}/checkout`, "https://evil.example/", "::not a url::"),
        "sec-fetch-site": fc.constantFrom("same-origin", "none", "same-site", "cross-site", "bogus"),
        accept: fc.constantFrom("text/html", "application/json", "*/*", "text/x-component", "image/*;q=0"),
        "accept-encoding": fc.constantFrom("br", "gzip;q=0, br;q=0", "identity", "*", "x".repeat(500)),
        range: fc.constantFrom(
          "bytes=0-10",
          "bytes=999999999-",
          "bytes=-0",
          "bytes=5-1",
          "bytes=0-1,3-4,6-7",
          "items=0-1",
        ),
        "if-none-match": fc.constantFrom("*", '"abc"', 'W/"x"', ""),
        "if-modified-since": fc.constantFrom(
          "Thu, 01 Jan 1970 00:00:00 GMT",
          "not a date",
          "Fri, 31 Dec 9999 23:59:59 GMT",
        ),
        "x-forwarded-for": fc.constantFrom("1.2.3.4", "::1, 10.0.0.1", "x".repeat(300), "'; drop table users"),
        "x-forwarded-host": fc.constantFrom("evil.example", "", "a\tb"),
        "x-forwarded-proto": fc.constantFrom("https", "gopher"),
        "idempotency-key": fc.constantFrom("k1", "", "x".repeat(5_000)),
        "x-shop-client-ip": fc.constantFrom("6.6.6.6"),
        authorization: fc.constantFrom("Bearer x", "Basic Og=="),
        "content-type": fc.constantFrom(...CONTENT_TYPES),
        "x-http-method-override": fc.constantFrom("DELETE", "TRACE"),
      },
      { requiredKeys: [] },
    );
    const formValue = fc.oneof(
      fc.constantFrom(...HUGE_NUMBERS, ...INTENTS, product, order, "-5", "6", "Cancelled", "Delivered"),
      fc.string({ maxLength: 40 }),
    );
    const body = fc.oneof(
      fc.constant(Buffer.alloc(0)),
      fc
        .array(fc.tuple(fc.constantFrom(...FIELDS), formValue), { maxLength: 8 })
        .map((pairs) => Buffer.from(new URLSearchParams(pairs).toString())),
      fc.jsonValue({ maxDepth: 3 }).map((v) => Buffer.from(JSON.stringify(v))),
      fc.uint8Array({ maxLength: 2_000 }).map((a) => Buffer.from(a)),
      fc.constantFrom(
        Buffer.from(
          '--XyZ\r\nContent-Disposition: form-data; name="intent"\r\n\r\nplace\r\n--XyZ\r\nContent-Disposition: form-data; name="images"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n\x1a\n\r\n--XyZ--\r\n',
          "latin1",
        ),
        Buffer.from("--XyZ\r\nbroken"),
        Buffer.from('{"items":[{"product":"x","qty":1e308}]}'),
        Buffer.from("intent=add&productId=" + product + "&qty=9223372036854775808"),
      ),
    );
    // Most real traffic is GET and POST: weigh them so the app's own code is reached often.
    const method = fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom("GET", "POST") },
      { weight: 1, arbitrary: fc.constantFrom(...METHODS) },
    );
    const framing = fc.constantFrom("length", "length", "length", "chunked", "none");

    let requests = 0;
    const fiveHundreds: string[] = [];
    await fc.assert(
      fc.asyncProperty(method, path, query, suffix, headers, body, framing, async (method, p, q, s, h, b, frame) => {
        const target = `${p}${s}${q}`.replace(/[\s]/g, "%20");
        const lines = [`${method} ${target} HTTP/1.1`, `Host: 127.0.0.1:${server.port}`, "Connection: close"];
        for (const [k, v] of Object.entries(h)) if (v !== "") lines.push(`${k}: ${v}`);
        let payload = b;
        if (frame === "length") lines.push(`Content-Length: ${b.length}`);
        else if (frame === "chunked") {
          lines.push("Transfer-Encoding: chunked");
          payload = b.length
            ? Buffer.concat([Buffer.from(`${b.length.toString(16)}\r\n`), b, Buffer.from("\r\n0\r\n\r\n")])
            : Buffer.from("0\r\n\r\n");
        } else payload = Buffer.alloc(0);
        const answer = await rawHttp(server.port, `${lines.join("\r\n")}\r\n\r\n`, payload);
        requests++;
        expect(answer.status, `${method} ${target}: no status line (${answer.head})`).toBeGreaterThanOrEqual(100);
        if (answer.status >= 500) fiveHundreds.push(`${answer.status} ${method} ${target} ${JSON.stringify(h)}`);
        expect(
          answer.status,
          `${method} ${target} ${JSON.stringify(h)} (${frame}, ${b.length} bytes) → ${answer.head}`,
        ).toBeLessThan(500);
        const health = await fetch(`${server.url}/healthz`, { signal: AbortSignal.timeout(10_000) });
        expect(health.status, `/healthz after ${method} ${target}`).toBe(200);
        await health.body?.cancel();
      }),
      { numRuns: NUM_RUNS, seed: FC_SEED, interruptAfterTimeLimit: TIME_LIMIT_MS, markInterruptAsFailure: false },
    );
    expect(fiveHundreds).toEqual([]);
    // The process that took every request is the one still running.
    expect(server.proc.exitCode).toBeNull();
    expect(requests).toBeGreaterThan(50);
    // No request wrote anything half: every order still has its lines.
    expect((await dbHealth(dbOf(server))).ordersWithoutItems).toBe(0);
    testInfo.annotations.push({ type: "requests", description: String(requests) });
  } finally {
    await server.stop();
  }
});

test("the probe's findings at the door: TRACE/TRACK/CONNECT/lowercase are 405 with Allow, OPTIONS is 204 and runs no loader", async ({}, testInfo) => {
  test.skip(!runsHere(testInfo));
  const server = await startServer();
  try {
    const customer = new Client(server.url);
    expect((await customer.register(uniqueEmail("options"))).status).toBe(201);
    for (const method of ["TRACE", "PROPFIND", "MKCOL"]) {
      const answer = await rawHttp(
        server.port,
        `${method} / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
        Buffer.alloc(0),
      );
      expect(answer.status, method).toBe(405);
      expect(answer.head, method).toMatch(/\r\nallow: GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS\r\n/i);
    }
    // Node's parser refuses methods it does not know (TRACK, lowercase, made-up) with a 400 itself.
    for (const method of ["TRACK", "get", "FOO"]) {
      expect(
        (await rawHttp(server.port, `${method} / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`, Buffer.alloc(0)))
          .status,
        method,
      ).toBe(400);
    }
    // CONNECT is answered too, never dropped unanswered.
    const connectAnswer = await rawHttp(
      server.port,
      "CONNECT evil.example:443 HTTP/1.1\r\nHost: evil.example:443\r\n\r\n",
      Buffer.alloc(0),
    );
    expect(connectAnswer.status).toBe(405);

    // OPTIONS with a session: an empty 204, no user data from any loader.
    for (const path of ["/api/auth/me", "/orders", "/api/orders/my", "/checkout"]) {
      const res = await fetch(`${server.url}${path}`, {
        method: "OPTIONS",
        headers: { cookie: customer.cookieHeader() },
      });
      expect(res.status, path).toBe(204);
      expect(res.headers.get("allow")).toBe("GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS");
      expect(await res.text(), path).toBe("");
    }
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
    expect(server.proc.exitCode).toBeNull();
  } finally {
    await server.stop();
  }
});

test("pages and answers with personal data carry Cache-Control: private, no-store", async ({}, testInfo) => {
  test.skip(!runsHere(testInfo));
  const server = await startServer();
  try {
    const customer = new Client(server.url);
    expect((await customer.register(uniqueEmail("nostore"))).status).toBe(201);
    const admin = await adminClient(server.url);
    for (const [client, path] of [
      [customer, "/orders"],
      [customer, "/orders.data"],
      [customer, "/checkout"],
      [customer, "/cart"],
      [customer, "/api/auth/me"],
      [customer, "/api/orders/my"],
      [admin, "/admin"],
      [admin, "/admin?tab=orders"],
      [admin, "/admin/products/new"],
      [admin, "/api/orders"],
    ] as const) {
      const res = await client.fetch(path);
      expect(res.status, path).toBe(200);
      // "private, no-store", or a route's own stricter value that says both.
      expect(res.headers.get("cache-control"), path).toMatch(/^(?=.*\bprivate\b)(?=.*\bno-store\b)/);
      expect(res.headers.get("cache-control"), `${path}: said once`).not.toMatch(/no-store.*no-store/);
      await res.body?.cancel();
    }
    // A guest's catalogue page is not personal and keeps its cacheability.
    const shop = await fetch(`${server.url}/shop`);
    expect(shop.headers.get("cache-control") ?? "").not.toContain("no-store");
  } finally {
    await server.stop();
  }
});

test("a cross-site form post with no Origin is refused on a foreign Referer or Sec-Fetch-Site: same-site, and changes nothing", async ({}, testInfo) => {
  test.skip(!runsHere(testInfo));
  const server = await startServer();
  try {
    const customer = new Client(server.url);
    const email = uniqueEmail("referer");
    expect((await customer.register(email)).status).toBe(201);
    const product = await createProduct(await adminClient(server.url), { name: "Referer Test Rose", stock: 10 });
    const form = new URLSearchParams({ intent: "add", productId: product, qty: "1" }).toString();
    const post = (headers: Record<string, string>) =>
      fetch(`${server.url}/cart`, {
        method: "POST",
        redirect: "manual",
        body: form,
        headers: { "content-type": "application/x-www-form-urlencoded", cookie: customer.cookieHeader(), ...headers },
      });
    const refused: Record<string, string>[] = [
      { referer: "https://evil.example/win-a-prize" },
      { "sec-fetch-site": "same-site" },
      { referer: `${server.url}/cart`, "sec-fetch-site": "same-site" },
    ];
    for (const headers of refused) {
      const res = await post(headers);
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(res.headers.getSetCookie().join(), "no cart cookie is set").not.toContain("rk_cart_v1");
    }
    // The same post from this site's own page goes through.
    const ok = await post({ referer: `${server.url}/product/${product}`, "sec-fetch-site": "same-origin" });
    expect([302, 303]).toContain(ok.status);
    expect(ok.headers.getSetCookie().join()).toContain("rk_cart_v1");
  } finally {
    await server.stop();
  }
});
