import type { ReactNode } from 'react';
import { afterEach, beforeEach, vi } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import i18n from '../src/i18n/index.js';
import { setSignedIn } from '../src/account/signed-in.js';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { fakeFetch, type Answer, type Call } from './fake-fetch.js';

/**
 * A fake server for the account pages: `routes` maps "METHOD /path" to an answer (or a function of
 * the request's body giving one); anything else is a 404. Records every request.
 */
export function mockAccountServer(routes: Record<string, Answer | ((body: unknown) => Answer)>): Call[] {
  return fakeFetch(({ method, url, body }) => {
    const route = routes[`${method} ${url}`];
    return typeof route === 'function' ? route(body) : route;
  });
}

/** Renders `ui` on a memory location, which records where it navigates. */
export function renderAt(path: string, ui: ReactNode) {
  const loc = memoryLocation({ path, record: true });
  render(
    <Router hook={loc.hook} searchHook={loc.searchHook}>
      {ui}
    </Router>,
  );
  return loc;
}

export const ACCOUNT = { id: 'a1', name: 'ada_99' } as const;

export const DETAILS = {
  ...ACCOUNT,
  createdAt: '2026-03-01T10:00:00.000Z',
  hasPassword: true,
  passkeys: [{ id: 'p1', name: 'Chrome on Linux', createdAt: '2026-03-01T10:00:00.000Z', lastUsedAt: null }],
} as const;

export const SESSIONS = [
  { id: 's1', device: 'Firefox on Linux', createdAt: '2026-03-01T10:00:00.000Z', lastUsedAt: '2026-03-02T10:00:00.000Z', current: true },
  { id: 's2', device: 'Safari on iPhone', createdAt: '2026-03-01T11:00:00.000Z', lastUsedAt: '2026-03-01T12:00:00.000Z', current: false },
  { id: 's3', device: 'Chrome on Windows', createdAt: '2026-03-01T12:00:00.000Z', lastUsedAt: '2026-03-01T13:00:00.000Z', current: false },
] as const;

/** Each test of the file starts signed out, in English, with empty storage, and leaves no page or stubbed global behind. */
export function signedOutEachTest(): void {
  beforeEach(async () => {
    localStorage.clear();
    setSignedIn(null);
    await i18n.changeLanguage('en');
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
}
