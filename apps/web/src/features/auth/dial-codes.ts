// Dial codes of every country (spec: default +1, with a country list), named in the interface
// language by the browser's own Intl.DisplayNames. Several countries share a code; the value is the
// code, so the first country of each code stands for it in the list.
import { getCountries, getCountryCallingCode } from 'libphonenumber-js/min';
import { DEFAULT_DIAL_CODE } from '@ipsv/contracts/auth';

export function dialCodeOptions(language: string): { value: string; label: string }[] {
  const names = new Intl.DisplayNames([language, 'en'], { type: 'region' });
  const byCode = new Map<string, string[]>();
  for (const country of getCountries()) {
    const code = `+${getCountryCallingCode(country)}`;
    byCode.set(code, [...(byCode.get(code) ?? []), names.of(country) ?? country]);
  }
  const options = [...byCode].map(([code, countries]) => ({
    value: code,
    label: `${code} ${countries
      .sort((a, b) => a.localeCompare(b, language))
      .slice(0, 3)
      .join(', ')}${countries.length > 3 ? ', …' : ''}`,
  }));
  options.sort((a, b) => Number(a.value.slice(1)) - Number(b.value.slice(1)));
  // The default first, as the spec's list has it.
  return [...options.filter((o) => o.value === DEFAULT_DIAL_CODE), ...options.filter((o) => o.value !== DEFAULT_DIAL_CODE)];
}
