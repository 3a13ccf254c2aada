// An amount in words, as an Indian tax invoice writes its total: Indian numbering (thousand,
// lakh = 1,00,000, crore = 1,00,00,000), and beyond 99 crore the crores counted the same way
// ("One Lakh Crore", "One Crore Crore").

const ONES = [
  "Zero",
  "One",
  "Two",
  "Three",
  "Four",
  "Five",
  "Six",
  "Seven",
  "Eight",
  "Nine",
  "Ten",
  "Eleven",
  "Twelve",
  "Thirteen",
  "Fourteen",
  "Fifteen",
  "Sixteen",
  "Seventeen",
  "Eighteen",
  "Nineteen",
];
const TENS = ["", "", "Twenty", "Thirty", "Forty", "Fifty", "Sixty", "Seventy", "Eighty", "Ninety"];

/** 1–99: "Seven", "Forty-Two". */
function belowHundred(n: number): string {
  if (n < 20) return ONES[n]!;
  const unit = n % 10;
  return TENS[Math.floor(n / 10)]! + (unit ? `-${ONES[unit]}` : "");
}

/** A whole number above 0 in words, Indian numbering. Bigint, so crores of crores stay exact. */
function words(n: bigint): string {
  const parts: string[] = [];
  const crore = n / 10_000_000n;
  if (crore) parts.push(`${words(crore)} Crore`);
  let rest = Number(n % 10_000_000n);
  for (const [size, name] of [
    [1e5, "Lakh"],
    [1e3, "Thousand"],
    [100, "Hundred"],
  ] as const) {
    const count = Math.floor(rest / size);
    if (count) parts.push(`${belowHundred(count)} ${name}`);
    rest %= size;
  }
  if (rest) parts.push(belowHundred(rest));
  return parts.join(" ");
}

/**
 * Integer paise in words: "Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and
 * Seventy-Eight Paise Only"; 0 is "Rupees Zero Only"; under a rupee, "Fifty Paise Only".
 * A bigint takes amounts past Number's safe integers.
 */
export function amountInWords(paise: number | bigint): string {
  if (typeof paise === "number" && !Number.isSafeInteger(paise))
    throw new RangeError(`Not an amount in paise: ${paise}`);
  const p = BigInt(paise);
  if (p < 0n) throw new RangeError(`Not an amount in paise: ${paise}`);
  const rupees = p / 100n;
  const cents = Number(p % 100n);
  if (rupees === 0n && cents === 0) return "Rupees Zero Only";
  if (rupees === 0n) return `${belowHundred(cents)} Paise Only`;
  return `Rupees ${words(rupees)}${cents ? ` and ${belowHundred(cents)} Paise` : ""} Only`;
}
