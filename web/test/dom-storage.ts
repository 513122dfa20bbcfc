/**
 * Runs first before each component test file (web/vite.config.ts). Node 25 and later have a
 * `localStorage` and `sessionStorage` of their own on the global object (undefined unless Node is
 * given a storage file), and Vitest's jsdom environment does not replace a global that exists: the
 * web client would find no storage. Here the page's globals are jsdom's, as in a browser.
 */
const dom = (globalThis as { jsdom?: { window: Pick<Window, 'localStorage' | 'sessionStorage'> } }).jsdom;
if (dom) {
  for (const name of ['localStorage', 'sessionStorage'] as const) {
    if (globalThis[name] !== dom.window[name]) {
      Object.defineProperty(globalThis, name, { value: dom.window[name], configurable: true, writable: true, enumerable: true });
    }
  }
}
