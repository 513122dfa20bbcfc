/**
 * A turn-based game in real Chromium over a restart of the real server process: two accounts, each
 * in a browser of its own, play a rated game with the daily clock (3 days, a day more per move).
 * Ada plays her turn; the server process stops and starts again on the same database; Bob's
 * lobby lists the game as waiting for him (and his tab's title counts it), he opens it from there
 * and plays his turn; Ada's page, open all along, sees his move and her turn come back, and her
 * lobby and title count it. Needs `npm run build` and Chromium.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import {
  ARTIFACTS,
  freshName,
  launchBrowser,
  playByClicking,
  shot,
  signUp,
  watchErrors,
  WEB_ROOT,
  type TestBrowser,
} from '../helpers/browser.js';
import { freePort } from '../helpers/net.js';
import { ServerProcess } from '../helpers/server-process.js';

const dir = mkdtempSync(join(tmpdir(), 'expedition-turn-based-'));
let port = 0;
let base = '';
let server: ServerProcess | null = null;
let browser: TestBrowser | null = null;

const env = (): Record<string, string> => ({
  EXPEDITION_DB: join(dir, 'expedition.sqlite'),
  WEB_ROOT,
  PUBLIC_ORIGIN: base,
  HTTP_PER_MINUTE: '100000',
  WS_PER_SECOND: '100000',
});

before(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = await ServerProcess.start(port, env());
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.stop('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

/** The seat to act now, as the server tells it. */
async function toAct(id: string): Promise<number | null> {
  const r = await fetch(`${base}/api/games/${id}`);
  assert.equal(r.status, 200);
  return ((await r.json()) as { toAct: number | null }).toAct;
}

/** Plays the page's seat by clicking until the server says another seat is to act (asked every 100 ms meanwhile). */
async function playTurn(page: Page, id: string, seat: number, seed: string): Promise<void> {
  let now = await toAct(id);
  assert.equal(now, seat, `seat ${seat} is to act`);
  let asking = true;
  const ask = (async () => {
    while (asking && now === seat) {
      now = await toAct(id);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  try {
    await playByClicking(page, seed, { maxClicks: 200, until: () => now !== seat });
  } finally {
    asking = false;
    await ask;
  }
}

/** Waits (10 s at most) for the page's title to count `n` games waiting. */
async function titleCounts(page: Page, n: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await page.title()).startsWith(`(${n}) `)) {
    if (Date.now() > deadline) throw new Error(`the title "${await page.title()}" does not count ${n} games waiting`);
    await page.waitForTimeout(50);
  }
}

test(
  'a daily game goes on over a restart of the server: a move, a restart, the other player moves, the first sees it',
  { timeout: 300_000 },
  async (t) => {
    const seed = process.env.WEB_TEST_SEED ?? randomBytes(4).toString('hex');
    t.diagnostic(`seed ${seed} (set WEB_TEST_SEED to repeat)`);
    const ada = await browser!.newPage({ width: 1280, height: 800 });
    const bob = await browser!.newPage({ width: 390, height: 844 });
    const errors = [...watchErrors(ada), ...watchErrors(bob)];
    await signUp(ada, base, freshName('ada'));
    await signUp(bob, base, freshName('bob'));

    // Ada: a rated game for two with the daily clock, open to anyone.
    const card = ada.getByTestId('friends-game');
    await card.getByTestId('friends-seats').selectOption('2');
    await card.getByTestId('friends-rated').check();
    await card.getByTestId('friends-clock').selectOption('daily');
    await card.getByTestId('friends-open').check();
    await card.getByTestId('friends-create').click();
    await card.getByTestId('friends-go').click();
    await ada.waitForURL(/\/game\/[A-Za-z0-9_-]+$/);
    const id = new URL(ada.url()).pathname.split('/').pop()!;

    await bob.goto(`${base}/?lang=en`);
    const listed = bob.locator(`[data-testid="open-game"][data-game="${id}"]`);
    await listed.getByTestId(`join-${id}-1`).click({ timeout: 30_000 });
    await bob.getByTestId('game-screen').waitFor();

    // Seat A (Ada's) moves first.
    await playTurn(ada, id, 0, `${seed}:ada`);
    const adaMoves = Number(await ada.getByTestId('game-screen').getAttribute('data-moves'));

    // The server process restarts on the same database (a deploy).
    await server!.stop('SIGTERM');
    server = await ServerProcess.start(port, env());

    // Bob, in his lobby: the game waits for him, counted in the tab's title.
    await bob.goto(`${base}/?lang=en`);
    const mine = bob.locator(`[data-testid="your-game"][data-game="${id}"]`);
    await mine.getByTestId('your-turn').waitFor({ timeout: 30_000 });
    assert.match(await mine.getByTestId('time-left').innerText(), /\d+ days left/);
    await titleCounts(bob, 1);
    await shot(bob, 'turn-based-lobby-en-390.png');
    await mine.getByRole('link').click();
    await bob.getByTestId('game-screen').waitFor();
    await playTurn(bob, id, 1, `${seed}:bob`);

    // Ada's page, open since before the restart, is back with the server and shows Bob's moves.
    const moves = ((await (await fetch(`${base}/api/games/${id}`)).json()) as { moves: number }).moves;
    assert.ok(moves > adaMoves, 'Bob moved');
    await ada.locator(`[data-testid="game-screen"][data-moves="${moves}"]`).waitFor({ timeout: 30_000 });
    await ada.locator('[data-choosable]').first().waitFor({ timeout: 10_000 });
    // Her bank, and the day her turn gave back: at the table, in days.
    assert.match(await ada.getByTestId('turn-clock').innerText(), /^\s*· [34] days left$/);
    // Her lobby, in another tab: the game waits for her.
    const lobby = await ada.context().newPage();
    await lobby.goto(`${base}/?lang=en`);
    await lobby.locator(`[data-testid="your-game"][data-game="${id}"]`).getByTestId('your-turn').waitFor({ timeout: 30_000 });
    await titleCounts(lobby, 1);
    assert.deepEqual(errors, [], 'no page error');
  },
);
