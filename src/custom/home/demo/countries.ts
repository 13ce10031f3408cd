import { getCountries, getCountryCallingCode } from 'libphonenumber-js/min';

export interface CountryOption {
  code: string;
  label: string;
}

const displayNames = (locale: string): ((code: string) => string) => {
  try {
    const names = new Intl.DisplayNames([locale], { type: 'region' });
    return (code) => names.of(code) ?? code;
  } catch {
    return (code) => code;
  }
};

/** Every country libphonenumber knows, as "India (+91)", sorted by name in the given language. */
export function countryOptions(locale: string): CountryOption[] {
  const nameOf = displayNames(locale);
  return getCountries()
    .map((code) => ({ code, label: `${nameOf(code)} (+${getCountryCallingCode(code)})` }))
    .sort((a, b) => a.label.localeCompare(b.label, locale));
}
