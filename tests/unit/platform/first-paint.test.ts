// Issue #24: what entry.server.tsx does to a rendered page so that its first response is enough
// to paint: the page's CSS inline, the stylesheet at the end, the hydration scripts after load.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import routes from "~/routes";
import { hydrateAfterLoad } from "~/utils/hydrate-after-load.server";
import { inlineStyleHashes, PAGE_PARTS, withPageStyles } from "~/utils/page-styles.server";

// React Router 7's <ScrollRestoration> script, as it writes it.
const SCROLL =
  "((storageKey2, restoreKey) => {\n    if (!window.history.state || !window.history.state.key) {\n" +
  '      let key = Math.random().toString(32).slice(2);\n      window.history.replaceState({ key }, "");\n    }\n' +
  '    try {\n      let positions = JSON.parse(sessionStorage.getItem(storageKey2) || "{}");\n    } catch {}\n  })("rr", null)';

// The shape of React Router's <Scripts> output in the <head> and at the end of <body>.
const PAGE =
  '<!DOCTYPE html><html><head><meta charSet="utf-8"/>' +
  '<link rel="modulepreload" href="/assets/entry.client-A.js" nonce="N1"/>' +
  '<link rel="modulepreload" href="/assets/root-B.js" nonce="N1"/></head>' +
  "<body><main>Shop</main>" +
  `<script nonce="N1">${SCROLL}</script>` +
  '<script nonce="N1">window.__reactRouterContext = {};</script>' +
  '<script nonce="N1" type="module" async="">;\nimport * as route0 from "/assets/root-B.js";\nimport("/assets/entry.client-A.js");</script>' +
  '<script nonce="N1">window.__reactRouterContext.streamController.close();</script></body></html>';

const sha = (s: string) => `'sha256-${createHash("sha256").update(s).digest("base64")}'`;

