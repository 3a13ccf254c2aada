import { indiaDay } from "./dates";

// Invoice numbers: consecutive within India's financial year (1 April – 31 March), at most 16
// characters of A-Z, 0-9, "/" and "-" (CGST Rules, rule 46(b)).
//
// The format is PREFIX/YY-YY/NNNNNN, e.g. "RK/26-27/000123" (15 characters). The example
// "RK/2026-27/000123" is 17, over the limit: the year is written short so that a prefix of up to 3
// characters and a 6-digit serial fit in 16. Serials past 999,999 grow a digit and still fit with
// a prefix of 1 or 2 characters; anything longer than 16 is refused, never cut.

export const INVOICE_NUMBER_MAX = 16;
export const INVOICE_PREFIX_FORMAT = /^[A-Z0-9]{1,3}$/;

/** The first calendar year of the Indian financial year `instant` falls in (Asia/Kolkata). */
export function financialYearStart(instant: Date): number {
  if (Number.isNaN(instant.getTime())) throw new RangeError("Not a date");
  const india = indiaDay(instant);
  // Months count from 0: April is 3. 1 April 00:00 IST (31 March 18:30 UTC) starts a new year.
  return india.getUTCMonth() >= 3 ? india.getUTCFullYear() : india.getUTCFullYear() - 1;
}

/** "2026-27": the financial year `instant` falls in, as GST returns and invoices name it. */
export function financialYear(instant: Date): string {
  const start = financialYearStart(instant);
  return `${start}-${String((start + 1) % 100).padStart(2, "0")}`;
}

/** "RK/26-27/000123": the `serial`th invoice (1, 2, …) of financial year `fy` ("2026-27"). */
export function formatInvoiceNumber(prefix: string, fy: string, serial: number): string {
  if (!INVOICE_PREFIX_FORMAT.test(prefix)) throw new RangeError(`Invoice prefix must be 1 to 3 of A-Z, 0-9: ${prefix}`);
  if (!/^\d{4}-\d{2}$/.test(fy)) throw new RangeError(`Not a financial year like 2026-27: ${fy}`);
  if (!Number.isSafeInteger(serial) || serial < 1) throw new RangeError(`Invoice serial must be 1 or more: ${serial}`);
  const number = `${prefix}/${fy.slice(2)}/${String(serial).padStart(6, "0")}`;
  if (number.length > INVOICE_NUMBER_MAX)
    throw new RangeError(`Invoice number ${number} is over ${INVOICE_NUMBER_MAX} characters (GST rule 46)`);
  return number;
}
