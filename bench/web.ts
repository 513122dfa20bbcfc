/**
 * Web client figures (no assertions): (0) cold-cache loads of the lobby and a table (web-load.ts), (1) the gzipped size of the JavaScript the lobby page loads
 * in each language (what Chromium fetched before the lobby showed), and (2) click-to-render time in a
 * mid-game position of a server game, as GameScreen records it in window.__expeditionTimings.
 * Run with `npm run bench:web` (builds first); needs Chromium at /usr/bin/chromium.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { launchBrowser, playByClicking, startWebServer, WEB_ROOT } from '../test/helpers/browser.js';
import { createGame, inviteKeys } from '../test/helpers/server.js';
import type { InPage } from '../test/helpers/page.js';
import { coldLoads } from './web-load.js';
import { REPO_ROOT } from '../test/helpers/repo.js';
import { takeSeatByLink } from '../test/helpers/seat-link.js';

const JS_TARGET_KB = 120;
const RENDER_TARGET_MS = 50;
const WARM_CLICKS = 25;
const MEASURED = 30;

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/**
 * The JavaScript a lobby page loads before it can be used, in each language: every script the
 * page fetched by the time the lobby shows (index.html's, its preloads, and the chunk of the
 * page's language), gzipped as the server sends it.
 */
async function lobbyJs(): Promise<void> {
  const srv = await startWebServer();
  const browser = await launchBrowser();
  try {
    console.log(`JavaScript the lobby loads before it shows, by language (target ≤ ${JS_TARGET_KB} KB gzip):`);
    for (const lng of readdirSync(join(REPO_ROOT, 'web', 'src', 'i18n', 'locales')).sort()) {
      const page = await browser.newPage();
      const scripts = new Set<string>();
      page.on('response', (r) => {
        const path = new URL(r.url()).pathname;
        if (path.endsWith('.js')) scripts.add(path);
      });
      await page.goto(`${srv.base}/?lang=${lng}`);
      await page.getByTestId('lobby').waitFor();
      let gz = 0;
      for (const src of scripts) gz += gzipSync(readFileSync(join(WEB_ROOT, src.replace(/^\//, ''))), { level: 9 }).length;
      console.log(
        `  ${lng}: ${scripts.size} scripts, gzip ${kb(gz).padStart(9)} (${gz <= JS_TARGET_KB * 1024 ? 'met' : 'NOT met'}): ${[...scripts].map((s) => s.replace('/assets/', '')).join(' ')}`,
      );
      await page.context().close();
    }
  } finally {
    await browser.close();
    await srv.stop();
  }
}

const percentile = (xs: readonly number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
};

async function clickToRender(): Promise<void> {
  const srv = await startWebServer();
  const browser = await launchBrowser();
  try {
    const xs: number[] = [];
    const inPage: number[] = [];
    let games = 0;
    let warmMoves: number | null = null;
    // A game may end before enough choices were timed: then the next one goes on measuring.
    while (xs.length < MEASURED && games < 4) {
      games++;
      const id = await createGame(srv.base, {
        seats: [{ kind: 'human' }, { kind: 'bot', bot: 'greedy' }, { kind: 'bot', bot: 'greedy' }],
        options: { layout: 'standard', openScores: false },
      });
      const page = await browser.newPage();
      // The seat link claims seat 0 for this page, after its name prompt.
      await takeSeatByLink(page, `${srv.base}/game/${id}?seat=0#key=${inviteKeys.get(id)!.get(0)!}`, 'Bench');
      await page.getByTestId('game-screen').waitFor();
      const timings = () => page.evaluate(() => (globalThis as unknown as InPage).__expeditionTimings ?? []);
      const warm = await playByClicking(page, `bench-web-${games}`, { until: (st) => st.clicks >= WARM_CLICKS });
      warmMoves ??= warm.moves;
      if (warm.over) continue;
      await page.evaluate(() => {
        (globalThis as unknown as InPage).__expeditionTimings = [];
        (globalThis as unknown as InPage).__expeditionRenderTimings = [];
      });
      let n = 0;
      await playByClicking(page, `bench-web-measured-${games}`, {
        maxClicks: 400,
        until: () => xs.length + n >= MEASURED,
        onClick: async () => {
          n = (await timings()).length;
        },
      });
      xs.push(...(await timings()));
      inPage.push(...(await page.evaluate(() => (globalThis as unknown as InPage).__expeditionRenderTimings ?? [])));
      await page.close();
    }
    console.log(
      `Click to painted state, server game (human + 2 greedy bots), mid-game (after ${WARM_CLICKS} warm-up clicks, move ${warmMoves}), ${games} game(s):`,
    );
    if (xs.length === 0) {
      console.log('  no timings recorded');
      return;
    }
    const med = percentile(xs, 50);
    const p95 = percentile(xs, 95);
    console.log(
      `  ${xs.length} choices: median ${med.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${Math.max(...xs).toFixed(1)} ms (target ≤ ${RENDER_TARGET_MS} ms: ${p95 <= RENDER_TARGET_MS ? 'met at p95' : med <= RENDER_TARGET_MS ? 'met at the median, not at p95' : 'NOT met'})`,
    );
    console.log('  (includes the WebSocket round trip to the in-process server, which stores the move in SQLite first)');
    if (inPage.length)
      console.log(
        `  of which in the page, from the new state's arrival to its paint: median ${percentile(inPage, 50).toFixed(1)} ms, p95 ${percentile(inPage, 95).toFixed(1)} ms`,
      );
  } finally {
    await browser.close();
    await srv.stop();
  }
}

/**
 * The same figure for a game run in the browser (engine and bots in the Web Worker): no network
 * and no database, so this is the client's own time from a click to the painted state.
 */
async function offlineClickToRender(): Promise<void> {
  const srv = await startWebServer();
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    await page.goto(`${srv.base}/`);
    await page.evaluate(() =>
      (globalThis as unknown as InPage).localStorage.setItem(
        'expedition.local.new',
        JSON.stringify({
          seats: [{ kind: 'human' }, { kind: 'bot', bot: 'random' }, { kind: 'bot', bot: 'random' }],
          options: { layout: 'standard', openScores: false },
          seed: 'bench-web-offline',
        }),
      ),
    );
    await page.goto(`${srv.base}/local`);
    await page.getByTestId('game-screen').waitFor();
    await playByClicking(page, 'bench-web-offline-warm', { until: (st) => st.clicks >= WARM_CLICKS });
    await page.evaluate(() => {
      (globalThis as unknown as InPage).__expeditionTimings = [];
    });
    let n = 0;
    await playByClicking(page, 'bench-web-offline', {
      maxClicks: 400,
      until: () => n >= MEASURED,
      onClick: async () => {
        n = (await page.evaluate(() => (globalThis as unknown as InPage).__expeditionTimings ?? [])).length;
      },
    });
    const xs = await page.evaluate(() => (globalThis as unknown as InPage).__expeditionTimings ?? []);
    if (xs.length === 0) return console.log('Offline game: no timings recorded');
    console.log(`Click to painted state, offline game in the browser (human + 2 random bots in the Web Worker), mid-game:`);
    console.log(
      `  ${xs.length} choices: median ${percentile(xs, 50).toFixed(1)} ms, p95 ${percentile(xs, 95).toFixed(1)} ms, max ${Math.max(...xs).toFixed(1)} ms`,
    );
  } finally {
    await browser.close();
    await srv.stop();
  }
}

await lobbyJs();
await clickToRender();
await offlineClickToRender();
await coldLoads();
