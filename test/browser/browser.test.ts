/**
 * The web client in a real browser against the real server: a whole game through the lobby by
 * clicking, the languages, seat links, and what a spectator's page receives. Needs `npm run build`
 * (dist/web) and Chromium at /usr/bin/chromium. Screenshots go to test-artifacts/.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { WebSocket as PwSocket } from 'playwright-core';
import { browserSuite, playByClicking, shot, watchErrors } from '../helpers/browser.js';
import { takeSeatByLink } from '../helpers/seat-link.js';
import { autoPlay, createGame, hello, joinSeat, live, until } from '../helpers/server.js';
import { heldOf, parseMsg, withView, type HeldView, type ServerMsg } from '../helpers/wire.js';
import type { InPage, PageElement } from '../helpers/page.js';
import type { RRView } from '../../src/games/relic-runners/index.js';
import type { LiveGame } from '../../src/server/live-game.js';

const LOCALES = fileURLToPath(new URL('../../../web/src/i18n/locales', import.meta.url));
/** The lobby's strings in one language that these tests look for (the locale file has more). */
interface LobbyStrings {
  readonly title: string;
  readonly start: string;
  readonly linkIsSeat: string;
  readonly bots: { readonly title: string };
}
const lobbyStrings = (lng: string) => JSON.parse(readFileSync(join(LOCALES, lng, 'lobby.json'), 'utf8')) as LobbyStrings;

const suite = browserSuite();

/** The seat token a page keeps for a game (its localStorage text). */
function heldSeat(text: string | null): { readonly seat: number; readonly token: string } {
  assert.ok(text !== null, 'no seat token is kept for the game');
  return JSON.parse(text) as { seat: number; token: string };
}

test(
  'through the lobby: a 3-player game against two bots on the server, played to the end by clicking',
  { timeout: 180_000 },
  async (t) => {
    const seed = process.env.WEB_TEST_SEED ?? randomBytes(4).toString('hex');
    t.diagnostic(`seed ${seed} (set WEB_TEST_SEED to repeat)`);
    const page = await suite.browser.newPage();
    const errors = watchErrors(page);
    await page.goto(suite.srv.base + '/');
    await page.getByTestId('lobby').waitFor();
    await shot(page, 'lobby.png');

    const card = page.getByTestId('bot-game');
    await card.getByTestId('bots-seats').selectOption('3');
    assert.equal(await card.getByTestId('bot-row').count(), 2);
    await card.getByTestId('bot-level-1').selectOption('greedy');
    await card.getByTestId('bot-level-2').selectOption('random');
    await card.getByTestId('where-server').check();
    await card.getByTestId('bots-start').click();
    await page.waitForURL(/\/game\/[A-Za-z0-9_-]+$/);
    const id = new URL(page.url()).pathname.split('/').pop()!;
    await page.getByTestId('game-screen').waitFor();
    const held = await page.evaluate((gid) => (globalThis as unknown as InPage).localStorage.getItem(`expedition.seat.${gid}`), id);
    assert.equal(heldSeat(held).seat, 0, 'the seat token is kept for the game');

    const g = await live(suite.srv.hub, id);
    assert.deepEqual(
      g.seatConfigs.map((s) => [s.kind, s.bot]),
      [
        ['human', null],
        ['bot', 'greedy'],
        ['bot', 'random'],
      ],
    );

    let shotTaken = false;
    let result;
    try {
      result = await playByClicking(page, seed, {
        maxClicks: 1500,
        onClick: async () => {
          if (!shotTaken && g.moves.length >= 40) {
            shotTaken = true;
            await shot(page, 'game-mid.png');
          }
        },
      });
    } catch (e) {
      await shot(page, 'game-failed.png').catch(() => undefined);
      throw new Error(`${(e as Error).message} (seed ${seed}; page errors: ${errors.join(' | ') || 'none'})`, { cause: e });
    }
    t.diagnostic(`${result.clicks} clicks, ${g.moves.length} moves`);
    assert.ok(result.over, `[seed ${seed}] the game ended`);
    assert.equal(g.status, 'finished', `[seed ${seed}] the server has the game finished`);

    const score = page.getByTestId('score-screen');
    await score.waitFor();
    await page.getByTestId('replay-link').waitFor();
    await shot(page, 'score.png');
    const res = g.game.result(g.state) as { winners: number[] } | null;
    assert.ok(res && res.winners.length > 0);
    for (let seat = 0; seat < 3; seat++) {
      const row = score.getByTestId(`score-row-${seat}`);
      assert.equal(await row.count(), 1, `a score row for seat ${seat}`);
      assert.equal(
        await row.evaluate((el: PageElement) => el.classList.contains('winner')),
        res.winners.includes(seat),
        `seat ${seat} is marked as a winner exactly when it won`,
      );
    }
    assert.match(await score.getByTestId('score-row-1').innerText(), /greedy/, 'the greedy bot is on the score screen');
    assert.match(await score.getByTestId('score-row-2').innerText(), /random/, 'the random bot is on the score screen');
    assert.ok((await score.getByTestId('winners').innerText()).trim().length > 0, 'the winner is named');
    assert.deepEqual(errors, [], 'no errors in the page');
  },
);

