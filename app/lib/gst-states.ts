// GST state codes: the two digits that begin every GSTIN and name a place of supply on a tax
// invoice ("Karnataka (29)"). Codes of today's states and union territories as the GST portal
// lists them. Retired codes are left out on purpose: 28 (undivided Andhra Pradesh, now 37) and 25
// (Daman and Diu, merged into 26 in 2020) name no place of supply today.

export type GstState = { code: string; name: string };

export const GST_STATES: readonly GstState[] = [
  { code: "01", name: "Jammu and Kashmir" },
  { code: "02", name: "Himachal Pradesh" },
  { code: "03", name: "Punjab" },
  { code: "04", name: "Chandigarh" },
  { code: "05", name: "Uttarakhand" },
  { code: "06", name: "Haryana" },
  { code: "07", name: "Delhi" },
  { code: "08", name: "Rajasthan" },
  { code: "09", name: "Uttar Pradesh" },
  { code: "10", name: "Bihar" },
  { code: "11", name: "Sikkim" },
  { code: "12", name: "Arunachal Pradesh" },
  { code: "13", name: "Nagaland" },
  { code: "14", name: "Manipur" },
  { code: "15", name: "Mizoram" },
  { code: "16", name: "Tripura" },
  { code: "17", name: "Meghalaya" },
  { code: "18", name: "Assam" },
  { code: "19", name: "West Bengal" },
  { code: "20", name: "Jharkhand" },
  { code: "21", name: "Odisha" },
  { code: "22", name: "Chhattisgarh" },
  { code: "23", name: "Madhya Pradesh" },
  { code: "24", name: "Gujarat" },
  { code: "26", name: "Dadra and Nagar Haveli and Daman and Diu" },
  { code: "27", name: "Maharashtra" },
  { code: "29", name: "Karnataka" },
  { code: "30", name: "Goa" },
  { code: "31", name: "Lakshadweep" },
  { code: "32", name: "Kerala" },
  { code: "33", name: "Tamil Nadu" },
  { code: "34", name: "Puducherry" },
  { code: "35", name: "Andaman and Nicobar Islands" },
  { code: "36", name: "Telangana" },
  { code: "37", name: "Andhra Pradesh" },
  { code: "38", name: "Ladakh" },
  { code: "97", name: "Other Territory" },
];

/** Case, spacing, "&"/"and", dots and hyphens do not matter: "JAMMU & KASHMIR" = "jammu and kashmir". */
const key = (name: string) =>
  name
    .normalize("NFKC")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[.,()\-_/']/g, " ")
    .replace(/\s+/g, " ")
    .trim();

// Old names, short forms and common spellings a shopper (or the PIN directory) may use. Only names
// of one state each: "Delhi NCR" is not here (Gurgaon and Noida are in Haryana and Uttar Pradesh).
export const ALIASES: Record<string, string> = {
  "j and k": "01",
  "jammu kashmir": "01",
  "jammu and kashmir ut": "01",
  hp: "02",
  uttaranchal: "05",
  "nct of delhi": "07",
  "national capital territory of delhi": "07",
  "new delhi": "07",
  up: "09",
  orissa: "21",
  chattisgarh: "22",
  chhatisgarh: "22",
  "dadra and nagar haveli": "26",
  "daman and diu": "26",
  "dadra nagar haveli": "26",
  dnhdd: "26",
  "the dadra and nagar haveli and daman and diu": "26",
  pondicherry: "34",
  pondichery: "34",
  "andaman and nicobar": "35",
  "andaman nicobar islands": "35",
  "andaman and nicobar island": "35",
  "a and n islands": "35",
  tamilnadu: "33",
  "west bangal": "19",
  "other territories": "97",
};

const BY_KEY = new Map<string, GstState>();
const BY_CODE = new Map<string, GstState>();
for (const state of GST_STATES) {
  BY_KEY.set(key(state.name), state);
  BY_CODE.set(state.code, state);
}
for (const [alias, code] of Object.entries(ALIASES)) BY_KEY.set(key(alias), BY_CODE.get(code)!);

/** The state of a name as typed (forgiving: see `key` and ALIASES), or null when unrecognised. */
export function gstStateByName(name: string): GstState | null {
  return BY_KEY.get(key(name)) ?? null;
}

/** The state of a two-digit GST code, or null. */
export function gstStateByCode(code: string): GstState | null {
  return BY_CODE.get(code) ?? null;
}
