import { expect, test } from "@playwright/test";
import { Client, runsHere, startServer, uniqueEmail, type TestServer } from "./support/server";

// TRUST_PROXY (issue #34), against servers of our own. The test speaks as the reverse proxy: it
// connects from 127.0.0.x and sends the X-Forwarded-* a proxy would, with what the client sent
// before what the proxy appended (nginx's $proxy_add_x_forwarded_for).
//   - `oneHop`: TRUST_PROXY=1, no PUBLIC_URL; `alias`: TRUST_PROXY=true, which is read as 1;
//   - `listed`: TRUST_PROXY names the proxy (127.0.0.2), and PUBLIC_URL is set.
test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "server-level test: runs once");
test.describe.configure({ mode: "default" });

const PUBLIC_URL = "https://shop.example.in";
let oneHop: TestServer;
let alias: TestServer;
let listed: TestServer;

test.beforeAll(async ({}, testInfo) => {
  if (!runsHere(testInfo)) return;
  const limits = { RATE_LIMIT_FACTOR: "1", WEB_CONCURRENCY: "1" };
  [oneHop, alias, listed] = await Promise.all([
    startServer({ env: { ...limits, TRUST_PROXY: "1" } }),
    startServer({ env: { ...limits, TRUST_PROXY: "true" } }),
    startServer({ env: { ...limits, TRUST_PROXY: "127.0.0.2, ::1", PUBLIC_URL } }),
  ]);
});

test.afterAll(async () => {
  await Promise.all([oneHop?.stop(), alias?.stop(), listed?.stop()]);
});

/** What the request log says the client's address was, for the one request to `path`. */
async function loggedIp(server: TestServer, path: string): Promise<string | undefined> {
  for (let i = 0; i < 100; i++) {
    const line = server
      .stdout()
      .split("\n")
      .filter((l) => l.startsWith("{"))
      .map((l) => JSON.parse(l) as { path: string; ip: string })
      .find((l) => l.path === path);
    if (line) return line.ip;
    await new Promise((r) => setTimeout(r, 20));
  }
  return undefined;
}

