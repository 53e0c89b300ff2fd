// The twelve interface languages of spec section 1; en-US is the default and the fullest set.
export const LANGUAGES = [
  { code: 'en-US', nativeName: 'English (US)' },
  { code: 'de', nativeName: 'Deutsch' },
  { code: 'es', nativeName: 'Español' },
  { code: 'fr', nativeName: 'Français' },
  { code: 'it', nativeName: 'Italiano' },
  { code: 'ja', nativeName: '日本語' },
  { code: 'ko', nativeName: '한국어' },
  { code: 'pt-BR', nativeName: 'Português (Brasil)' },
  { code: 'ru', nativeName: 'Русский' },
  { code: 'tr', nativeName: 'Türkçe' },
  { code: 'vi', nativeName: 'Tiếng Việt' },
  { code: 'zh-CN', nativeName: '简体中文' },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]['code'];
export const LANGUAGE_CODES: readonly LanguageCode[] = LANGUAGES.map((l) => l.code);
export const DEFAULT_LANGUAGE: LanguageCode = 'en-US';
/** Local storage key that remembers the visitor's language choice. */
export const LANGUAGE_STORAGE_KEY = 'language';

/** Maps a browser language tag (de-DE, pt, zh-Hans-CN, EN-us) to a supported code, or null. */
export function resolveLanguage(tag: string | null | undefined): LanguageCode | null {
  if (!tag) return null;
  const lower = tag.toLowerCase();
  const exact = LANGUAGE_CODES.find((code) => code.toLowerCase() === lower);
  if (exact) return exact;
  const primary = lower.split(/[-_]/)[0];
  return LANGUAGE_CODES.find((code) => code.toLowerCase().split('-')[0] === primary) ?? null;
}
