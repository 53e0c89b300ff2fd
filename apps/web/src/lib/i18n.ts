// i18next set-up: en-US is bundled (fallback and default); the other eleven languages load on
// demand. The choice is remembered in local storage.
import i18next, { type BackendModule, type i18n as I18n } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGE_CODES, LANGUAGE_STORAGE_KEY, resolveLanguage } from '@ipsv/contracts/languages';
import enUS from '../locales/en-US.json';

type LocaleModule = { default: Record<string, unknown> };
const loaders = import.meta.glob<LocaleModule>(['../locales/*.json', '!../locales/en-US.json']);

const lazyLocales: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    const load = loaders[`../locales/${language}.json`];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: Error) => callback(error, false),
    );
  },
};

export async function initI18n(instance: I18n = i18next): Promise<I18n> {
  await instance
    .use(lazyLocales)
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      partialBundledLanguages: true,
      resources: { [DEFAULT_LANGUAGE]: { translation: enUS } },
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGE_CODES],
      load: 'currentOnly',
      interpolation: { escapeValue: false },
      detection: {
        order: ['localStorage', 'navigator'],
        lookupLocalStorage: LANGUAGE_STORAGE_KEY,
        caches: ['localStorage'],
        convertDetectedLanguage: (detected: string) => resolveLanguage(detected) ?? DEFAULT_LANGUAGE,
      },
      react: { useSuspense: false },
      showSupportNotice: false,
    });
  const syncHtmlLang = (language: string) => document.documentElement.setAttribute('lang', language);
  syncHtmlLang(instance.resolvedLanguage ?? DEFAULT_LANGUAGE);
  instance.on('languageChanged', syncHtmlLang);
  return instance;
}
