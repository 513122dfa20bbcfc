/**
 * Post-game analysis in the replay viewer (issue 17 §3) in a real browser against the real server:
 * a finished server game's replay, "Analyse" with few iterations (?analysisIterations=20), the
 * worker's progress to the end, the winning-chance curve drawn for every seat, and a click on a
 * flagged decision (in the list and on the curve) moving the replay to that move; Stop terminates
 * the worker. Needs `npm run build:web`. Screenshots: analysis-laptop.png, analysis-phone.png, analysis-phone-panel.png.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { join } from 'node:path';
import { ARTIFACTS, browserSuite, shot, watchErrors } from '../helpers/browser.js';
import type { InPage } from '../helpers/page.js';
import { createGame, live, until } from '../helpers/server.js';

const suite = browserSuite();

/** A finished 2-player server game between random bots (a fixed seed, so its analysis is the same every run). */
async function finishedGame(game = 'relic-runners'): Promise<string> {
  const id = await createGame(suite.srv.base, {
    game,
    seats: [
      { kind: 'bot', bot: 'random' },
      { kind: 'bot', bot: 'greedy' },
    ],
    seed: 'analysis-browser',
  });
  const g = await live(suite.srv.hub, id);
  await until(() => g.status === 'finished', 'the bots to finish the game', 60_000);
  return id;
}

const stepOf = async (page: Page) => Number(await page.getByTestId('replay').getAttribute('data-step'));

async function analyse(page: Page): Promise<void> {
  await page.getByTestId('analysis-start').click();
  await page.getByRole('progressbar').waitFor();
  await page.locator('[data-testid="analysis"][data-state="done"]').waitFor({ timeout: 90_000 });
}

test(
  'the replay of a finished game analysed in a worker: curve, flagged decisions that move the replay, phone size',
  { timeout: 180_000 },
  async () => {
    const id = await finishedGame();
    const page = await suite.browser.newPage({ width: 1280, height: 800 });
    const errors = watchErrors(page);
    await page.goto(`${suite.srv.base}/replay/${id}?lang=en&analysisIterations=20`);
    await page.getByTestId('replay').waitFor();
    const moves = Number(await page.getByTestId('replay').getAttribute('data-moves'));
    assert.ok(moves > 20, `a game of ${moves} moves`);
    assert.match(await page.getByTestId('analysis-notice').innerText(), /only from what that player knew at that moment/);

    await page.getByTestId('analysis-seat').selectOption('0');
    await analyse(page);
    assert.equal(await page.getByTestId('win-chart').getAttribute('data-points'), String(moves + 1), 'a point per step');
    for (const seat of [0, 1]) {
      const points = (await page.getByTestId(`win-line-${seat}`).locator('polyline').getAttribute('points')) ?? '';
      assert.equal(points.split(' ').length, moves + 1, `seat ${seat}'s line has a point per step`);
    }
    assert.match(await page.getByTestId('analysis-done').innerText(), new RegExp(`All ${moves} decisions analysed`));

    // The random player's costliest choice, first in the list, moves the replay to its move.
    const flags = page.getByTestId('analysis-flags').getByRole('button');
    const count = await flags.count();
    assert.ok(count > 0, 'the random player made a choice that cost 10 points or more');
    const first = Number((await flags.first().getAttribute('data-testid'))!.replace('analysis-flag-', ''));
    await flags.first().click();
    assert.equal(await stepOf(page), first, 'the list jumps to the flagged move');
    assert.match(await page.getByTestId('analysis-current').innerText(), new RegExp(`^Move ${first}: `));
    assert.match(await page.getByTestId('analysis-estimate').innerText(), /Winning chance: [\d.]+ % with the bot's choice/);
    await shot(page, 'analysis-laptop.png');

    // The mark on the curve does the same for another flagged move (or the same, after stepping away).
    const last = Number((await flags.last().getAttribute('data-testid'))!.replace('analysis-flag-', ''));
    await page.getByTestId('replay-first').click();
    assert.equal(await stepOf(page), 0);
    await page.getByTestId(`flag-mark-${last}`).click();
    assert.equal(await stepOf(page), last, 'the curve mark jumps to the flagged move');

    // Phone size: the panel fits and reads.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('win-chart').scrollIntoViewIfNeeded();
    const width = await page.evaluate(() => (globalThis as unknown as InPage).document.documentElement.scrollWidth);
    assert.ok(width <= 390, `the replay with its analysis fits a 390 px screen (page is ${width} px wide)`);
    await shot(page, 'analysis-phone.png');
    await page.getByTestId('analysis').screenshot({ path: join(ARTIFACTS, 'analysis-phone-panel.png') });
    assert.deepEqual(errors, [], 'no errors in the page');
  },
);

test('Stop terminates the analysis worker and keeps what was analysed', { timeout: 120_000 }, async () => {
  const id = await finishedGame();
  const page = await suite.browser.newPage({ width: 1280, height: 800 });
  const errors = watchErrors(page);
  // Many iterations, so that the run is still going when Stop is clicked.
  await page.goto(`${suite.srv.base}/replay/${id}?lang=de&analysisIterations=1000`);
  await page.getByTestId('replay').waitFor();
  const worker = page.waitForEvent('worker');
  await page.getByTestId('analysis-start').click();
  const w = await worker;
  const closed = new Promise<void>((resolve) => w.on('close', () => resolve()));
  const bar = page.getByRole('progressbar');
  await page.waitForFunction(
    () => Number((globalThis as unknown as InPage).document.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow') ?? 0) >= 1,
    undefined,
    { timeout: 60_000 },
  );
  await page.getByTestId('analysis-stop').click();
  await closed;
  assert.equal(await page.getByTestId('analysis').getAttribute('data-state'), 'stopped');
  const done = Number(await bar.getAttribute('aria-valuenow'));
  assert.ok(done >= 1 && done < Number(await bar.getAttribute('aria-valuemax')));
  assert.match(await page.getByTestId('analysis').innerText(), /Angehalten nach \d+ von \d+ Entscheidungen/);
  assert.match(await page.getByTestId('analysis-notice').innerText(), /nie aus dem wahren Spielstand/);
  assert.deepEqual(errors, []);
});

test('a Quetzal replay is analysed too (choices named in words)', { timeout: 120_000 }, async () => {
  const id = await finishedGame('quetzal');
  const page = await suite.browser.newPage({ width: 1280, height: 800 });
  const errors = watchErrors(page);
  await page.goto(`${suite.srv.base}/replay/${id}?lang=fr&analysisIterations=15`);
  await page.getByTestId('replay').waitFor();
  const moves = Number(await page.getByTestId('replay').getAttribute('data-moves'));
  await analyse(page);
  assert.equal(await page.getByTestId('win-chart').getAttribute('data-points'), String(moves + 1));
  assert.equal(await stepOf(page), 0);
  // Seat 0 decides first in Quetzal: its estimate is on screen.
  const current = await page.getByTestId('analysis-current').innerText();
  assert.match(current, /^Coup 0 : .* a choisi [^{}]+\./);
  assert.doesNotMatch(current, /[{}]/);
  await page.getByTestId('analysis').screenshot({ path: join(ARTIFACTS, 'analysis-quetzal-fr.png') });
  assert.deepEqual(errors, []);
});