test('the lobby speaks English, German, French and Polish, and fits a 390 px phone', { timeout: 30_000 }, async () => {
  const page = await suite.browser.newPage({ width: 390, height: 844 });
  const errors = watchErrors(page);
  await page.goto(suite.srv.base + '/?lang=en');
  await page.getByTestId('lobby').waitFor();
  const heading = page.locator('.lobby h1');
  const start = page.getByTestId('bots-start');
  assert.equal(await heading.innerText(), lobbyStrings('en').title);
  const seen = new Set([await heading.innerText()]);
  for (const lng of ['de', 'fr', 'pl']) {
    await page.getByTestId('language').selectOption(lng);
    const s = lobbyStrings(lng);
    await page.waitForFunction(
      (want) => (globalThis as unknown as InPage).document.querySelector('.lobby h1')?.textContent === want,
      s.title,
      {
        timeout: 5000,
      },
    );
    assert.equal(await start.innerText(), s.start, `${lng}: the start button`);
    assert.equal(await page.locator('#bots-title').innerText(), s.bots.title, `${lng}: the card title`);
    assert.equal(await page.locator('html').getAttribute('lang'), lng);
    seen.add(await heading.innerText());
    const width = await page.evaluate(() => (globalThis as unknown as InPage).document.documentElement.scrollWidth);
    assert.ok(width <= 390, `${lng}: the lobby fits a 390 px screen (page is ${width} px wide)`);
  }
  assert.equal(seen.size, 4, 'four different headings');
  await shot(page, 'lobby-phone-pl.png');
  assert.deepEqual(errors, []);
});

