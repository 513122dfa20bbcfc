/**
 * Rated games in real browsers against the real server: two accounts, each in a browser of its
 * own, create and join a rated 2-player Quetzal game from the lobby and play it to the end by clicking;
 * then both profiles show the new ratings and the finished game, and the game shows on each
 * player's leaderboard page. Screenshots of the profile and the leaderboard at 1280×800 and
 * 390×844 in English and German (test-artifacts/ratings-*.png); no text cut or covered on either
 * page in any language on a phone. Needs `npm run build:web` and Chromium.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { browserSuite, freshName, playByClicking, shot, signUp, watchErrors } from '../helpers/browser.js';
import { describeFaults, textFaults } from '../helpers/text-fit.js';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

const suite = browserSuite({ localhost: true });

/** The profile's rating at Quetzal ("1540 ± 120") and the finished game's row. */
async function profileOf(page: Page, name: string, gameId: string) {
  await page.goto(`${suite.base}/player/${name}?lang=en`);
  await page.getByTestId('player-page').waitFor();
  const card = page.locator('[data-testid="player-rating"][data-game="quetzal"]');
  const rating = await card.getByTestId('rating-value').innerText();
  const summary = await card.getByTestId('rating-summary').innerText();
  const row = page.locator(`[data-testid="finished"][data-game="${gameId}"]`);
  return {
    rating,
    summary,
    change: await row.getByTestId('finished-change').innerText(),
    replay: await row.getByTestId('finished-replay').getAttribute('href'),
    analysis: await row.getByTestId('finished-analysis').getAttribute('href'),
    opponents: await row.getByTestId('player-link').allInnerTexts(),
  };
}

