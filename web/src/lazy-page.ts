import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * A page loaded only when opened. `preload` fetches it ahead of the first render; once it is in,
 * `Page` is the component itself rather than the lazy one, so the page opened by the address
 * renders at once: a lazy component would show the Suspense fallback first, and React then holds
 * that fallback for at least 300 ms (its fallback throttle), all of it added to the page's first
 * interaction.
 */
export interface LazyPage<P extends object> {
  readonly Page: () => ComponentType<P> | LazyExoticComponent<ComponentType<P>>;
  preload(): Promise<void>;
}

export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>): LazyPage<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const fetch = () =>
    (loading ??= load().then((c) => {
      loaded = c;
      return c;
    }));
  const Lazy = lazy(() => fetch().then((c) => ({ default: c })));
  return {
    Page: () => loaded ?? Lazy,
    preload: () => fetch().then(() => undefined),
  };
}