test(
  'a seat link takes its seat in another browser, and again on a third (the old one is revoked); a link without its key takes nothing',
  { timeout: 45_000 },
  async () => {
    const host = await suite.browser.newPage();
    const hostErrors = watchErrors(host);
    await host.goto(suite.srv.base + '/');
    const card = host.getByTestId('friends-game');
    await card.getByTestId('friends-seats').selectOption('3');
    await card.getByTestId('friend-kind-2').selectOption('bot');
    await card.getByTestId('friends-create').click();
    const link = await host.getByTestId('share-1-url').inputValue();
    assert.match(link, /\/game\/[A-Za-z0-9_-]+\?seat=1#key=[A-Za-z0-9_-]{22,}$/);
    assert.equal(await host.getByTestId('share-2').count(), 0, 'no link for the bot seat');
    // Next to the share links: the link is the seat.
    const note = host.getByTestId('link-is-seat');
    assert.equal(await note.innerText(), lobbyStrings('en').linkIsSeat);
    assert.ok(await note.isVisible());
    await shot(host, 'friends-links.png');
    const id = new URL(link).pathname.split('/').pop()!;
    const g = await live(suite.srv.hub, id);
    assert.deepEqual(
      (await suite.srv.store.listGames({ status: 'active', listed: true })).filter((x) => x.id === id),
      [],
      'a friends game is not listed',
    );

    // A link stripped of its key takes nothing.
    const stranger = await suite.browser.newPage();
    await stranger.goto(link.replace(/#.*$/, ''));
    await stranger.getByTestId('seat-taken').waitFor();
    await shot(stranger, 'seat-link-without-key.png');
    assert.equal(g.seatConfigs[1]!.claimed, false, 'the seat stays free');
    await stranger.getByTestId('watch-instead').click();
    await stranger.getByTestId('spectator-notice').waitFor();
    assert.equal(await stranger.locator('[data-choosable]').count(), 0);

    // The friend opens the link: the seat is theirs, and the address no longer shows the key.
    const friend = await suite.browser.newPage();
    const friendErrors = watchErrors(friend);
    await takeSeatByLink(friend, link, 'Bo');
    await friend.waitForURL((u) => u.pathname === `/game/${id}` && u.search === '' && u.hash === '');
    await friend.getByTestId('game-screen').waitFor();
    await friend.getByTestId('seat-panel').waitFor();
    const held = await friend.evaluate((gid) => (globalThis as unknown as InPage).localStorage.getItem(`expedition.seat.${gid}`), id);
    assert.equal(heldSeat(held).seat, 1);
    await until(() => g.seatConfigs[1]!.claimed && [...g.subscribers].some((s) => s.seat === 1), 'seat 1 claimed and connected');
    // The friend's own link, to go on elsewhere, with the same sentence beside it.
    assert.equal(await friend.getByTestId('share-1-url').inputValue(), link);
    await friend.getByTestId('link-is-seat').waitFor();
    await shot(friend, 'friend-own-link.png');

    // The same link on the friend's phone: the seat moves there, the first browser is told and watches.
    const phone = await suite.browser.newPage({ width: 390, height: 844 });
    await takeSeatByLink(phone, link);
    await phone.waitForURL((u) => u.pathname === `/game/${id}` && u.hash === '');
    await phone.getByTestId('game-screen').waitFor();
    const phoneHeld = await phone.evaluate((gid) => (globalThis as unknown as InPage).localStorage.getItem(`expedition.seat.${gid}`), id);
    assert.equal(heldSeat(phoneHeld).seat, 1);
    assert.notEqual(heldSeat(phoneHeld).token, heldSeat(held).token, 'a new token');
    await friend.getByTestId('spectator-notice').waitFor();
    await friend.getByTestId('retake-seat').waitFor();
    await shot(friend, 'seat-moved-elsewhere.png');
    await until(() => [...g.subscribers].filter((s) => s.seat === 1).length === 1, 'one connection for seat 1: the phone');

    // And back: the first browser takes its seat back with the key it kept.
    await friend.getByTestId('retake-seat').click();
    await until(
      () => [...g.subscribers].filter((s) => s.seat === 1).length === 1 && g.seatConfigs[1]!.tokenHash !== null,
      'seat 1 back on the first browser',
    );
    await phone.getByTestId('spectator-notice').waitFor();
    assert.equal(await friend.getByTestId('spectator-notice').count(), 0, 'the first browser plays again');
    assert.deepEqual([...hostErrors, ...friendErrors], []);
  },
);

/** Waits until seat 0 owes a decision and no move is in flight any more (a stopped player may have sent one). */
async function settle(g: LiveGame): Promise<void> {
  let seen = -1;
  let since = Date.now();
  await until(() => {
    if (g.moves.length !== seen) {
      seen = g.moves.length;
      since = Date.now();
    }
    return (g.toAct() === 0 || g.status !== 'active') && Date.now() - since > 300;
  }, 'the game to settle');
}

/** Unrevealed blue tiles of every seat, as the server knows them. */
function hiddenBlue(g: LiveGame): number {
  let n = 0;
  for (let seat = 0; seat < g.stored.seats; seat++) {
    const own = g.game.view(g.state, seat) as RRView;
    n += own.players[seat]!.blue.filter((b) => !b.shown).length;
  }
  return n;
}

test('a spectator page receives and shows no hidden tile and no score, and offers nothing to click', { timeout: 45_000 }, async (t) => {
  const { base, hub } = suite.srv;
  const id = await createGame(base, {
    seats: [{ kind: 'human' }, { kind: 'bot', bot: 'greedy' }, { kind: 'bot', bot: 'greedy' }],
    options: { layout: 'standard', openScores: false },
  });
  const g = await live(hub, id);
  const c = await suite.srv.client();
  await hello(c, id, await joinSeat(base, id, 0));
  // Play until some hidden information exists: blue tiles nobody else may see.
  let player = autoPlay(c, 0, 'spectator-seat0');
  await until(() => g.moves.length >= 30 && hiddenBlue(g) >= 2, 'hidden blue tiles in play', 20_000);
  player.stop();
  await settle(g);

  const page = await suite.browser.newPage();
  const errors = watchErrors(page);
  const frames: ServerMsg[] = [];
  // State messages carry patches: each is checked as the whole view the page holds after it.
  let held: HeldView | null = null;
  const unapplied: string[] = [];
  page.on('websocket', (ws: PwSocket) =>
    ws.on('framereceived', (f) => {
      const raw = parseMsg(typeof f.payload === 'string' ? f.payload : f.payload.toString('utf8'));
      if (raw.type === 'state' && held === null) return; // before the welcome: the page ignores it too
      const m = withView(raw, held);
      if (typeof m === 'string') return void unapplied.push(`${m} at seq ${raw.seq}`);
      if (m.type === 'state' || m.type === 'welcome') held = heldOf(m);
      frames.push(m);
    }),
  );
  await page.goto(`${base}/game/${id}`);
  await page.getByTestId('game-screen').waitFor();
  await page.getByTestId('spectator-notice').waitFor();

  // The game goes on while the spectator watches.
  const before = g.moves.length;
  player = autoPlay(c, 0, 'spectator-seat0-more');
  await until(() => g.moves.length >= before + 12, 'more moves', 20_000);
  player.stop();
  await settle(g);
  const moves = g.moves.length;
  await page.waitForFunction(
    (m) =>
      (globalThis as unknown as InPage).document.querySelector('[data-testid="game-screen"]')?.getAttribute('data-moves') === String(m),
    moves,
    { timeout: 10_000 },
  );

  const states = frames.filter((m) => m.type === 'state' || m.type === 'welcome');
  assert.deepEqual(unapplied, [], 'every state frame follows the one before it');
  assert.ok(states.length >= 2 && states.some((m) => m.type === 'welcome'), `the page got the game (${states.length} state messages)`);
  for (const m of states) {
    const where = `frame at move ${m.moves}`;
    assert.equal(m.seat, null, where);
    assert.equal(m.view.viewer, null, where);
    assert.equal(m.view.choices, null, `${where}: choices sent to a spectator`);
    assert.equal(m.view.peek, null, `${where}: a peek sent to a spectator`);
    if (m.status !== 'active') continue;
    for (const p of m.view.players) {
      assert.equal(p.vp, null, `${where}: seat ${p.seat}'s VP sent to a spectator`);
      for (const b of p.blue) assert.equal(b.shown, true, `${where}: an unrevealed blue tile of seat ${p.seat} sent to a spectator`);
    }
    for (const e of m.events)
      if (e.type === 'blueTaken') assert.equal((e as { value?: unknown }).value, undefined, `${where}: a blue tile's value in an event`);
  }
  // Against the truth: the last frame shows exactly the revealed tiles the server holds, and no more.
  const last = states.at(-1)!;
  for (let seat = 0; seat < 3; seat++) {
    const own = g.game.view(g.state, seat) as RRView;
    const mine = own.players[seat]!;
    const seen = last.view.players[seat]!;
    assert.equal(seen.blueCount, mine.blueCount);
    assert.deepEqual(
      seen.blue,
      mine.blue.filter((b) => b.shown),
      `seat ${seat}: the spectator sees only revealed blue tiles`,
    );
    assert.equal(seen.vp, null);
  }
  t.diagnostic(`${states.length} state frames, ${hiddenBlue(g)} hidden blue tiles at move ${moves}`);

  // The page shows the same: no score, no tile value beyond the revealed ones, nothing to click.
  assert.equal(await page.locator('[data-choosable]').count(), 0, 'nothing to click for a spectator');
  const vps = await page.locator('[data-testid="vp"]').allInnerTexts();
  for (const v of vps) assert.doesNotMatch(v, /\d/, 'a VP figure on the spectator page');
  const text = await page.locator('body').innerText();
  assert.ok(!/"vp"\s*:\s*\d/.test(text) && !/"value"\s*:\s*\d/.test(text), 'no raw state on the page');
  assert.deepEqual(errors, []);
});

test('through the lobby: an offline game against bots opens at /local with the chosen seats', { timeout: 30_000 }, async () => {
  const page = await suite.browser.newPage();
  const errors = watchErrors(page);
  await page.goto(suite.srv.base + '/');
  const card = page.getByTestId('bot-game');
  await card.getByTestId('bots-seats').selectOption('4');
  await card.getByTestId('where-local').check();
  const before = (await suite.srv.hub.store.listGames({ status: 'active' })).length;
  await card.getByTestId('bots-start').click();
  await page.waitForURL((u) => u.pathname === '/local');
  await page.getByTestId('game-screen').waitFor({ timeout: 15_000 });
  assert.equal(await page.locator('[data-testid^="player-card-"]').count(), 4, 'four players at the table');
  assert.equal((await suite.srv.hub.store.listGames({ status: 'active' })).length, before, 'nothing was created on the server');
  assert.deepEqual(errors, []);
});
