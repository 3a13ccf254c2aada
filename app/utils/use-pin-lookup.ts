import { useRef, useState } from "react";
import { cityStateFromAnswer, PIN_BAD_RESPONSE, PIN_UNAVAILABLE, postalAnswerSchema } from "~/lib/pincode";

type PinResult = { city: string; state: string } | { error: string };

// Results of the PIN lookup are kept per PIN for the life of the page.
const pinCache = new Map<string, PinResult>();

/**
 * One round trip to the app's own PIN route: a plain fetch of its JSON. A fetcher would first
 * load the resource route's (empty) module, a round trip more on a slow link (issue #35).
 */
async function lookUp(pin: string): Promise<PinResult> {
  let body: unknown;
  try {
    body = await (await fetch(`/api/pincode/${pin}`, { headers: { Accept: "application/json" } })).json();
  } catch {
    return { error: PIN_UNAVAILABLE };
  }
  const parsed = postalAnswerSchema.safeParse(body);
  if (parsed.success) return cityStateFromAnswer(parsed.data);
  const message = (body as { message?: unknown } | null)?.message;
  return { error: typeof message === "string" ? message || PIN_UNAVAILABLE : PIN_BAD_RESPONSE };
}

/**
 * The checkout's PIN lookup with JS: as soon as the PIN field holds 6 digits, the app's own PIN
 * route is asked (once per PIN per page) and `fill` gets the city and state, or null when the PIN
 * names no place (then `error` says why). Without JS the form's Look up button does this instead.
 */
export function usePinLookup(fill: (place: { city: string; state: string } | null) => void) {
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<string | null>(null);
  // Only the answer for the PIN typed last is applied.
  const latest = useRef<string | null>(null);
  const apply = (result: PinResult) => {
    const found = "city" in result;
    fill(found ? result : null);
    setError(found ? null : result.error);
  };
  const applyRef = useRef(apply);
  applyRef.current = apply;

  /** The PIN field's input handler: digits only, at most 6, looked up at 6. */
  const onPinInput = (e: React.FormEvent<HTMLInputElement>) => {
    const input = e.currentTarget;
    const pin = input.value.replace(/\D/g, "").slice(0, 6);
    if (input.value !== pin) input.value = pin;
    latest.current = pin;
    if (pin.length < 6) {
      setPending(null);
      setError(null);
      return;
    }
    const known = pinCache.get(pin);
    if (known) {
      setPending(null);
      apply(known);
      return;
    }
    setPending(pin);
    void lookUp(pin).then((result) => {
      if (!("error" in result) || result.error !== PIN_UNAVAILABLE) pinCache.set(pin, result);
      if (latest.current !== pin) return;
      setPending(null);
      applyRef.current(result);
    });
  };

  return { pending, error, onPinInput };
}