test('two accounts play a rated game to the end; both profiles then show their new ratings', { timeout: 420_000 }, async (t) => {
  const seed = process.env.WEB_TEST_SEED ?? randomBytes(4).toString('hex');
  t.diagnostic(`seed ${seed} (set WEB_TEST_SEED to repeat)`);
  const ada = await suite.browser.newPage(DESKTOP);
  const bob = await suite.browser.newPage(PHONE);
  const errors = [...watchErrors(ada), ...watchErrors(bob)];
  const [adaName, bobName] = [freshName('ada'), freshName('bob')];
  await signUp(ada, suite.base, adaName);
  await signUp(bob, suite.base, bobName);

  // Ada: a rated game of Quetzal for two, open to anyone, from the friends card. Quetzal, because
  // a game of it by random clicks takes about 70 moves, Relic Runners' about 600.
  const card = ada.getByTestId('friends-game');
  await card.getByTestId('friends-game-choice').selectOption('quetzal');
  await card.getByTestId('friends-seats').selectOption('2');
  await card.getByTestId('friends-rated').check();
  assert.notEqual(await card.getByTestId('friends-clock').inputValue(), 'none', 'a rated game gets a clock');
  await card.getByTestId('friends-open').check();
  await shot(ada, 'ratings-create-en-1280.png');
  await card.getByTestId('friends-create').click();
  await card.getByTestId('friends-go').click();
  await ada.waitForURL(/\/game\/[A-Za-z0-9_-]+$/);
  const id = new URL(ada.url()).pathname.split('/').pop()!;
  await ada.getByTestId('table-rated').waitFor();

  // Bob finds it marked rated in the open games, and takes the free seat.
  await bob.goto(`${suite.base}/?lang=en`);
  const listed = bob.locator(`[data-testid="open-game"][data-game="${id}"]`);
  await listed.getByTestId('open-game-rated').waitFor({ timeout: 30_000 });
  await shot(bob, 'ratings-open-games-en-390.png');
  await listed.getByTestId(`join-${id}-1`).click();
  await bob.getByTestId('game-screen').waitFor();
  await bob.getByTestId('table-rated').waitFor();

  // Ada's lobby, in another tab of her browser: the game is first under "Your games", marked when
  // it waits for her move (seat A moves first).
  const lobby = await ada.context().newPage();
  await lobby.goto(`${suite.base}/?lang=en`);
  const mine = lobby.locator(`[data-testid="your-game"][data-game="${id}"]`);
  await mine.waitFor();
  assert.equal(await lobby.getByTestId('your-game').first().getAttribute('data-game'), id);
  assert.equal(await mine.getByTestId('your-turn').innerText(), 'your turn');
  await shot(lobby, 'ratings-lobby-your-games-en-1280.png');
  await lobby.close();

  let results;
  try {
    results = await Promise.all([
      playByClicking(ada, `${seed}:ada`, { maxClicks: 600 }),
      playByClicking(bob, `${seed}:bob`, { maxClicks: 600 }),
    ]);
  } catch (e) {
    await shot(ada, 'ratings-failed-ada.png').catch(() => undefined);
    await shot(bob, 'ratings-failed-bob.png').catch(() => undefined);
    throw new Error(`${(e as Error).message} (seed ${seed}; page errors: ${errors.join(' | ') || 'none'})`, { cause: e });
  }
  assert.ok(
    results.every((r) => r.over),
    `[seed ${seed}] the game ended on both pages`,
  );
  await ada.getByTestId('score-screen').waitFor();
  await shot(ada, 'ratings-score-en-1280.png');

  // The rating is written with the game's last move: both profiles have it at once.
  const a = await profileOf(ada, adaName, id);
  const b = await profileOf(bob, bobName, id);
  for (const [who, p, other] of [
    [adaName, a, bobName],
    [bobName, b, adaName],
  ] as const) {
    assert.match(p.rating, /^\d+ ± \d+$/, `${who}: one number with its uncertainty`);
    assert.equal(p.summary, `1 rated game so far: ${p.rating.split(' ')[0]}.`, `${who}: the chart sums up one game`);
    assert.match(p.change, /^rating [+-]?\d+$/, `${who}: the game's rating change`);
    assert.equal(p.replay, `/replay/${id}`);
    assert.equal(p.analysis, `/replay/${id}#analysis`);
    assert.deepEqual(p.opponents, [other], `${who}: the opponent links to their profile`);
  }
  const won = (s: string) => Number(s.replace(/^rating /, ''));
  assert.ok(won(a.change) * won(b.change) < 0 || (won(a.change) === 0 && won(b.change) === 0), 'one went up, the other down');

  // The profile and the leaderboard, looked at in two languages and two sizes.
  for (const lng of ['en', 'de']) {
    for (const [page, size] of [
      [ada, '1280'],
      [bob, '390'],
    ] as const) {
      const name = page === ada ? adaName : bobName;
      await page.goto(`${suite.base}/player/${name}?lang=${lng}`);
      await page.getByTestId('rating-chart').waitFor();
      await shot(page, `ratings-profile-${lng}-${size}.png`);
      await page.goto(`${suite.base}/leaderboard/quetzal?lang=${lng}`);
      await page.locator('[data-testid="leaderboard-row"], [data-testid="leaderboard-empty"]').first().waitFor();
      await shot(page, `ratings-leaderboard-${lng}-${size}.png`);
    }
  }

  // The replay's analysis link opens the replay at its analysis panel.
  await ada.goto(`${suite.base}${a.analysis}`);
  await ada.getByTestId('analysis').waitFor();
  assert.equal(
    await ada.evaluate(
      () => (globalThis as unknown as { document: { activeElement: { tagName: string } | null } }).document.activeElement?.tagName,
    ),
    'H2',
    'the analysis heading has the focus',
  );
  assert.deepEqual(errors, [], 'no errors in the pages');

  // No text cut, broken or covered on the profile and the leaderboard, in every language, on a phone.
  const faults: string[] = [];
  for (const lng of ['en', 'de', 'fr', 'pl']) {
    await bob.goto(`${suite.base}/player/${bobName}?lang=${lng}`);
    await bob.getByTestId('rating-chart').waitFor();
    faults.push(...describeFaults(`profile ${lng}`, await textFaults(bob)));
    await bob.goto(`${suite.base}/leaderboard/quetzal?lang=${lng}`);
    await bob.locator('[data-testid="leaderboard-row"], [data-testid="leaderboard-empty"]').first().waitFor();
    faults.push(...describeFaults(`leaderboard ${lng}`, await textFaults(bob)));
  }
  assert.deepEqual(faults, []);
});

