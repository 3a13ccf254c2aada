// The code of the pages a shopper goes on to, fetched at the first idle moment after hydration
// (issue #35). Without it a navigation asks for the route's module with its data, then for the
// module's imports (Field.js, zod.js, …) a round trip later: 400 ms each on a slow link. Modules
// only, never data: a page's data is asked for when it is opened, so it is never stale.
// About 50 kB once (compressed, cached a year), the same scripts the purchase needs anyway.

/** The purchase, and the pages on its way (route ids as in app/routes.ts). */
export const SHOPPER_ROUTES = [
  "routes/home",
  "routes/shop",
  "routes/product.$id",
  "routes/cart",
  "routes/checkout",
  "routes/login",
  "routes/register",
  "routes/thank-you",
];

type Manifest = { routes: Record<string, { module: string; imports?: string[] } | undefined> };

let done = false;

export function preloadShopperRoutes(): void {
  if (done) return;
  done = true;
  const idle = window.requestIdleCallback ?? ((fn: () => void) => setTimeout(fn, 1));
  idle(
    () => {
      const manifest = (window as unknown as { __reactRouterManifest?: Manifest }).__reactRouterManifest;
      if (!manifest) return;
      const have = new Set(
        [...document.querySelectorAll<HTMLLinkElement | HTMLScriptElement>("link[rel=modulepreload], script[src]")].map(
          (el) => new URL("href" in el ? el.href : el.src, location.href).pathname,
        ),
      );
      for (const id of SHOPPER_ROUTES) {
        const route = manifest.routes[id];
        if (!route) continue;
        for (const href of [route.module, ...(route.imports ?? [])]) {
          if (have.has(href)) continue;
          have.add(href);
          const link = document.createElement("link");
          link.rel = "modulepreload";
          link.href = href;
          document.head.append(link);
        }
      }
    },
    { timeout: 2000 },
  );
}
