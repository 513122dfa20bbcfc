/**
 * In a real browser, "a game never stalls": two players in one friends game see each
 * other come and go without reloading; a seat away for the game's away time is handed to a bot
 * with one click, and the bot plays it; a seat whose clock runs out is played by a bot at once and
 * to the end of the game, and the log and the seat list say so. Needs the built client (dist/web).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { ARTIFACTS, browserSuite, movesAfter, playByClicking, shot, watchErrors } from '../helpers/browser.js';
import { createGame, joinSeat, live, until } from '../helpers/server.js';
import type { InPage } from '../helpers/page.js';

const suite = browserSuite();

/** What a seat's presence label may say, in English (see web/src/i18n/locales/en/lobby.json, presence.json). */
const AWAY = /^away/;

/**
 * A page of a browser of its own that holds `seat`'s token (as the seat link would leave it) and
 * shows the game. The token is put in place directly: these tests are about presence, not joining.
 */
async function seatPage(id: string, seat: number, token: string, lang = 'en', viewport?: { width: number; height: number }): Promise<Page> {
  const page = await suite.browser.newPage(viewport);
  await page.addInitScript(
    ([gid, s, tok, lng]) => {
      const ls = (globalThis as unknown as InPage).localStorage;
      ls.setItem(`expedition.seat.${gid}`, JSON.stringify({ seat: s, token: tok }));
      ls.setItem('expedition.name', `Player ${s}`);
      ls.setItem('i18nextLng', lng);
    },
    [id, seat, token, lang] as const,
  );
  await page.goto(`${suite.srv.base}/game/${id}`);
  await page.getByTestId('seat-panel').waitFor();
  return page;
}

/** Waits until `page` shows `seat` matching `pattern`, and returns how long that took. */
async function shows(page: Page, seat: number, pattern: RegExp, ms: number): Promise<number> {
  const start = Date.now();
  await page.waitForFunction(
    ([s, src]) =>
      new RegExp(src).test((globalThis as unknown as InPage).document.querySelector(`[data-testid="seat-${s}"] .conn`)?.textContent ?? ''),
    [seat, pattern.source] as const,
    { timeout: ms, polling: 50 },
  );
  return Date.now() - start;
}

