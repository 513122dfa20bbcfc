/**
 * Post-game analysis in the replay viewer in a real browser against the real server: a finished
 * server game's replay, "Analyse" with few iterations (?analysisIterations=20), the worker's
 * progress to the end, the winning-chance curve drawn for every seat (one distribution per move,
 * adding up to 100 %), the panel's words in percentage points, and a click on a flagged decision or
 * a fall (in the lists and on the curve) moving the replay to that move; Stop terminates the worker.
 * Needs `npm run build:web`. Screenshots: analysis-laptop.png, analysis-phone.png,
 * analysis-phone-panel.png, analysis-laptop-pl.png, analysis-phone-panel-pl.png, analysis-quetzal-fr.png.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { join } from 'node:path';
import { ARTIFACTS, browserSuite, shot, watchErrors } from '../helpers/browser.js';
import type { InPage } from '../helpers/page.js';
import { createGame, live, until } from '../helpers/server.js';

const suite = browserSuite();

/**
 * A finished server game, a random bot against greedy ones (a fixed seed, so its analysis is the
 * same every run). The default seed's random player makes choices that cost 10 pp or more, and both
 * players' chances fall by 10 pp or more at some move.
 */
async function finishedGame(game = 'relic-runners', seed = 'analysis-browser-2', players = 2): Promise<string> {
  const id = await createGame(suite.srv.base, {
    game,
    seats: Array.from({ length: players }, (_, i) => ({ kind: 'bot' as const, bot: i === 0 ? 'random' : 'greedy' })),
    seed,
  });
  const g = await live(suite.srv.hub, id);
  await until(() => g.status === 'finished', 'the bots to finish the game', 60_000);
  return id;
}

const stepOf = async (page: Page) => Number(await page.getByTestId('replay').getAttribute('data-step'));

/** Every line's values per step must add up to 100 %: one distribution over the players at each move. */
async function assertChartAddsUp(page: Page, seats: number, points: number): Promise<void> {
  const lines: number[][] = [];
  for (let s = 0; s < seats; s++) {
    const values = ((await page.getByTestId(`win-line-${s}`).getAttribute('data-values')) ?? '').split(' ').map(Number);
    assert.equal(values.length, points, `seat ${s}'s line has a value per step`);
    lines.push(values);
  }
  for (let k = 0; k < points; k++) {
    const total = lines.reduce((a, l) => a + l[k]!, 0);
    assert.ok(Math.abs(total - 100) < 1e-9, `step ${k}: the chances add up to ${total} %`);
  }
}

/** The legend's percentages at the step shown, read as the page writes them ("33.4 %" or "33,4 %"). */
async function legendTotal(page: Page, seats: number): Promise<number> {
  let total = 0;
  for (let s = 0; s < seats; s++) {
    const text = await page.getByTestId(`analysis-chance-${s}`).innerText();
    total += Number(text.replace(/\s*%$/, '').replace(',', '.'));
  }
  return total;
}

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
    assert.match(await page.getByTestId('analysis-notice').innerText(), /\(together 100 %\).*judged only by what its player knew/);

    await page.getByTestId('analysis-seat').selectOption('0');
    await analyse(page);
    assert.equal(await page.getByTestId('win-chart').getAttribute('data-points'), String(moves + 1), 'a point per step');
    for (const seat of [0, 1]) {
      const points = (await page.getByTestId(`win-line-${seat}`).locator('polyline').getAttribute('points')) ?? '';
      assert.equal(points.split(' ').length, moves + 1, `seat ${seat}'s line has a point per step`);
    }
    await assertChartAddsUp(page, 2, moves + 1);
    assert.ok(Math.abs((await legendTotal(page, 2)) - 100) < 1e-9, 'the legend adds up to 100 % too');
    assert.match(await page.getByTestId('analysis-done').innerText(), new RegExp(`All ${moves} decisions analysed`));
    assert.match(
      await page.getByTestId('analysis-breakdown').innerText(),
      /^[\d.]+ % at the start, (0|100) % at the end: own choices [+−][\d.]+ pp, moves by .+ [+−][\d.]+ pp, chance [+−][\d.]+ pp\.$/,
    );

    // The random player's costliest choice, first in the list, moves the replay to its move.
    const flags = page.getByTestId('analysis-flags').getByRole('button');
    const count = await flags.count();
    assert.ok(count > 0, 'the random player made a choice that cost 10 pp or more');
    assert.match(await flags.first().innerText(), /^Move \d+: cost [\d.]+ pp \([\d.]+ % → [\d.]+ %\)$/);
    const first = Number((await flags.first().getAttribute('data-testid'))!.replace('analysis-flag-', ''));
    await flags.first().click();
    assert.equal(await stepOf(page), first, 'the list jumps to the flagged move');
    assert.match(await page.getByTestId('analysis-current').innerText(), new RegExp(`^Move ${first}: `));
    assert.match(
      await page.getByTestId('analysis-estimate').innerText(),
      /^By what .+ knew: [\d.]+ % winning chance with the bot's choice, [\d.]+ % with this one\.$/,
    );
    assert.match(
      await page.getByTestId('analysis-cost').innerText(),
      /^Against the bot's choice, this one cost [\d.]+ pp of winning chance\.$/,
    );
    assert.match(await page.getByTestId('analysis-effect').innerText(), /^With this move, the winning chance of .+ (went from|stayed at) /);
    assert.doesNotMatch(
      await page.getByTestId('analysis').innerText(),
      /(?<!percentage )\bpoints\b/,
      'percentage points are never just "points"',
    );
    await shot(page, 'analysis-laptop.png');

    // Every fall of 10 pp or more is listed with its cause; a click moves the replay there.
    for (const seat of ['0', '1']) {
      await page.getByTestId('analysis-seat').selectOption(seat);
      const falls = page.getByTestId('analysis-falls').getByRole('button');
      assert.ok((await falls.count()) > 0, `seat ${seat}'s chance fell by 10 pp or more at some move`);
      const fall = falls.first();
      const at = Number((await fall.getAttribute('data-testid'))!.replace('analysis-fall-', ''));
      const cause = await fall.getAttribute('data-cause');
      assert.match(
        await fall.innerText(),
        cause === 'own' ? /^Move \d+: −[\d.]+ pp, own choice/ : /^Move \d+: −[\d.]+ pp, (choice by|chance)/,
      );
      await fall.click();
      assert.equal(await stepOf(page), at, 'the list of falls jumps to the move');
      assert.match(
        await page.getByTestId('analysis-effect').innerText(),
        /^With this move, the winning chance of .+ went from [\d.]+ % to [\d.]+ % \(−[\d.]+ pp\): /,
      );
    }
    await page.getByTestId('analysis-seat').selectOption('0');

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

