import { useId, useState } from "react";
import type { CountryCode } from "libphonenumber-js";
import { Input, Select } from "../ui";
import { phoneCountries, searchPhoneCountries, type PhoneCountry } from "./phoneCountries";

function Options({ countries }: { countries: PhoneCountry[] }) {
  return countries.map((c) => (
    <option key={c.region} value={c.region}>
      {c.label}
    </option>
  ));
}

/**
 * The country a phone number is typed for: every country, the spec's six first, with a search
 * box that narrows the list (by name, ISO code or calling code) and picks its first match.
 */
export function PhoneCountrySelect({ value, onChange, className }: { value: CountryCode; onChange: (region: CountryCode) => void; className?: string }) {
  const [query, setQuery] = useState("");
  const searchId = useId();
  const matches = searchPhoneCountries(query);
  const shown = matches.length > 0 ? matches : phoneCountries();
  const common = shown.filter((c) => c.common);
  const rest = shown.filter((c) => !c.common);

  function search(text: string) {
    setQuery(text);
    const found = searchPhoneCountries(text);
    if (found.length > 0 && !found.some((c) => c.region === value)) onChange(found[0]!.region);
  }

  return (
    <div className={className}>
      <Input
        id={searchId}
        type="search"
        aria-label="Search countries"
        placeholder="Search countries"
        autoComplete="off"
        value={query}
        onChange={(e) => search(e.target.value)}
        containerClassName="mb-2"
        error={matches.length === 0 ? "No country matches" : undefined}
      />
      <Select aria-label="Country code" value={value} onChange={(e) => onChange(e.target.value as CountryCode)}>
        {common.length > 0 && rest.length > 0 ? (
          <>
            <optgroup label="Common">
              <Options countries={common} />
            </optgroup>
            <optgroup label="All countries">
              <Options countries={rest} />
            </optgroup>
          </>
        ) : (
          <Options countries={shown} />
        )}
      </Select>
    </div>
  );
}
