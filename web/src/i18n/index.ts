import i18n, { type BackendModule } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import type { Bundle } from './bundle.js';
import { isLanguage, LANGUAGES, NAMESPACES, type Language } from './languages.js';
import { addElision } from './elision.js';

export { LANGUAGES, NAMESPACES, type Language } from './languages.js';

/**
 * One JSON file per language and namespace (locales/<lng>/<ns>.json), so each part of the UI keeps
 * its strings next to the others of its kind and a missing key shows up per namespace. A page
 * loads the strings of its language only, as one chunk (bundles/<lng>.ts): the four languages
 * together weigh about 63 KB compressed, one of them about 16.
 */
const BUNDLES: Record<Language, () => Promise<{ default: Bundle }>> = {
  en: () => import('./bundles/en.js'),
  de: () => import('./bundles/de.js'),
  fr: () => import('./bundles/fr.js'),
  pl: () => import('./bundles/pl.js'),
};

const loading = new Map<Language, Promise<Bundle>>();
const bundleOf = (lng: Language): Promise<Bundle> => {
  let p = loading.get(lng);
  if (!p) {
    p = BUNDLES[lng]().then((m) => m.default);
    // A failed load (the network) may be tried again at the next change of language.
    p.catch(() => loading.delete(lng));
    loading.set(lng, p);
  }
  return p;
};

/** i18next asks for each namespace of a language; they all come from the language's one chunk. */
const languageChunks: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(lng, ns, callback) {
    if (!isLanguage(lng)) return callback(new Error(`no strings for the language ${lng}`), false);
    bundleOf(lng).then(
      (b) => callback(null, b[ns] ?? {}),
      (e: unknown) => callback(e instanceof Error ? e : new Error(String(e)), false),
    );
  },
};

// Screen readers and hyphenation follow the page's language.
i18n.on('languageChanged', (lng) => {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
});

/** Settles when the detected language's strings are loaded: the page renders after it. */
export const i18nReady = i18n
  .use(languageChunks)
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    ns: [...NAMESPACES],
    defaultNS: 'common',
    // Each language has every string (web/test/i18n.test.ts), so it falls back on nothing and loads
    // nothing but itself; English stands in for a language the client does not have.
    fallbackLng: { ...Object.fromEntries(LANGUAGES.filter((l) => l !== 'en').map((l) => [l, []])), default: ['en'] },
    supportedLngs: [...LANGUAGES],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    interpolation: { escapeValue: false },
    detection: { order: ['querystring', 'localStorage', 'navigator'], lookupQuerystring: 'lang', caches: ['localStorage'] },
    returnNull: false,
  });
addElision(i18n);

export default i18n;
