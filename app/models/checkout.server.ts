import { cityStateFromAnswer, PIN_INVALID, PIN_RE } from "~/lib/pincode";
import { lookupPin, PinServiceError } from "./pincode.server";

/** City and state for a PIN, or the spec's message for why there are none. */
export async function resolvePin(pin: string): Promise<{ city: string; state: string } | { error: string }> {
  if (!PIN_RE.test(pin)) return { error: PIN_INVALID };
  try {
    return cityStateFromAnswer(await lookupPin(pin));
  } catch (error) {
    if (error instanceof PinServiceError) return { error: error.message };
    throw error;
  }
}

export const digitsOnly = (value: FormDataEntryValue | null) => String(value ?? "").replace(/\D/g, "").slice(0, 20);
