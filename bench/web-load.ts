/**
 * Cold-cache load figures of the web client (no assertions): from navigation to an interactive
 * lobby, and to an interactive table (a seated player's game page with its decision on screen),
 * each in a fresh browser context (empty HTTP cache), with the script bytes transferred for it.
 * Part of `npm run bench:web`; also runs alone: `node dist/bench/web-load.js`.
 */
import type { Page } from 'playwright-core';
import { launchBrowser, startWebServer, type TestBrowser } from '../test/helpers/browser.js';
import { createGame, joinSeat } from '../test/helpers/server.js';
import type { InPage } from '../test/helpers/page.js';

const RUNS = Number(process.env.WEB_LOAD_RUNS ?? 7);

interface Load {
  /** Milliseconds from navigation start (the page's time origin) to the interactive screen. */
  readonly ms: number;
  /** Bytes of JavaScript transferred (compressed bodies) up to that moment. */
  readonly scriptBytes: number;
  readonly scripts: number;
}

/** Waits until `ready` holds in the page, read on each animation frame, and measures what was loaded by then. */
async function measure(page: Page, ready: string): Promise<Load> {
  const handle = await page.waitForFunction(
    (sel: string) => {
      const g = globalThis as unknown as InPage & {
        performance: { now(): number; getEntriesByType(t: string): { name: string; encodedBodySize: number }[] };
      };
      const el = g.document.querySelector(sel);
      if (!el || el.disabled) return null;
      const scripts = g.performance.getEntriesByType('resource').filter((e) => /\.m?js(\?|$)/.test(e.name));
      return { ms: g.performance.now(), scriptBytes: scripts.reduce((n, e) => n + e.encodedBodySize, 0), scripts: scripts.length };
    },
    ready,
    { polling: 'raf', timeout: 60_000 },
  );
  return (await handle.jsonValue()) as Load;
}

const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const line = (what: string, xs: readonly Load[]) => {
  const ms = xs.map((x) => x.ms);
  console.log(
    `  ${what}: median ${median(ms).toFixed(0)} ms (min ${Math.min(...ms).toFixed(0)}, max ${Math.max(...ms).toFixed(0)}, ${xs.length} runs), ` +
      `script ${(median(xs.map((x) => x.scriptBytes)) / 1024).toFixed(1)} KB transferred in ${median(xs.map((x) => x.scripts))} files`,
  );
};

async function lobbyLoad(browser: TestBrowser, base: string): Promise<Load> {
  const page = await browser.newPage({ width: 1280, height: 800 });
  await page.goto(`${base}/?lang=en`, { waitUntil: 'commit' });
  const load = await measure(page, '[data-testid="bots-start"]');
  await page.context().close();
  return load;
}

async function tableLoad(browser: TestBrowser, base: string, id: string, token: string): Promise<Load> {
  const page = await browser.newPage({ width: 1280, height: 800 });
  // The seat's token, as the page keeps it once it joined: this is a returning player's cold load.
  await page.addInitScript(
    ([gid, tok]) =>
      (globalThis as unknown as InPage).localStorage.setItem(`expedition.seat.${gid}`, JSON.stringify({ seat: 0, token: tok })),
    [id, token] as const,
  );
  await page.goto(`${base}/game/${id}?lang=en`, { waitUntil: 'commit' });
  const load = await measure(page, '[data-testid="game-screen"] .status-bar .to-act');
  await page.context().close();
  return load;
}

export async function coldLoads(): Promise<void> {
  const srv = await startWebServer();
  const browser = await launchBrowser();
  try {
    const id = await createGame(srv.base, {
      seats: [{ kind: 'human' }, { kind: 'bot', bot: 'greedy' }, { kind: 'bot', bot: 'greedy' }],
      options: { layout: 'standard', openScores: false },
    });
    const token = await joinSeat(srv.base, id, 0, 'Bench');
    const lobby: Load[] = [];
    const table: Load[] = [];
    // Alternated, so that a burst of load on this shared machine hits both alike.
    await lobbyLoad(browser, srv.base);
    for (let i = 0; i < RUNS; i++) {
      lobby.push(await lobbyLoad(browser, srv.base));
      table.push(await tableLoad(browser, srv.base, id, token));
    }
    console.log('Cold-cache loads (fresh browser context each, 1280×800, server on 127.0.0.1):');
    line('navigation → interactive lobby', lobby);
    line('navigation → interactive table (seated, own decision shown)', table);
  } finally {
    await browser.close();
    await srv.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await coldLoads();
