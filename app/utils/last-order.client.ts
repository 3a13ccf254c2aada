// Local storage: the last order id, kept after checkout and removed 5 s after
// My Orders has shown it. Browser-only; a missing or blocked localStorage is ignored.
export const LAST_ORDER_KEY = "rk_last_order_v1";
export const LAST_ORDER_CLEAR_MS = 5000;

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

export const rememberLastOrder = (id: string) => storage()?.setItem(LAST_ORDER_KEY, id);
export const readLastOrder = () => storage()?.getItem(LAST_ORDER_KEY) ?? null;
export const forgetLastOrder = () => storage()?.removeItem(LAST_ORDER_KEY);
