import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { addElision } from './elision.js';
import { LANGUAGES } from './languages.js';

export { LANGUAGES, type Language } from './languages.js';

/**
 * One JSON file per language and namespace (locales/<lng>/<ns>.json), so each part of the UI keeps
 * its strings next to the others of its kind and a missing key shows up per namespace.
 */
const files = import.meta.glob<Record<string, unknown>>('./locales/*/*.json', { eager: true, import: 'default' });
const resources: Record<string, Record<string, Record<string, unknown>>> = {};
for (const [path, strings] of Object.entries(files)) {
  const m = /\.\/locales\/([a-z]+)\/([a-z-]+)\.json$/.exec(path);
  if (!m) continue;
  (resources[m[1]!] ??= {})[m[2]!] = strings;
}
export const NAMESPACES = [...new Set(Object.values(resources).flatMap((r) => Object.keys(r)))];

// Screen readers and hyphenation follow the page's language.
i18n.on('languageChanged', (lng) => {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
});

void i18n
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    resources,
    ns: NAMESPACES,
    defaultNS: 'common',
    fallbackLng: 'en',
    supportedLngs: [...LANGUAGES],
    nonExplicitSupportedLngs: true,
    interpolation: { escapeValue: false },
    detection: { order: ['querystring', 'localStorage', 'navigator'], lookupQuerystring: 'lang', caches: ['localStorage'] },
    returnNull: false,
  });
addElision(i18n);

export default i18n;
