/**
 * A phone number: strip non-digits, drop a leading 91 country prefix when 10 or more digits follow,
 * drop leading zeros, keep the last 10 digits if longer.
 */
export function normalizePhone(raw: string): string {
  let digits = raw.replace(/\D/g, "");
  if (digits.startsWith("91") && digits.length - 2 >= 10) digits = digits.slice(2);
  digits = digits.replace(/^0+/, "");
  if (digits.length > 10) digits = digits.slice(-10);
  return digits;
}

export function isValidPhone(normalized: string): boolean {
  return /^[6-9]\d{9}$/.test(normalized);
}
