// Countries of birth for the identity matcher (issue #14): ISO 3166 alpha-2 codes of the foreign
// states the fiscal code can encode today (each maps to a Belfiore "Z" code on the server, which
// picks the one in force on the birth date), plus Italy. Names come from the browser's own CLDR data
// (Intl.DisplayNames) in the interface language, and a search matches the name in any EU language,
// so a German finds Germany by typing "Deutschland". The list is checked against the Belfiore data
// by tests/server/fiscal-code.test.ts.
import { foldForSearch } from './text.ts';

export const ITALY = 'IT';

/** Foreign states with a current Belfiore code (generated from @marketto/belfiore-connector-embedded). */
export const FOREIGN_STATES = [
  'AD', 'AE', 'AF', 'AG', 'AI', 'AL', 'AM', 'AO', 'AR', 'AT', 'AU', 'AW', 'AZ', 'BA', 'BB', 'BD',
  'BE', 'BF', 'BG', 'BH', 'BI', 'BJ', 'BM', 'BN', 'BO', 'BR', 'BS', 'BT', 'BW', 'BY', 'BZ', 'CA',
  'CD', 'CF', 'CG', 'CH', 'CI', 'CK', 'CL', 'CM', 'CN', 'CO', 'CR', 'CU', 'CV', 'CY', 'CZ', 'DE',
  'DJ', 'DK', 'DM', 'DO', 'DZ', 'EC', 'EE', 'EG', 'EH', 'ER', 'ES', 'ET', 'FI', 'FJ', 'FK', 'FM',
  'FO', 'FR', 'GA', 'GD', 'GE', 'GH', 'GI', 'GL', 'GM', 'GN', 'GQ', 'GR', 'GT', 'GW', 'GY', 'HN',
  'HR', 'HT', 'HU', 'ID', 'IE', 'IL', 'IM', 'IN', 'IQ', 'IR', 'IS', 'JM', 'JO', 'JP', 'KE', 'KG',
  'KH', 'KI', 'KM', 'KN', 'KP', 'KR', 'KW', 'KY', 'KZ', 'LA', 'LB', 'LC', 'LI', 'LK', 'LR', 'LS',
  'LT', 'LU', 'LV', 'LY', 'MA', 'MC', 'MD', 'ME', 'MG', 'MH', 'MK', 'ML', 'MM', 'MN', 'MR', 'MS',
  'MT', 'MU', 'MV', 'MW', 'MX', 'MY', 'MZ', 'NA', 'NC', 'NE', 'NG', 'NI', 'NL', 'NO', 'NP', 'NR',
  'NZ', 'OM', 'PA', 'PE', 'PF', 'PG', 'PH', 'PK', 'PL', 'PM', 'PN', 'PS', 'PT', 'PW', 'PY', 'QA',
  'RO', 'RS', 'RU', 'RW', 'SA', 'SB', 'SC', 'SD', 'SE', 'SG', 'SH', 'SI', 'SK', 'SL', 'SM', 'SN',
  'SO', 'SR', 'SS', 'ST', 'SV', 'SY', 'SZ', 'TC', 'TD', 'TG', 'TH', 'TJ', 'TL', 'TM', 'TN', 'TO',
  'TR', 'TT', 'TV', 'TW', 'TZ', 'UA', 'UG', 'UK', 'US', 'UY', 'UZ', 'VA', 'VC', 'VE', 'VG', 'VN',
  'VU', 'WF', 'WS', 'YE', 'ZA', 'ZM', 'ZW',
] as const;

/** The languages whose country names a search understands: the EU's official ones. */
const SEARCH_LANGUAGES = ['it', 'en', 'de', 'fr', 'es', 'pt', 'nl', 'pl', 'ro', 'el', 'sv', 'cs', 'hu', 'bg', 'da', 'fi', 'sk', 'sl', 'hr', 'lt', 'lv', 'et', 'ga', 'mt'];

const displayNames = new Map<string, Intl.DisplayNames>();
function namesIn(language: string): Intl.DisplayNames {
  let names = displayNames.get(language);
  if (!names) displayNames.set(language, (names = new Intl.DisplayNames([language], { type: 'region', fallback: 'code' })));
  return names;
}

/** The country's name in `language` ("Germania", "Germany"). */
export function countryName(code: string, language: string): string {
  return namesIn(language).of(code) ?? code;
}

export interface CountryOption {
  code: string;
  name: string;
}

/** Italy first, then every other state by its name in `language`. */
export function countryOptions(language: string): CountryOption[] {
  const collator = new Intl.Collator(language);
  const others = FOREIGN_STATES.map((code) => ({ code, name: countryName(code, language) })).sort((a, b) => collator.compare(a.name, b.name));
  return [{ code: ITALY, name: countryName(ITALY, language) }, ...others];
}

const searchKeys = new Map<string, string[]>();

/** Whether what someone typed names the country in any EU language, or is its ISO code. */
export function countryMatches(code: string, typed: string): boolean {
  const query = foldForSearch(typed);
  if (query === '') return true;
  let keys = searchKeys.get(code);
  if (!keys) searchKeys.set(code, (keys = [code.toLowerCase(), ...SEARCH_LANGUAGES.map((language) => foldForSearch(countryName(code, language)))]));
  return keys.some((key) => key.includes(query));
}