test('a 3-player game in Polish, on a laptop and a phone: one distribution per move, the words in p.p.', { timeout: 180_000 }, async () => {
  // Seat 1's chance falls by 10 pp or more at a move of its own and at another player's.
  const id = await finishedGame('relic-runners', 'analysis-browser-3p', 3);
  const page = await suite.browser.newPage({ width: 1280, height: 800 });
  const errors = watchErrors(page);
  await page.goto(`${suite.srv.base}/replay/${id}?lang=pl&analysisIterations=20`);
  await page.getByTestId('replay').waitFor();
  const moves = Number(await page.getByTestId('replay').getAttribute('data-moves'));
  await analyse(page);
  await assertChartAddsUp(page, 3, moves + 1);
  await page.getByTestId('analysis-seat').selectOption('1');
  assert.match(
    await page.getByTestId('analysis-breakdown').innerText(),
    /^Na początku [\d,]+ %, na końcu (0|100) %: własne wybory [+−][\d,]+ p\.p\., ruchy gracza .+ [+−][\d,]+ p\.p\., ruchy gracza .+ [+−][\d,]+ p\.p\., los [+−][\d,]+ p\.p\.$/,
  );
  const own = page.locator('[data-testid^="analysis-fall-"][data-cause="own"]').first();
  assert.match(await own.innerText(), /^Ruch \d+: −[\d,]+ p\.p\., własny wybór/);
  await own.click();
  assert.ok(Math.abs((await legendTotal(page, 3)) - 100) < 1e-9, 'the legend adds up to 100 %');
  assert.match(
    await page.getByTestId('analysis-cost').innerText(),
    /^(W porównaniu z wyborem bota ten wybór kosztował [\d,]+ p\.p\. szansy na wygraną|Według tej oceny ten wybór był równie dobry jak wybór bota)\.$/,
  );
  assert.match(
    await page.getByTestId('analysis-effect').innerText(),
    /^Po tym ruchu szansa na wygraną gracza .+ zmieniła się z [\d,]+ % na [\d,]+ % \(−[\d,]+ p\.p\.\): własny wybór/,
  );
  const other = page.locator('[data-testid^="analysis-fall-"][data-cause="other"]').first();
  assert.match(await other.innerText(), /^Ruch \d+: −[\d,]+ p\.p\., wybór gracza /);
  await shot(page, 'analysis-laptop-pl.png');
  await page.setViewportSize({ width: 390, height: 844 });
  const width = await page.evaluate(() => (globalThis as unknown as InPage).document.documentElement.scrollWidth);
  assert.ok(width <= 390, `the Polish panel fits a 390 px screen (page is ${width} px wide)`);
  await page.getByTestId('analysis').screenshot({ path: join(ARTIFACTS, 'analysis-phone-panel-pl.png') });
  assert.deepEqual(errors, []);
});

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
  assert.match(await page.getByTestId('analysis-notice').innerText(), /\(zusammen 100 %\).*nur nach dem beurteilt, was ihre Person wusste/);
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
  await assertChartAddsUp(page, 2, moves + 1);
  assert.equal(await stepOf(page), 0);
  // Seat 0 decides first in Quetzal: its estimate is on screen.
  const current = await page.getByTestId('analysis-current').innerText();
  assert.match(current, /^Coup 0 : .* a choisi [^{}]+\./);
  assert.doesNotMatch(current, /[{}]/);
  assert.match(await page.getByTestId('analysis-estimate').innerText(), /^D'après ce que .+ savait : [\d,]+ % de chance de victoire/);
  assert.match(
    await page.getByTestId('analysis-effect').innerText(),
    /^Avec ce coup, la chance de victoire de .+ (est passée de|est restée à) /,
  );
  await page.getByTestId('analysis').screenshot({ path: join(ARTIFACTS, 'analysis-quetzal-fr.png') });
  assert.deepEqual(errors, []);
});
