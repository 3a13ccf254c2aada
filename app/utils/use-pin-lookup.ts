import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { cityStateFromAnswer, PIN_BAD_RESPONSE, PIN_UNAVAILABLE, postalAnswerSchema } from "~/lib/pincode";

type PinResult = { city: string; state: string } | { error: string };

// Results of the PIN lookup are kept per PIN for the life of the page.
const pinCache = new Map<string, PinResult>();

/**
 * The checkout's PIN lookup with JS: as soon as the PIN field holds 6 digits, the app's own PIN
 * route is asked (once per PIN per page) and `fill` gets the city and state, or null when the PIN
 * names no place (then `error` says why). Without JS the form's Look up button does this instead.
 */
export function usePinLookup(fill: (place: { city: string; state: string } | null) => void) {
  const fetcher = useFetcher();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<string | null>(null);
  const apply = (result: PinResult) => {
    const found = "city" in result;
    fill(found ? result : null);
    setError(found ? null : result.error);
  };
  const applyRef = useRef(apply);
  applyRef.current = apply;
  useEffect(() => {
    if (fetcher.state !== "idle" || !pending || fetcher.data === undefined) return;
    const parsed = postalAnswerSchema.safeParse(fetcher.data);
    const message = (fetcher.data as { message?: unknown } | null)?.message;
    const result = parsed.success
      ? cityStateFromAnswer(parsed.data)
      : { error: typeof message === "string" ? message || PIN_UNAVAILABLE : PIN_BAD_RESPONSE };
    if (!("error" in result) || result.error !== PIN_UNAVAILABLE) pinCache.set(pending, result);
    setPending(null);
    applyRef.current(result);
  }, [fetcher.state, fetcher.data, pending]);

  /** The PIN field's input handler: digits only, at most 6, looked up at 6. */
  const onPinInput = (e: React.FormEvent<HTMLInputElement>) => {
    const input = e.currentTarget;
    const pin = input.value.replace(/\D/g, "").slice(0, 6);
    if (input.value !== pin) input.value = pin;
    if (pin.length < 6) {
      setError(null);
      return;
    }
    const known = pinCache.get(pin);
    if (known) apply(known);
    else {
      setPending(pin);
      void fetcher.load(`/api/pincode/${pin}`);
    }
  };

  return { pending, error, onPinInput };
}
