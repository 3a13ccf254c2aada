import { gstStateByCode } from "./gst-states";

// A GSTIN is 15 characters: state code (2 digits), the holder's PAN (5 letters, 4 digits, 1
// letter), the registration's number within that PAN (1-9, then A-Z), "Z", and a check character.
export const GSTIN_FORMAT = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/**
 * The check character of a GSTIN's first 14 characters: the GST network's mod-36 Luhn variant.
 * Each character's value (0-9, then A=10 … Z=35) is multiplied by 1 and 2 alternately from the
 * left; each product adds its base-36 digits (product div 36 + product mod 36); the check value
 * is what brings the sum to a multiple of 36.
 */
export function gstinCheckChar(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const value = ALPHABET.indexOf(first14[i] ?? "");
    if (value < 0) throw new RangeError(`Not a GSTIN character: ${JSON.stringify(first14[i])}`);
    const product = value * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return ALPHABET[(36 - (sum % 36)) % 36]!;
}

/** Why `gstin` is not a valid GSTIN, or null when it is (format, state code, check character). */
export function gstinProblem(gstin: string): string | null {
  if (!GSTIN_FORMAT.test(gstin))
    return "must be a 15-character GSTIN: 2-digit state code, PAN (AAAAA9999A), entity number, Z, check character";
  if (!gstStateByCode(gstin.slice(0, 2))) return `starts with ${gstin.slice(0, 2)}, which is not a GST state code`;
  const expected = gstinCheckChar(gstin.slice(0, 14));
  if (gstin[14] !== expected) return `has a wrong check character (${gstin[14]}; expected ${expected}): a typo?`;
  return null;
}
