import { cityStateFromAnswer, PIN_INVALID, PIN_RE } from "~/lib/pincode";
import { lookupPin, PinServiceError } from "./pincodes.server";

/** City and state for a PIN, or the message that says why there are none. */
export async function resolvePin(pin: string): Promise<{ city: string; state: string } | { error: string }> {
  if (!PIN_RE.test(pin)) return { error: PIN_INVALID };
  try {
    return cityStateFromAnswer(await lookupPin(pin));
  } catch (error) {
    if (error instanceof PinServiceError) return { error: error.message };
    throw error;
  }
}

/**
 * Place Order's fill-in (the checkout without JS): with a 6-digit PIN, an empty city or state is
 * filled from it and a typed one is kept. A PIN that names no place fills nothing and gives its
 * message as `pinError`; any other PIN is left to the checkout schema.
 */
export async function fillCityState(
  pin: string,
  typed: { city: string; state: string },
): Promise<{ city: string; state: string; pinError?: string }> {
  if (pin.length !== 6 || (typed.city.trim() && typed.state.trim())) return typed;
  const found = await resolvePin(pin);
  if ("error" in found) return { ...typed, pinError: found.error };
  return { city: typed.city.trim() ? typed.city : found.city, state: typed.state.trim() ? typed.state : found.state };
}

export const digitsOnly = (value: FormDataEntryValue | null) =>
  String(value ?? "")
    .replace(/\D/g, "")
    .slice(0, 20);
