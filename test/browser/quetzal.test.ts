/**
 * The Quetzal table in a real browser against the real server: a 2-player game (you and a bot; the
 * automaton plays the third colour) started through the lobby and played to the end by clicking.
 * Needs `npm run build:web` (dist/web) and Chromium at /usr/bin/chromium. Screenshots go to
 * test-artifacts/ (quetzal-mid.png, quetzal-phone.png, quetzal-score.png).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { browserSuite, playByClicking, shot, watchErrors } from '../helpers/browser.js';
import { live } from '../helpers/server.js';
import type { PageElement } from '../helpers/page.js';

const BOT = 'greedy';

const suite = browserSuite();

test(`Quetzal through the lobby: you and a ${BOT} bot on the server, played to the end by clicking`, { timeout: 150_000 }, async (t) => {
  const seed = process.env.WEB_TEST_SEED ?? randomBytes(4).toString('hex');
  t.diagnostic(`seed ${seed} (set WEB_TEST_SEED to repeat); bot ${BOT}`);
  const page = await suite.browser.newPage();
  const errors = watchErrors(page);
  await page.goto(suite.srv.base + '/?lang=en');
  await page.getByTestId('lobby').waitFor();

  const card = page.getByTestId('bot-game');
  await card.getByTestId('bots-game-choice').selectOption('quetzal');
  assert.equal(await card.getByTestId('bots-layout').count(), 0, 'Quetzal has no Relic Runners setup options');
  await card.getByTestId('bots-seats').selectOption('2');
  assert.equal(await card.getByTestId('bot-row').count(), 1);
  await card.getByTestId('bot-level-1').selectOption(BOT);
  await card.getByTestId('where-server').check();
  await card.getByTestId('bots-start').click();
  await page.waitForURL(/\/game\/[A-Za-z0-9_-]+$/);
  const id = new URL(page.url()).pathname.split('/').pop()!;
  await page.getByTestId('quetzal-board').waitFor();
  const g = await live(suite.srv.hub, id);
  assert.equal(g.game.id, 'quetzal');
  assert.deepEqual(
    g.seatConfigs.map((s) => [s.kind, s.bot]),
    [
      ['human', null],
      ['bot', BOT],
    ],
  );
  await page.getByTestId('automaton').waitFor();

  let shotTaken = false;
  let result;
  try {
    result = await playByClicking(page, seed, {
      maxClicks: 2500,
      onClick: async () => {
        if (
          !shotTaken &&
          g.moves.length >= 30 &&
          (await page.getByTestId('place-chooser').count()) + (await page.getByTestId('place-targets').count()) > 0
        ) {
          shotTaken = true;
          await shot(page, 'quetzal-mid.png');
          await page.setViewportSize({ width: 390, height: 844 });
          await shot(page, 'quetzal-phone.png');
          await page.setViewportSize({ width: 1280, height: 900 });
        }
      },
    });
  } catch (e) {
    await shot(page, 'quetzal-failed.png').catch(() => undefined);
    throw new Error(`${(e as Error).message} (seed ${seed}; page errors: ${errors.join(' | ') || 'none'})`, { cause: e });
  }
  t.diagnostic(`${result.clicks} clicks, ${g.moves.length} moves`);
  assert.ok(result.over, `[seed ${seed}] the game ended`);
  assert.equal(g.status, 'finished', `[seed ${seed}] the server has the game finished`);
  assert.ok(shotTaken, `[seed ${seed}] a mid-game screenshot was taken`);

  const score = page.getByTestId('score-screen');
  await score.waitFor();
  await shot(page, 'quetzal-score.png');
  const res = g.game.result(g.state) as { winners: number[] } | null;
  assert.ok(res && res.winners.length > 0);
  for (let seat = 0; seat < 2; seat++) {
    const row = score.getByTestId(`score-row-${seat}`);
    assert.equal(await row.count(), 1, `[seed ${seed}] a score row for seat ${seat}`);
    assert.equal(
      await row.evaluate((el: PageElement) => el.classList.contains('winner')),
      res.winners.includes(seat),
      `[seed ${seed}] seat ${seat} is a winner exactly when it won`,
    );
  }
  assert.equal(await score.getByTestId('score-row-2').count(), 0, 'the automaton scores nothing and has no row');
  assert.deepEqual(errors, [], `[seed ${seed}] no errors in the page`);
});