test(
  'a closed tab shows as away on the other player’s page within 5 s and as online again when reopened; after the away time the other player hands the seat to a bot with one click, and the bot plays it',
  { timeout: 120_000 },
  async (t) => {
    // Long enough to see the countdown run after the away label shows (up to 5 s).
    const awayAfterMs = 8000;
    const id = await createGame(suite.srv.base, {
      seats: [
        { kind: 'human', name: 'Ada' },
        { kind: 'human', name: 'Bo' },
      ],
      seed: 'presence-browser',
      awayAfterMs,
      botLevel: 'random',
      botDelayMs: 200,
    });
    const tokens = [await joinSeat(suite.srv.base, id, 0, 'Ada'), await joinSeat(suite.srv.base, id, 1, 'Bo')];
    const g = await live(suite.srv.hub, id);
    const ada = await seatPage(id, 0, tokens[0]!);
    const errors = watchErrors(ada);
    let bo = await seatPage(id, 1, tokens[1]!);
    await shows(ada, 1, /^online$/, 10_000);

    // Bo closes the tab: Ada's page says so by itself, without a reload.
    const boContext = bo.context();
    await bo.close();
    const tookAway = await shows(ada, 1, AWAY, 15_000);
    assert.ok(tookAway <= 5000, `Ada saw Bo away after ${tookAway} ms`);
    await shot(ada, 'presence-away.png');

    // Bo opens the game again (same browser, same token): back online on Ada's page.
    bo = await boContext.newPage();
    await bo.goto(`${suite.srv.base}/game/${id}`);
    await bo.getByTestId('seat-panel').waitFor();
    const tookBack = await shows(ada, 1, /^online$/, 15_000);
    assert.ok(tookBack <= 5000, `Ada saw Bo back after ${tookBack} ms`);
    t.diagnostic(`Ada saw Bo away ${tookAway} ms after his tab closed, and back ${tookBack} ms after it reopened`);
    assert.equal(await ada.getByTestId('hand-to-bot-1').count(), 0, 'no button while Bo is here');

    // Bo leaves for good: once the away time has passed, Ada (not a spectator) gets the button.
    await bo.close();
    await shows(ada, 1, AWAY, 15_000);
    const leftAt = Date.now();
    const watcher = await suite.browser.newPage();
    await watcher.goto(`${suite.srv.base}/game/${id}`);
    await watcher.getByTestId('spectator-notice').waitFor();
    // Under the status bar, where the players look: the time left, counted down, then the button there too.
    const countdown = ada.getByTestId('away-countdown-1');
    await ada.waitForFunction(
      () =>
        /^Bo is away: a bot may play for them in \d:\d\d\.$/.test(
          (globalThis as unknown as InPage).document.querySelector('[data-testid="away-countdown-1"] span')?.textContent ?? '',
        ),
      undefined,
      { timeout: 5000, polling: 50 },
    );
    const top = (await countdown.boundingBox())!;
    assert.ok(top.y < 200, `the countdown is near the status bar (${top.y} px down)`);
    const button = ada.getByTestId('hand-to-bot-1');
    await button.waitFor({ timeout: 20_000 });
    assert.ok(Date.now() - leftAt >= awayAfterMs - 500, 'not before the away time');
    await ada.getByTestId('away-hand-1').waitFor({ timeout: 5000 });
    assert.equal(await ada.getByTestId('away-hand-1').innerText(), 'Let a bot play for Bo');
    assert.equal(await watcher.getByTestId('away-countdowns').count(), 0, 'spectators get no countdown');
    assert.equal(await button.innerText(), 'Let a bot play for Bo');
    assert.equal(await watcher.getByTestId('hand-to-bot-1').count(), 0, 'spectators get no button');
    await shot(ada, 'presence-hand-to-bot.png');
    const phone = await seatPage(id, 0, tokens[0]!, 'de', { width: 390, height: 844 });
    await phone.getByTestId('hand-to-bot-1').waitFor();
    assert.equal(await phone.getByTestId('hand-to-bot-1').innerText(), 'Einen Bot für Bo spielen lassen');
    // Away for a few seconds, as the server measured it when the page said hello: under a minute, so no count.
    assert.equal(await phone.getByTestId('presence-1').innerText(), 'abwesend');
    await shot(phone, 'presence-hand-to-bot-de-390.png');
    await phone.close();

    // One click: the seat is the bot's, the log says why, and the bot's moves appear on Ada's page.
    const handedAt = g.moves.length;
    await button.click();
    await until(() => g.seatConfigs[1]!.bot === 'random', 'the seat to go to the game’s bot');
    await ada.locator('.log-seatToBot', { hasText: 'Bo was away too long' }).waitFor();
    assert.equal(await ada.getByTestId('hand-to-bot-1').count(), 0, 'the button is gone once the bot plays');
    await playByClicking(ada, 'presence-browser-ada', {
      until: () => g.moves.some((m, i) => m.seat === 1 && i >= handedAt) || g.status !== 'active',
    });
    const botMove = g.moves.findIndex((m, i) => m.seat === 1 && i >= handedAt);
    assert.ok(botMove >= 0, 'the bot played for Bo');
    await movesAfter(ada, botMove, 30_000);
    await shot(ada, 'presence-bot-plays.png');

    // Bo comes back from the same browser (the same token): the seat is his again, and Ada reads it.
    bo = await boContext.newPage();
    await bo.goto(`${suite.srv.base}/game/${id}`);
    await bo.getByTestId('seat-panel').waitFor();
    await until(() => g.seatConfigs[1]!.bot === null, 'Bo to take his seat back');
    await ada.locator('.log-seatReclaimed', { hasText: 'Bo is back at the table' }).waitFor();
    await shows(ada, 1, /^online$/, 15_000);
    assert.deepEqual(errors, []);
  },
);

