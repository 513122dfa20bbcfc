/**
 * Runs before each component test file (web/vite.config.ts): most files share one jsdom, so each
 * starts from the page as a fresh jsdom has it: nothing stored, nothing in the document, the
 * language detected again (English, as jsdom's navigator asks), real timers, no stubbed global.
 * A file in the node environment (`@vitest-environment node`) gets the last three.
 */
import { beforeAll, vi } from 'vitest';
import i18n, { i18nReady, LANGUAGES } from '../src/i18n/index.js';

beforeAll(async () => {
  // Every language at hand, as the tests switch between them and read them at once.
  await i18nReady;
  await i18n.loadLanguages([...LANGUAGES]);
  vi.useRealTimers();
  vi.unstubAllGlobals();
  if (typeof document !== 'undefined') {
    localStorage.clear();
    sessionStorage.clear();
    document.body.replaceChildren();
    document.title = '';
    history.replaceState(null, '', '/');
  }
  await i18n.changeLanguage();
});
