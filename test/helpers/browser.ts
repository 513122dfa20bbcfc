/**
 * Browser tests and the browser bench: a headless Chromium (playwright-core, the system's
 * /usr/bin/chromium), the real game server serving the built client, and a seeded random player
 * that clicks through a game the way a person would.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdirSync } from 'node:fs';
import { after, before } from 'node:test';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { openChromium } from './chromium.js';
import { createRng } from '../../src/core/rng.js';
import { startServer, type TestServer } from './server.js';
import { freePort } from './net.js';
import type { InPage, PageElement } from './page.js';

/** The built client (dist/web), from dist/test/helpers or dist/bench alike. */
export const WEB_ROOT = fileURLToPath(new URL('../../web', import.meta.url));

/** Where screenshots go (ignored by git). */
export const ARTIFACTS = fileURLToPath(new URL('../../../test-artifacts', import.meta.url));

export interface TestBrowser {
  readonly browser: Browser;
  /** A page in a context of its own (its own localStorage: another person's browser). */
  newPage(viewport?: { width: number; height: number }): Promise<Page>;
  close(): Promise<void>;
}

/**
 * A headless Chromium (the test run's shared one, or one of this process's own); fails (never
 * skips) when Chromium is not installed. Every page gets a fresh context: its own cookies and
 * storage, as another person's browser.
 */
export async function launchBrowser(): Promise<TestBrowser> {
  const browser = await openChromium();
  const contexts: BrowserContext[] = [];
  return {
    browser,
    async newPage(viewport = { width: 1280, height: 900 }) {
      const context = await browser.newContext({ viewport, reducedMotion: 'reduce' });
      contexts.push(context);
      return context.newPage();
    },
    async close() {
      for (const c of contexts) await c.close().catch(() => undefined);
      await browser.close();
    },
  };
}

/** The real server (SQLite in memory) serving the built client; bots play at once. */
export async function startWebServer(opts: { readonly publicOrigin?: string } = {}, port = 0): Promise<TestServer> {
  assert.ok(
    existsSync(join(WEB_ROOT, 'index.html')),
    `the built web client is missing at ${WEB_ROOT}: run \`npm run build\` first (the browser tests run after it)`,
  );
  return startServer('sqlite', { webRoot: WEB_ROOT, botDelayMs: 0, botThreads: 0, ...opts }, port);
}

/** The game screen's state, and the choosable elements a person could click now (marked data-pw-pick=i). */
interface Screen {
  readonly moves: number | null;
  readonly decision: string | null;
  readonly over: boolean;
  readonly picks: number;
  /** Changes whenever the position, the offered elements or whether a choice is on its way change. */
  readonly sig: string;
}

/**
 * Reads the screen. Given the signature of an earlier screen, it first waits in the page for one
 * that differs from it and is not waiting for the answer to a choice (or shows the score): at
 * every change of the document, and every 100 ms for what changes without one (a fade-in). After
 * `quietMs` with no change at all it returns the screen as it is; a change that waits for an answer
 * is waited for up to 10 s.
 */