// Regression: TRUST_PROXY=true was Express's "trust every hop", so req.ip was the left-most
// X-Forwarded-For entry, which the client writes and nginx's recipe passed on. 25 failed logins,
// each claiming another first address through the proxy, were 25 × 401: the per-address limit
// (10 a minute) never met them. The same with TRUST_PROXY=1 (then read as true).
for (const setting of ["1", "true"]) {
  test(`TRUST_PROXY=${setting}: a client that forges its first X-Forwarded-For entry still meets the failed-login limit`, async () => {
    const server = setting === "1" ? oneHop : alias;
    const proxy = new Client(server.url);
    const statuses: number[] = [];
    for (let i = 1; i <= 25; i++) {
      const res = await proxy.login(uniqueEmail(`forged${i}`), "nope-nope", {
        "X-Forwarded-For": `198.18.${i}.${i}, 203.0.113.7`,
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual(Array(15).fill(429));
    // Another client behind the same proxy is not locked out with it.
    const other = await proxy.login(uniqueEmail("other"), "nope-nope", { "X-Forwarded-For": "203.0.113.8" });
    expect(other.status).toBe(401);
  });
}

test("TRUST_PROXY=true warns once at start, naming the better setting; without PUBLIC_URL production warns too", async () => {
  const lines = alias.stderr().split("\n");
  expect(lines.filter((l) => l.includes("TRUST_PROXY"))).toEqual([
    expect.stringMatching(/^TRUST_PROXY=true is read as TRUST_PROXY=1 .*set 1/),
  ]);
  expect(lines.filter((l) => l.includes("PUBLIC_URL"))).toEqual([
    expect.stringMatching(/^PUBLIC_URL is not set: links in mails .* the request's host$/),
  ]);
  expect(oneHop.stderr()).not.toContain("TRUST_PROXY");
  expect(listed.stderr()).not.toMatch(/TRUST_PROXY|PUBLIC_URL/);
});

test("an address list trusts X-Forwarded-* from those peers only", async () => {
  const headers = { "X-Forwarded-For": "198.18.0.1, 203.0.113.9", "X-Forwarded-Proto": "https" };
  // Paths of their own (404s), so their log lines are told from any other.
  const viaProxy = await new Client(listed.url, { localAddress: "127.0.0.2" }).fetch("/api/via-proxy", { headers });
  expect(viaProxy.status).toBe(404);
  expect(viaProxy.headers.get("strict-transport-security")).toMatch(/^max-age=/);
  expect(await loggedIp(listed, "/api/via-proxy")).toBe("203.0.113.9");
  const direct = await new Client(listed.url, { localAddress: "127.0.0.3" }).fetch("/api/direct", { headers });
  expect(direct.status).toBe(404);
  expect(direct.headers.get("strict-transport-security")).toBeNull();
  expect(await loggedIp(listed, "/api/direct")).toBe("127.0.0.3");
  // A forwarded host nobody trusted is dropped, not checked: the proxy's bad one is a 400.
  const badHost = { "X-Forwarded-Host": "a b" };
  expect((await new Client(listed.url, { localAddress: "127.0.0.3" }).fetch("/", { headers: badHost })).status).toBe(
    200,
  );
  expect((await new Client(listed.url, { localAddress: "127.0.0.2" }).fetch("/", { headers: badHost })).status).toBe(
    400,
  );
  // React Router's adapter reads the port from the whole header: this was a 500 (port 99999).
  const laterBad = { "X-Forwarded-Host": "shop.example.in, b:99999" };
  const res = await new Client(listed.url, { localAddress: "127.0.0.2" }).fetch("/", { headers: laterBad });
  expect(res.status, await res.clone().text()).toBe(400);
});

/** A product page of the seeded catalogue. */
async function productPath(server: TestServer): Promise<string> {
  const html = await (await fetch(`${server.url}/shop`)).text();
  const path = /href="(\/product\/[^"?]+)"/.exec(html)?.[1];
  expect(path).toBeTruthy();
  return path!;
}

const FORGED = { "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "https" };

// Regression: without PUBLIC_URL, /robots.txt and /sitemap.xml name the host the request gave and
// were sent `Cache-Control: public`: a CDN in front would keep the forged one for everyone.
test("without PUBLIC_URL, what names the request's host is never sent for shared caches", async () => {
  for (const path of ["/robots.txt", "/sitemap.xml", "/", "/shop", "/about", await productPath(alias)]) {
    for (let round = 0; round < 2; round++) {
      const res = await fetch(`${alias.url}${path}`, { headers: FORGED });
      expect(res.status, path).toBe(200);
      expect(await res.text(), path).toContain("https://evil.example/");
      const cacheControl = res.headers.get("cache-control") ?? "";
      expect(cacheControl, `${path}, round ${round}`).not.toMatch(/public|s-maxage/);
    }
  }
  expect((await fetch(`${alias.url}/robots.txt`)).headers.get("cache-control")).toBe("private, max-age=3600");
});

test("with PUBLIC_URL, a forged X-Forwarded-Host never reaches a page, and robots.txt and the sitemap stay public", async () => {
  const proxy = new Client(listed.url, { localAddress: "127.0.0.2" });
  for (const path of ["/robots.txt", "/sitemap.xml", "/", "/shop", "/about", await productPath(listed)]) {
    const res = await proxy.fetch(path, { headers: FORGED });
    expect(res.status, path).toBe(200);
    const body = await res.text();
    expect(body, path).not.toContain("evil.example");
    expect(body, path).toContain(PUBLIC_URL);
  }
  const robots = await proxy.fetch("/robots.txt", { headers: FORGED });
  expect(robots.headers.get("cache-control")).toBe("public, max-age=3600");
  expect(await robots.text()).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  expect((await proxy.fetch("/sitemap.xml", { headers: FORGED })).headers.get("cache-control")).toBe(
    "public, max-age=300",
  );
});
