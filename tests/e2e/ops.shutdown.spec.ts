import { Agent, request as httpRequest } from "node:http";
import { connect, type Socket } from "node:net";
import { expect, test } from "@playwright/test";
import {
  ADDRESS,
  Client,
  dbHealth,
  dbOf,
  placeOrder,
  rawRequest,
  runsHere,
  sleep,
  startServer,
  uniqueEmail,
  type TestServer,
} from "./support/server";

// Server-level test with its own server and database: it needs no browser, so it runs once.
test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "server-level test: runs once");

let server: TestServer | undefined;

test.afterAll(async () => {
  await server?.kill9();
});

/** A GET through `agent` (node:http): its status, body read to the end. */
function fetchWith(agent: Agent, url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    httpRequest(url, { agent }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    })
      .on("error", reject)
      .end();
  });
}

type Raw = { status: number; headers: string; body: string };

/** Decodes a raw HTTP/1.1 response once it is complete (Content-Length or chunked); null until then. */
function parseResponse(raw: string): Raw | null {
  const split = raw.indexOf("\r\n\r\n");
  if (split < 0) return null;
  const headers = raw.slice(0, split);
  let rest = raw.slice(split + 4);
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(headers)?.[1] ?? 0);
  const length = /\r\ncontent-length: *(\d+)/i.exec(headers);
  if (length)
    return rest.length >= Number(length[1]) ? { status, headers, body: rest.slice(0, Number(length[1])) } : null;
  if (!/\r\ntransfer-encoding: *chunked/i.test(headers)) return null;
  let body = "";
  for (;;) {
    const eol = rest.indexOf("\r\n");
    if (eol < 0) return null;
    const size = parseInt(rest.slice(0, eol), 16);
    if (size === 0) return { status, headers, body };
    if (rest.length < eol + 2 + size + 2) return null;
    body += rest.slice(eol + 2, eol + 2 + size);
    rest = rest.slice(eol + 2 + size + 2);
  }
}

/**
 * A request sent in two parts over its own keep-alive connection: `first` now, `rest` on
 * `finish()`. After the first part the server has certainly begun reading this request, so it
 * is in flight when the signal comes.
 */
function twoPart(url: string, first: string, rest: string) {
  const { hostname, port } = new URL(url);
  const socket: Socket = connect(Number(port), hostname);
  let raw = "";
  let error = "";
  socket.setEncoding("latin1").on("data", (c: string) => (raw += c));
  socket.on("error", (e) => (error = e.message));
  socket.write(first, "latin1");
  return {
    socket,
    async finish(): Promise<Raw> {
      socket.write(rest, "latin1");
      for (let i = 0; i < 400; i++) {
        const res = parseResponse(raw);
        // Done with this connection. (A client that keeps it open holds the exit up until the
        // server's 5 s keep-alive timeout: answers after SIGTERM still say keep-alive.)
        if (res) {
          socket.end();
          return res;
        }
        if (socket.closed) break;
        await sleep(25);
      }
      return { status: 0, headers: "", body: `incomplete response (${error || "no error"}): ${raw.slice(0, 300)}` };
    },
  };
}

const head = (url: string, method: string, path: string, headers: Record<string, string> = {}) => {
  const { host } = new URL(url);
  return (
    [`${method} ${path} HTTP/1.1`, `Host: ${host}`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)].join(
      "\r\n",
    ) + "\r\n"
  );
};

/** A page or PDF request with everything but the blank line that ends its headers. */
const slowGet = (url: string, path: string, cookie?: string) =>
  twoPart(url, head(url, "GET", path, cookie ? { Cookie: cookie } : {}), "\r\n");

/** A JSON POST with its headers and half its body. */
function slowPost(url: string, path: string, json: unknown, cookie?: string) {
  const body = Buffer.from(JSON.stringify(json)).toString("latin1");
  const half = Math.floor(body.length / 2);
  const headers: Record<string, string> = {
    Origin: url,
    "Content-Type": "application/json",
    "Content-Length": String(body.length),
  };
  if (cookie) headers.Cookie = cookie;
  return twoPart(url, `${head(url, "POST", path, headers)}\r\n${body.slice(0, half)}`, body.slice(half));
}