async function screen(page: Page, since: { sig: string; quietMs: number } | null = null): Promise<Screen> {
  return page.evaluate((since) => {
    const d = (globalThis as unknown as InPage).document;
    const read = () => {
      const gs = d.querySelector('[data-testid="game-screen"]');
      const els = [...d.querySelectorAll('[data-choosable]')].filter(
        (el: PageElement) =>
          !el.disabled &&
          el.getAttribute('aria-disabled') !== 'true' &&
          el.closest('[aria-hidden="true"]') === null &&
          // checkVisibility also sees content hidden by a closed <details> (content-visibility).
          (typeof el.checkVisibility === 'function'
            ? el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })
            : el.getClientRects().length > 0),
      );
      const moves = gs ? Number(gs.getAttribute('data-moves')) : null;
      const decision = gs ? gs.getAttribute('data-decision') : null;
      const over = d.querySelector('[data-testid="score-screen"]') !== null;
      // A choice on its way to the game makes the decision panel busy at once, until the answer shows.
      const busy = d.querySelector('[data-testid="decision-panel"][aria-busy="true"]') !== null;
      const sig = `${moves}|${decision}|${busy}|${els.map((el: PageElement) => `${el.getAttribute('data-testid') ?? ''}:${el.getAttribute('data-choice') ?? ''}`).join(',')}`;
      return { els, busy, screen: { moves, decision, over, picks: els.length, sig } };
    };
    const mark = (r: ReturnType<typeof read>): Screen => {
      for (const el of d.querySelectorAll('[data-pw-pick]')) el.removeAttribute('data-pw-pick');
      r.els.forEach((el: PageElement, i: number) => el.setAttribute('data-pw-pick', String(i)));
      return r.screen;
    };
    const first = read();
    const settled = (r: ReturnType<typeof read>) => r.screen.over || (r.screen.sig !== since!.sig && !r.busy);
    if (since === null || settled(first)) return mark(first);
    return new Promise<Screen>((resolve) => {
      let changed = first.screen.sig !== since.sig;
      const check = () => {
        const r = read();
        changed ||= r.screen.sig !== since.sig;
        if (settled(r)) finish(r);
      };
      const observer = new (globalThis as unknown as InPage).MutationObserver(check);
      const poll = setInterval(check, 100);
      const quiet = setTimeout(() => {
        if (!changed) finish(read());
      }, since.quietMs);
      const cap = setTimeout(() => finish(read()), Math.max(since.quietMs, 10_000));
      const finish = (r: ReturnType<typeof read>) => {
        observer.disconnect();
        clearInterval(poll);
        clearTimeout(quiet);
        clearTimeout(cap);
        resolve(mark(r));
      };
      observer.observe(d, { subtree: true, childList: true, attributes: true, characterData: true });
    });
  }, since);
}

/**
 * Whether a click on the element's centre reaches it (or something inside it), as Playwright's
 * click checks before it clicks: an element with a box, scrolled into view first. Asked of the page
 * at once, where Playwright would retry until its timeout before it says that another element is on
 * top.
 */
function reachable(pick: Locator): Promise<boolean> {
  return pick
    .evaluate(
      (el: PageElement) => {
        el.scrollIntoView({ block: 'nearest', inline: 'nearest' });
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) return false;
        const top = (globalThis as unknown as InPage).document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return top !== null && (top === el || el.contains(top));
      },
      undefined,
      { timeout: 1000 },
    )
    .catch(() => false);
}

export interface PlayResult {
  readonly clicks: number;
  readonly over: boolean;
  readonly moves: number | null;
}

/**
 * Clicks seeded-random enabled, visible `[data-choosable]` elements until the score screen shows
 * (or `maxClicks`, or `until` says stop). The seed is in every failure message.
 */
export async function playByClicking(
  page: Page,
  seed: string,
  opts: { maxClicks?: number; until?: (s: { clicks: number; moves: number | null }) => boolean; onClick?: () => Promise<void> | void } = {},
): Promise<PlayResult> {
  const rng = createRng(seed);
  const max = opts.maxClicks ?? 1500;
  let clicks = 0;
  let idle = 0;
  let s = await screen(page);
  for (;;) {
    if (s.over) return { clicks, over: true, moves: s.moves };
    if (opts.until?.({ clicks, moves: s.moves })) return { clicks, over: false, moves: s.moves };
    if (clicks >= max)
      throw new Error(`[seed ${seed}] no end of the game after ${clicks} clicks (move ${s.moves}, decision ${s.decision})`);
    if (s.picks === 0) {
      // Bots are playing, or the answer to our last choice is on its way.
      const next = await screen(page, { sig: s.sig, quietMs: 200 });
      if (next.sig === s.sig) idle += 200;
      if (idle > 20_000) throw new Error(`[seed ${seed}] nothing to click for 20 s (move ${s.moves}, decision ${s.decision})`);
      s = next;
      continue;
    }
    idle = 0;
    const pick = page.locator(`[data-pw-pick="${rng.int(s.picks)}"]`);
    // noWaitAfter: the click returns once it is delivered, so a failed one never was, and a slow
    // answer to one that was is not followed by a second click.
    const clicked =
      (await reachable(pick)) &&
      (await pick.click({ timeout: 2000, noWaitAfter: true }).then(
        () => true,
        () => false,
      ));
    // Covered by another element (a label over an SVG target): fire the click as a keyboard user would get it.
    if (!clicked) await pick.dispatchEvent('click', undefined, { timeout: 1000 }).catch(() => undefined);
    clicks++;
    await opts.onClick?.();
    // What a click does shows at once (another panel, a busy decision); a click that changes
    // nothing (a target already selected) is followed by another one.
    s = await screen(page, { sig: s.sig, quietMs: 500 });
  }
}

