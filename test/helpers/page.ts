/**
 * The browser objects that code run inside a page (page.evaluate, addInitScript) uses, typed: the
 * tests are compiled for Node, without the DOM library. Page code reaches them through a cast,
 * `globalThis as unknown as InPage`: only types come from here, no value of this module is in the page.
 */
export interface PageElement {
  readonly disabled?: boolean;
  textContent: string | null;
  readonly classList: { contains(name: string): boolean };
  getAttribute(name: string): string | null;
  setAttribute(name: string, value: string): void;
  removeAttribute(name: string): void;
  closest(selector: string): PageElement | null;
  /** Missing in older browsers. */
  readonly checkVisibility?: (options: { checkOpacity: boolean; checkVisibilityCSS: boolean }) => boolean;
  getClientRects(): { readonly length: number };
  getBoundingClientRect(): { readonly left: number; readonly top: number; readonly width: number; readonly height: number };
  scrollIntoView(options: { block: 'nearest'; inline: 'nearest' }): void;
  contains(other: PageElement): boolean;
  append(...nodes: PageElement[]): void;
}

/** What a `securitypolicyviolation` event tells. */
export interface CspViolationEvent {
  readonly effectiveDirective: string;
  readonly blockedURI: string;
  readonly sourceFile: string;
  readonly lineNumber: number;
}

export interface InPage {
  readonly document: {
    querySelector(selector: string): PageElement | null;
    querySelectorAll(selector: string): Iterable<PageElement>;
    createElement(tag: string): PageElement;
    elementFromPoint(x: number, y: number): PageElement | null;
    readonly head: PageElement;
    readonly documentElement: { readonly scrollWidth: number; readonly lang: string };
    addEventListener(type: 'securitypolicyviolation', listener: (e: CspViolationEvent) => void): void;
  };
  readonly localStorage: { getItem(key: string): string | null; setItem(key: string, value: string): void };
  readonly MutationObserver: new (callback: () => void) => {
    observe(target: unknown, options: { subtree: boolean; childList: boolean; attributes: boolean; characterData: boolean }): void;
    disconnect(): void;
  };
  /** Set by the CSP test's init script. */
  __cspViolations?: string[];
  /** Set by the inline script the CSP must block. */
  __inlineRan?: boolean;
  /** Kept by the web client when asked to (bench/web.ts). */
  __expeditionTimings?: number[];
  __expeditionRenderTimings?: number[];
}
