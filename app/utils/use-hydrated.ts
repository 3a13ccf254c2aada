import { useEffect, useState } from "react";

/**
 * False in the server's HTML and the first render in the browser, true once React runs there:
 * what a page enables only with JS (a fetcher's reply=data field, the checkout's disabled state)
 * renders the same on both sides, so hydration matches.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