describe("hydrateAfterLoad", () => {
  const html = hydrateAfterLoad(PAGE);

  it("keeps the module preloads, at low priority, and makes the boot script inert, listing them", () => {
    expect(html).toContain(
      '<link rel="modulepreload" fetchpriority="low" href="/assets/entry.client-A.js" nonce="N1"/>' +
        '<link rel="modulepreload" fetchpriority="low" href="/assets/root-B.js" nonce="N1"/></head>',
    );
    expect(html).not.toMatch(/type="module"/);
    expect(html).toContain(
      '<script nonce="N1" type="text/x-deferred-module" id="rr-boot" data-preload="/assets/entry.client-A.js /assets/root-B.js">',
    );
  });

  it("keeps the boot script's text as it was, so a kept page's hash of it allows it when it runs", () => {
    const boot = /id="rr-boot"[^>]*>([\s\S]*?)<\/script>/.exec(html)![1];
    expect(boot).toBe(';\nimport * as route0 from "/assets/root-B.js";\nimport("/assets/entry.client-A.js");');
  });

  it("adds one loader, with the page's nonce, that starts it once parsed and painted with its eager pictures, or after 3 s", () => {
    const loaders = [...html.matchAll(/<script nonce="N1">(\(\(\)=>\{[\s\S]*?)<\/script>/g)];
    expect(loaders).toHaveLength(1);
    expect(loaders[0]![1]).toContain("Promise.all([parsed,painted,...pictures]).then(go)");
    expect(loaders[0]![1]).toContain("setTimeout(()=>parsed.then(go),3000)");
    // Never before the page is parsed to its end, where data scripts may still be on the way.
    expect(loaders[0]![1]).toContain("addEventListener('DOMContentLoaded',r)");
    expect(html).toContain(
      '</script><script nonce="N1" type="text/x-deferred-script">window.__reactRouterContext = {};</script>',
    );
  });

  it("with HYDRATE_ON=interaction, the loader starts it at the first pointer, key, focus or scroll instead, once parsed", () => {
    const loaders = [
      ...hydrateAfterLoad(PAGE, "interaction").matchAll(/<script nonce="N1">(\(\(\)=>\{[\s\S]*?)<\/script>/g),
    ];
    expect(loaders).toHaveLength(1);
    const loader = loaders[0]![1]!;
    expect(loader).toContain("const use=['pointerdown','pointermove','keydown','focusin','scroll']");
    expect(loader).toContain("const first=()=>{for(const e of use)removeEventListener(e,first,true);parsed.then(go)}");
    // Nothing starts it by itself: no wait for the paint or the pictures, no 3 s fallback.
    expect(loader).not.toContain("setTimeout(()=>parsed.then(go),3000)");
    expect(loader).not.toContain("painted");
    // The whole stylesheet still comes once the page is parsed.
    expect(loader).toContain("c.href=c.dataset.href");
  });

  it("makes React Router's data scripts inert where they are, text and nonce kept, for the loader to run first", () => {
    expect(html).toMatch(
      /<script nonce="N1" type="text\/x-deferred-script">window.__reactRouterContext.streamController.close\(\);<\/script><\/body><\/html>$/,
    );
    expect(html.match(/type="text\/x-deferred-script">window/g)).toHaveLength(2);
    expect(html).not.toMatch(/<script nonce="N1">window.__reactRouterContext/);
  });

  it("makes the scroll restoration script inert, text and nonce kept, for the loader to run at once only for an entry with a key", () => {
    expect(html).toContain(
      `<main>Shop</main><script nonce="N1" type="text/x-deferred-script" id="rr-scroll">${SCROLL}</script>`,
    );
    const loader = /<script nonce="N1">(\(\(\)=>\{[\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(loader).toContain("if(sc&&history.state&&history.state.key)run(sc)");
    // Not yet run, it is the first in the queue the loader runs after the paint.
    expect(html.indexOf('id="rr-scroll"')).toBeLessThan(
      html.indexOf('type="text/x-deferred-script">window.__reactRouterContext'),
    );
  });

  it("leaves a scroll script it does not know to run as parsed", () => {
    const other = hydrateAfterLoad(PAGE.replace("window.history.state.key)", "window.history.state.id)"));
    expect(other).not.toContain('rr-scroll"');
    expect(other).toContain('<main>Shop</main><script nonce="N1">((storageKey2');
  });

  it("leaves the data scripts to run as parsed when one of them is not in the shape it knows", () => {
    const odd = hydrateAfterLoad(
      PAGE.replace(
        '<script nonce="N1">window.__reactRouterContext.stream',
        '<script nonce="N1" data-x="">window.__reactRouterContext.stream',
      ),
    );
    expect(odd).not.toContain('type="text/x-deferred-script">window');
    expect(odd).toContain('</script><script nonce="N1">window.__reactRouterContext = {};</script>');
    expect(odd).toContain('type="text/x-deferred-module" id="rr-boot"');
  });

  it("leaves a page without React Router's scripts alone", () => {
    expect(hydrateAfterLoad("<html><head></head><body>x</body></html>")).toBe(
      "<html><head></head><body>x</body></html>",
    );
  });
});

describe("withPageStyles", () => {
  const styleOf = (html: string) => /<style>([\s\S]*?)<\/style>/.exec(html)![1]!;

  it("puts the page's CSS in <head> and the whole stylesheet last in <body>", () => {
    const html = withPageStyles(PAGE, "routes/shop");
    expect(html.indexOf("<style>")).toBeLessThan(html.indexOf("</head>"));
    expect(html).toMatch(/<link rel="stylesheet" data-href="[^"]+\.css" id="full-stylesheet"\/><\/body><\/html>$/);
    expect(styleOf(html)).toContain(".site-header");
    expect(styleOf(html)).toContain(".grid");
    expect(styleOf(html)).not.toContain(".gallery-edit");
  });

  it("gives a page only the parts it uses, and an unknown page all of them", () => {
    const about = styleOf(withPageStyles(PAGE, "routes/about"));
    const shop = styleOf(withPageStyles(PAGE, "routes/shop"));
    const admin = styleOf(withPageStyles(PAGE, "routes/admin"));
    expect(shop.startsWith(about)).toBe(true);
    expect(about).not.toContain(".grid");
    expect(admin.length).toBeGreaterThan(shop.length);
    expect(admin).toContain(".gallery-edit");
    expect(admin).toContain(".cart-line");
  });

  it("every inline sheet is one the CSP names, and every route it names exists", () => {
    for (const id of ["routes/home", "routes/shop", "routes/cart", "routes/checkout", "routes/about", undefined])
      expect(inlineStyleHashes).toContain(sha(styleOf(withPageStyles(PAGE, id))));
    const ids = new Set(routes.map((r) => r.id ?? r.file.replace(/\.tsx?$/, "")));
    for (const id of Object.keys(PAGE_PARTS)) expect(ids, "a route of app/routes.ts").toContain(id);
  });
});
