// Every country a phone number can belong to, for the phone fields' country choice: the spec's
// six first, as it labels them ("+44 UK"), then every other one by name in the user's language.
// Only the phone pages import this (libphonenumber-js's metadata stays out of the landing bundle).
import { getCountries, getCountryCallingCode, type CountryCode } from "libphonenumber-js";
import { PHONE_COUNTRIES } from "../../convex/lib/constants";

export type PhoneCountry = {
  region: CountryCode;
  /** "+44" */
  callingCode: string;
  /** What the option reads: "+44 UK" for the spec's six, "+81 Japan" for the rest. */
  label: string;
  /** The country's name, for searching. */
  name: string;
  common: boolean;
};

let cached: PhoneCountry[] | null = null;

function regionNames(): (region: string) => string {
  try {
    const names = new Intl.DisplayNames([...(navigator.languages ?? []), "en"], { type: "region" });
    return (region) => names.of(region) ?? region;
  } catch {
    return (region) => region;
  }
}

export function phoneCountries(): PhoneCountry[] {
  if (cached) return cached;
  const nameOf = regionNames();
  const common: PhoneCountry[] = PHONE_COUNTRIES.map((c) => ({ region: c.region, callingCode: c.code, label: `${c.code} ${c.label}`, name: nameOf(c.region), common: true }));
  const taken = new Set<string>(common.map((c) => c.region));
  const rest = getCountries()
    .filter((region) => !taken.has(region))
    .map((region) => {
      const callingCode = `+${getCountryCallingCode(region)}`;
      const name = nameOf(region);
      return { region, callingCode, label: `${callingCode} ${name}`, name, common: false };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
  cached = [...common, ...rest];
  return cached;
}

const fold = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

/** Countries whose name, ISO code or calling code matches what was typed ("jap", "JP", "+81", "81"). */
export function searchPhoneCountries(query: string): PhoneCountry[] {
  const q = fold(query.trim());
  if (q === "") return phoneCountries();
  const digits = q.replace(/^\+/, "");
  return phoneCountries().filter(
    (c) => fold(c.name).includes(q) || fold(c.label).includes(q) || c.region.toLowerCase() === q || (/^\d+$/.test(digits) && c.callingCode.slice(1).startsWith(digits)),
  );
}

/** The calling code of a country ("GB" → "+44"). */
export function callingCodeOf(region: CountryCode): string {
  return `+${getCountryCallingCode(region)}`;
}

/** The country a calling code is taken to mean while only the code is known: one of the six, else the first listed. */
export function regionOfCallingCode(code: string): CountryCode | null {
  return phoneCountries().find((c) => c.callingCode === `+${code}`)?.region ?? null;
}