/**
 * The real server with the built client, and a browser, shared by the tests of one file: started
 * before them, closed after. Read `srv` and `browser` inside the tests.
 */
export function browserSuite(opts: { readonly localhost?: boolean } = {}): {
  readonly srv: TestServer;
  readonly browser: TestBrowser;
  /** Where the pages go: the server's address, or http://localhost:PORT with `localhost`. */
  readonly base: string;
} {
  const ctx = {} as { srv: TestServer; browser: TestBrowser; base: string };
  before(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    if (opts.localhost) {
      // WebAuthn takes no IP address as the site a passkey belongs to, and the server binds
      // passkeys to its public origin: the server starts on a port chosen first, with that origin.
      const port = await freePort();
      ctx.base = `http://localhost:${port}`;
      ctx.srv = await startWebServer({ publicOrigin: ctx.base }, port);
    } else {
      ctx.srv = await startWebServer();
      ctx.base = ctx.srv.base;
    }
    ctx.browser = await launchBrowser();
  });
  after(async () => {
    await ctx.browser?.close();
    await ctx.srv?.stop();
  });
  return ctx;
}

/** Collects every error the page throws (the tests assert there are none). */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/** A full-page screenshot into test-artifacts/. */
export const shot = (page: Page, name: string) => page.screenshot({ path: join(ARTIFACTS, name), fullPage: true });

/**
 * Makes `page` hold a seat's token from its next navigation on, as opening the seat's link would
 * leave it: set before the page's own scripts run, so no other page has to be loaded first.
 */
export const holdSeat = async (page: Page, gameId: string, seat: number, token: string): Promise<void> => {
  await page.addInitScript(([k, v]) => (globalThis as unknown as InPage).localStorage.setItem(k, v), [
    `expedition.seat.${gameId}`,
    JSON.stringify({ seat, token }),
  ] as const);
};

/** Waits until the game screen shows more than `n` moves played. */
export async function movesAfter(page: Page, n: number, timeout = 20_000): Promise<void> {
  await page.waitForFunction(
    (m) => Number((globalThis as unknown as InPage).document.querySelector('[data-testid="game-screen"]')?.getAttribute('data-moves')) > m,
    n,
    { timeout },
  );
}

let names = 0;
/** An account name no other test of this run takes (the server's database lives as long as its suite). */
export const freshName = (prefix: string) => `${prefix}_${process.pid % 1000}_${++names}`;

/** Signs a fresh browser up as `name` with a password, in English; a browser with no guest seats lands in the lobby. */
export async function signUp(page: Page, base: string, name: string): Promise<void> {
  await page.goto(`${base}/sign-up?lang=en`);
  await page.getByTestId('auth-name').fill(name);
  await page.getByTestId('auth-password').fill('a long enough password');
  await page.keyboard.press('Enter');
  await page.waitForURL((u) => u.pathname === '/');
}

/** Starts an offline game against the lobby's bots from the bot card, in English, and waits for the /local page. */
export async function startOfflineGame(page: Page, base: string, game: 'relic-runners' | 'quetzal'): Promise<void> {
  await page.goto(base + '/?lang=en');
  const card = page.getByTestId('bot-game');
  await card.getByTestId('bots-game-choice').selectOption(game);
  await card.getByTestId('where-local').check();
  await card.getByTestId('bots-start').click();
  await page.waitForURL((u) => u.pathname === '/local');
}