test(
  'when a player’s clock runs out the game’s bot plays the seat at once and to the end, the log and the seat list say so, and coming back brings no time',
  { timeout: 90_000 },
  async () => {
    const bankMs = 3000;
    const id = await createGame(suite.srv.base, {
      seats: [
        { kind: 'human', name: 'Ada' },
        { kind: 'bot', bot: 'random' },
      ],
      seed: 'presence-clock-browser',
      clock: { bankMs, incrementMs: 0 },
      botLevel: 'random',
      // Paced, so that the game is still on when Ada comes back.
      botDelayMs: 400,
    });
    const token = await joinSeat(suite.srv.base, id, 0, 'Ada');
    const g = await live(suite.srv.hub, id);
    const ada = await seatPage(id, 0, token);
    const errors = watchErrors(ada);
    const watcher = await suite.browser.newPage();
    await watcher.addInitScript(() => (globalThis as unknown as InPage).localStorage.setItem('i18nextLng', 'fr'));
    await watcher.goto(`${suite.srv.base}/game/${id}`);
    await watcher.getByTestId('spectator-notice').waitFor();

    // Ada does nothing: her time runs out and the bot plays for her.
    await until(() => g.seatConfigs[0]!.bot === 'random', 'Ada’s seat to go to the bot', bankMs + 15_000);
    const handedAt = g.moves.length;
    await ada.locator('.log-seatToBot', { hasText: 'Ada’s time ran out' }).waitFor();
    await watcher.locator('.log-seatToBot', { hasText: 'Ada n’a plus de temps' }).waitFor();
    await until(() => g.moves.some((m, i) => m.seat === 0 && i >= handedAt), 'the bot to move for Ada', 15_000);
    await shot(ada, 'presence-clock-ran-out.png');
    await shot(watcher, 'presence-clock-ran-out-fr.png');

    // Ada, still on the page, is told that the bot plays her seat to the end: no button brings her
    // time back, and coming back (a reload says hello again with her token) does not either.
    await ada.getByTestId('out-of-time').waitFor();
    assert.equal(await ada.getByTestId('reclaim-seat').count(), 0, 'no way back is offered');
    // The page watches her seat: it is not "her turn", and it offers no choice, undo or hint.
    assert.doesNotMatch((await ada.locator('.status-bar').textContent()) ?? '', /Your turn/);
    assert.equal(await ada.getByRole('button', { name: /^Hint/ }).count(), 0, 'no hint for a seat the bot plays');
    await ada.reload();
    await ada.getByTestId('out-of-time').waitFor();
    assert.equal(g.seatConfigs[0]!.bot, 'random', 'the seat stays with the bot');
    assert.equal(g.clockLeft(0), 0);
    if (g.status === 'active') {
      const before = g.moves.length;
      await until(() => g.status !== 'active' || g.moves.some((m, i) => m.seat === 0 && i >= before), 'the bot to play on for Ada', 15_000);
    }
    await shot(ada, 'presence-clock-out-of-time.png');
    assert.deepEqual(errors, []);
  },
);

test(
  'the friends form sets the clock, the away time and the bot that plays for a missing player, and fits a phone in Polish',
  { timeout: 60_000 },
  async () => {
    const page = await suite.browser.newPage();
    const errors = watchErrors(page);
    await page.goto(suite.srv.base + '/');
    const card = page.getByTestId('friends-game');
    await card.getByTestId('friends-away').selectOption('1');
    await card.getByTestId('friends-takeover-bot').selectOption('random');
    await shot(page, 'presence-lobby-settings.png');
    const created = async (): Promise<string> => {
      await card.getByTestId('friends-create').click();
      const href = await card.getByTestId('friends-go').getAttribute('href');
      assert.ok(href);
      return href.split('/').pop()!;
    };
    const untimed = await live(suite.srv.hub, await created());
    assert.deepEqual([untimed.settings.clock, untimed.settings.awayAfterMs, untimed.settings.botLevel], [undefined, 60_000, 'random']);

    // With a clock the away time is not asked: the clock decides when the bot plays.
    await card.getByRole('button', { name: 'Set up another game' }).click();
    await card.getByTestId('friends-clock').selectOption('quick');
    assert.equal(await card.getByTestId('friends-away').count(), 0);
    const timed = await live(suite.srv.hub, await created());
    assert.deepEqual(timed.settings.clock, { bankMs: 5 * 60_000, incrementMs: 10_000 });
    assert.equal(timed.settings.botLevel, 'random', 'the form keeps the bot chosen for the game before');

    // The form in Polish on a phone.
    const phone = await suite.browser.newPage({ width: 390, height: 844 });
    await phone.addInitScript(() => (globalThis as unknown as InPage).localStorage.setItem('i18nextLng', 'pl'));
    await phone.goto(suite.srv.base + '/');
    await phone.getByTestId('table-settings').scrollIntoViewIfNeeded();
    assert.equal(await phone.getByTestId('friends-away').locator('option:checked').innerText(), '3 minuty');
    await phone.getByTestId('table-settings').screenshot({ path: `${ARTIFACTS}/presence-lobby-settings-pl-390.png` });
    await shot(phone, 'presence-lobby-pl-390.png');
    // Nothing wider than the phone: the fieldset would otherwise grow to its longest option.
    const box = await phone.getByTestId('table-settings').boundingBox();
    assert.ok(box && box.x >= 0 && box.x + box.width <= 390, JSON.stringify(box));
    assert.deepEqual(errors, []);
  },
);