test('the leaderboard lists the rated bots, each a link to its profile, by keyboard', { timeout: 60_000 }, async () => {
  const page = await suite.browser.newPage(PHONE);
  const errors = watchErrors(page);
  await page.goto(`${suite.base}/?lang=en`);
  await page.getByTestId('lobby-leaderboard-relic-runners').focus();
  await page.keyboard.press('Enter');
  await page.waitForURL((u) => u.pathname === '/leaderboard/relic-runners');
  await page.locator('[data-testid="leaderboard-row"], [data-testid="leaderboard-empty"]').first().waitFor();
  const rows = page.getByTestId('leaderboard-row');
  if ((await rows.count()) > 0) {
    const first = rows.first().getByTestId('player-link');
    const href = await first.getAttribute('href');
    await first.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === href);
    await page.getByTestId('player-page').waitFor();
  }
  // The help's entry on ratings opens from the page, and Escape closes it.
  await page.goto(`${suite.base}/leaderboard/relic-runners?lang=en`);
  await page.getByTestId('ratings-help').click();
  const panel = page.getByTestId('help-panel');
  await panel.waitFor();
  assert.equal(await panel.getAttribute('data-entry'), 'ratings');
  await panel.locator('[data-help-id="ratings"]').waitFor();
  await page.keyboard.press('Escape');
  await panel.waitFor({ state: 'detached' });
  assert.deepEqual(errors, []);
});

test(
  "a signed-in player's game follows them to another device: Play there takes the seat, not a spectator's view",
  { timeout: 90_000 },
  async () => {
    const laptop = await suite.browser.newPage(DESKTOP);
    const errors = watchErrors(laptop);
    const name = freshName('dev');
    await signUp(laptop, suite.base, name);
    // A rated game against the greedy bot, created and joined on the laptop.
    const card = laptop.getByTestId('friends-game');
    await card.getByTestId('friends-seats').selectOption('2');
    await card.getByTestId('friend-kind-1').selectOption('bot');
    await card.getByTestId('friends-rated').check();
    await card.getByTestId('friends-create').click();
    await card.getByTestId('friends-go').click();
    await laptop.waitForURL(/\/game\/[A-Za-z0-9_-]+$/);
    const id = new URL(laptop.url()).pathname.split('/').pop()!;
    await laptop.getByTestId('table-rated').waitFor();

    // The phone: another browser, the same account, signed in by password.
    const phone = await suite.browser.newPage(PHONE);
    errors.push(...watchErrors(phone));
    await phone.goto(`${suite.base}/sign-in?lang=en`);
    await phone.getByTestId('auth-name').fill(name);
    await phone.getByTestId('auth-password').fill('a long enough password');
    await phone.keyboard.press('Enter');
    await phone.waitForURL((u) => u.pathname === '/');
    const mine = phone.locator(`[data-testid="your-game"][data-game="${id}"]`);
    await mine.getByRole('link').click();
    await phone.waitForURL((u) => u.pathname === `/game/${id}` && u.search === '');
    await phone.getByTestId('seat-0').locator('.you').waitFor();
    assert.equal(await phone.getByTestId('spectator-notice').count(), 0, 'the phone plays the seat');
    await shot(phone, 'ratings-other-device-en-390.png');

    // The laptop is told, and takes the seat back with one click.
    await laptop.getByTestId('retake-seat').click();
    await laptop.getByTestId('seat-0').locator('.you').waitFor();
    await phone.getByTestId('retake-seat').waitFor();
    assert.deepEqual(errors, []);
  },
);