test("SIGTERM: in-flight requests finish, new connections are refused, exit 0 with a clean database", async ({}, testInfo) => {
  test.skip(!runsHere(testInfo));
  server = await startServer();
  const { url } = server;

  const customer = new Client(url);
  const email = uniqueEmail("shutdown");
  expect((await customer.register(email)).status).toBe(201);
  const product = (await (await fetch(`${url}/api/products?limit=1`)).json()) as { items: { _id: string }[] };
  const productId = product.items[0]!._id;
  const placed = await placeOrder(customer, productId, 1);
  expect(placed.status).toBe(201);
  const orderId = ((await placed.json()) as { _id: string })._id;

  // Six page and PDF requests whose headers are still arriving, and two whose bodies are.
  const gets = [
    slowGet(url, "/shop?limit=60"),
    slowGet(url, "/shop?limit=60&sort=price-asc"),
    slowGet(url, "/shop?limit=60&sort=rating-desc"),
    slowGet(url, `/api/orders/${orderId}/invoice`, customer.cookieHeader()),
    slowGet(url, `/api/orders/${orderId}/invoice`, customer.cookieHeader()),
    slowGet(url, "/"),
  ];
  const login = slowPost(url, "/api/auth/login", { email, password: "secret12" });
  const order = slowPost(
    url,
    "/api/orders",
    {
      contact: { name: "Late Buyer", email, phone: "9876543210" },
      shippingAddress: ADDRESS,
      items: [{ product: productId, qty: 1 }],
    },
    customer.cookieHeader(),
  );
  // A browser-like keep-alive connection that sits idle: it must not hold the shutdown up.
  const idle = new Agent({ keepAlive: true });
  const warm = await fetchWith(idle, `${url}/about`);
  expect(warm).toBe(200);
  await sleep(300);

  // The pages' last header line and the signal go out together: all six are being served as the
  // server starts shutting down.
  const pages = gets.map((g) => g.finish());
  const signalled = Date.now();
  server.proc.kill("SIGTERM");
  for (const [i, page] of (await Promise.all(pages)).entries()) {
    expect(page.status, `request ${i}: ${page.body.slice(0, 300)}\n${server.logs()}`).toBe(200);
    if (i === 3 || i === 4)
      expect(
        page.body.startsWith("%PDF-") && page.body.trimEnd().endsWith("%%EOF"),
        `request ${i} is a whole PDF`,
      ).toBe(true);
    else expect(page.body.trimEnd().endsWith("</html>"), `request ${i} is a whole page`).toBe(true);
  }

  // The listening socket closes at once: a new visitor is refused while old requests finish. Each
  // worker closes its listener as the primary's word reaches it, and the socket is gone once the
  // last has; a connection that comes in between may still be answered, or reset as the socket
  // closes under it. (New connections: fetch might reuse one of its pooled keep-alive sockets.)
  expect(server.proc.exitCode).toBeNull();
  const probes: string[] = [];
  const probing = Date.now();
  while (probes.at(-1) !== "ECONNREFUSED" && Date.now() - probing < 5_000) {
    probes.push(
      await rawRequest(`${url}/healthz`, {}).then(
        (r) => `answered ${r.status}`,
        (e: Error & { code?: string }) => e.code ?? e.message,
      ),
    );
  }
  expect(probes.at(-1), `new connections after the signal: ${probes.join(", ")}`).toBe("ECONNREFUSED");

  // The half-sent requests are still served after the signal.
  const loggedIn = await login.finish();
  expect(loggedIn.status, loggedIn.body).toBe(200);
  expect(JSON.parse(loggedIn.body)).toMatchObject({ email });
  const ordered = await order.finish();
  expect(ordered.status, ordered.body).toBe(201);
  const lateOrder = (JSON.parse(ordered.body) as { _id: string })._id;

  const exit = await server.exited;
  const tookMs = Date.now() - signalled;
  idle.destroy();
  expect(exit).toEqual({ code: 0, signal: null });
  expect(tookMs).toBeLessThan(10_000);
  expect(server.logs()).toContain("SIGTERM: finishing in-flight requests");
  expect(server.logs()).toMatch(/Stopped\.\s*$/);
  testInfo.annotations.push({
    type: "exit",
    description: `exited ${tookMs} ms after SIGTERM; late answers said ${/\r\nconnection: *(\S+)/i.exec(loggedIn.headers)?.[1]}`,
  });

  const db = dbOf(server);
  expect(await dbHealth(db)).toEqual({ integrity: "ok", ordersWithoutItems: 0 });
  expect(await db.value("select count(*) from orders where id in (?, ?)", orderId, lateOrder)).toBe(2);
});
