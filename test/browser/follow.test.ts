/**
 * Every move can be followed, in real Chromium against the real server: the log on
 * screen at 1280×800 with 4 players and following new entries, "since your last turn", each
 * seat's last move marked on the board until it moves again, explorers gliding (not under
 * prefers-reduced-motion), bots paced decision by decision, and Quetzal's round-1 rolls in the log.
 * Needs `npm run build:web` and Chromium. Screenshots: test-artifacts/follow-*.png.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { TURN_CHANGE_EXTRA } from '../../src/bots/pacing.js';
import { replay } from '../../src/core/match.js';
import { browserSuite, holdSeat, playByClicking, shot, watchErrors } from '../helpers/browser.js';
import { createGame, joinSeat, live } from '../helpers/server.js';

const suite = browserSuite();
const WIDE = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** A server game with a person at seat 0 (this page) and bots elsewhere, opened at seat 0. */
async function openGame(page: Page, body: { game: string; bots: number; seed: string; botDelayMs?: number }, lang = 'en'): Promise<string> {
  const id = await createGame(suite.srv.base, {
    game: body.game,
    seed: body.seed,
    ...(body.botDelayMs !== undefined ? { botDelayMs: body.botDelayMs } : {}),
    seats: [{ kind: 'human', name: 'Ann' }, ...Array.from({ length: body.bots }, () => ({ kind: 'bot', bot: 'greedy' }))],
  });
  const token = await joinSeat(suite.srv.base, id, 0);
  await holdSeat(page, id, 0, token);
  await page.goto(`${suite.srv.base}/game/${id}?lang=${lang}`);
  await page.getByTestId('game-log').waitFor();
  return id;
}

const moves = async (page: Page) => Number(await page.getByTestId('game-screen').getAttribute('data-moves'));
const myTurn = (page: Page) =>
  page.waitForFunction(
    () => {
      const d = (globalThis as unknown as { document: { querySelector(s: string): unknown } }).document;
      return d.querySelector('[data-choosable]') !== null;
    },
    undefined,
    { timeout: 30_000 },
  );

/** Clicks seeded-random choices until the person has finished one turn (another seat is to act, or acted). */
async function playOneTurn(page: Page, seed: string): Promise<void> {
  await myTurn(page);
  const start = await moves(page);
  const g = await live(suite.srv.hub, new URL(page.url()).pathname.split('/').pop()!);
  await playByClicking(page, seed, {
    maxClicks: 40,
    until: () => g.moves.length > start && (g.toAct() !== 0 || g.moves.slice(start).some((m) => m.seat !== 0)),
  });
}

test(
  'RR: at 1280×800 with 4 players the log is on screen, says what happened since your last turn, and follows new entries',
  { timeout: 120_000 },
  async (t) => {
    const seed = process.env.WEB_TEST_SEED ?? randomBytes(4).toString('hex');
    t.diagnostic(`seed ${seed} (set WEB_TEST_SEED to repeat)`);
    const page = await suite.browser.newPage(WIDE);
    const errors = watchErrors(page);
    const id = await openGame(page, { game: 'relic-runners', bots: 3, seed });
    const g = await live(suite.srv.hub, id);
    const inView = async (what: string) => {
      const box = await page.getByTestId('game-log').boundingBox();
      assert.ok(box, 'the log is drawn');
      if (!(box.y >= 0 && box.y + box.height <= WIDE.height)) await shot(page, `follow-rr-1280-${seed}-off-screen.png`);
      assert.ok(
        box.y >= 0 && box.y + box.height <= WIDE.height,
        `[seed ${seed}] ${what}: the log (y ${box.y}–${box.y + box.height}) is inside the 800 px viewport`,
      );
    };
    await inView('at the start');
    assert.equal(await page.getByTestId('log-since').count(), 1);

    await playOneTurn(page, `${seed}:1`);
    await myTurn(page);
    await inView('after the bots played');
    // Three bots moved since: their lines are the summary, and each has its last move marked.
    const since = page.getByTestId('log-since');
    assert.match((await since.textContent()) ?? '', /Since your last turn/);
    assert.ok((await since.locator('li').count()) >= 3, `[seed ${seed}] the summary tells the bots' moves`);
    for (const s of [0, 1, 2, 3]) {
      const mark = page.getByTestId(`last-move-${s}`);
      assert.equal(await mark.count(), 1, `[seed ${seed}] seat ${s}'s last move is marked`);
      // RR-MOVE-1: every turn moves the explorer, so every mark holds a route (or a teleport's site).
      assert.match((await mark.getAttribute('data-last-move')) ?? '', /sites:[a-z]/, `[seed ${seed}] seat ${s}`);
    }
    const before = await page.getByTestId('last-move-1').getAttribute('data-last-move');
    const mine = await page.getByTestId('last-move-0').getAttribute('data-last-move');
    await shot(page, 'follow-rr-1280.png');

    // The log follows the newest entry...
    const scroll = page.getByTestId('log-scroll');
    const gap = () =>
      scroll.evaluate((el) => {
        const e = el as unknown as { scrollHeight: number; scrollTop: number; clientHeight: number };
        return e.scrollHeight - e.scrollTop - e.clientHeight;
      });
    assert.ok((await gap()) <= 24, 'the log shows its newest entry');
    // ...unless the reader scrolled up: then it stays put and offers a way down.
    await scroll.evaluate((el) => ((el as unknown as { scrollTop: number }).scrollTop = 0));
    const movesBefore = g.moves.length;
    await playOneTurn(page, `${seed}:2`);
    await myTurn(page);
    assert.ok(g.moves.length > movesBefore);
    assert.equal(
      await scroll.evaluate((el) => (el as unknown as { scrollTop: number }).scrollTop),
      0,
      'the log stayed where the reader left it',
    );
    await page.getByTestId('log-newest').click();
    assert.ok((await gap()) <= 24, 'the button leads to the newest entry');
    // The marks moved on with the seats' new turns.
    assert.notEqual(await page.getByTestId('last-move-0').getAttribute('data-last-move'), mine, 'your mark is of your new turn');
    assert.notEqual(await page.getByTestId('last-move-1').getAttribute('data-last-move'), before, "Bot B's mark is of its new turn");

    await page.setViewportSize(PHONE);
    await shot(page, 'follow-rr-phone.png');
    assert.deepEqual(errors, []);
  },
);

test('RR: an explorer glides to its new site; with prefers-reduced-motion it jumps', { timeout: 90_000 }, async (t) => {
  const seed = process.env.WEB_TEST_SEED ?? randomBytes(4).toString('hex');
  t.diagnostic(`seed ${seed} (set WEB_TEST_SEED to repeat)`);
  for (const reduce of [false, true]) {
    const context = await suite.browser.browser.newContext({ viewport: WIDE, reducedMotion: reduce ? 'reduce' : 'no-preference' });
    const page = await context.newPage();
    try {
      await openGame(page, { game: 'relic-runners', bots: 1, seed });
      await myTurn(page);
      // Count the transitions that start on the pawn (a listener, so none is missed however fast it ends).
      await page.evaluate(() => {
        const w = globalThis as unknown as {
          __runs: string[];
          document: { querySelector(s: string): { addEventListener(k: string, f: (e: { propertyName: string }) => void): void } };
        };
        w.__runs = [];
        w.document.querySelector('[data-testid="explorer-0"]').addEventListener('transitionrun', (e) => w.__runs.push(e.propertyName));
      });
      const from = await page.getByTestId('explorer-0').getAttribute('data-at');
      const g = await live(suite.srv.hub, new URL(page.url()).pathname.split('/').pop()!);
      // A turn by random clicks may leave the explorer where it is (it explores its own site, which
      // the board offers too): the next turns then move it.
      const played: string[] = [];
      for (let turn = 0; turn < 5; turn++) {
        const start = g.moves.length;
        await playOneTurn(page, `${seed}:glide:${turn}`);
        played.push(
          ...g.moves
            .slice(start)
            .filter((m) => m.seat === 0)
            .map((m) => JSON.stringify(m.choice)),
        );
        const at = await page.getByTestId('explorer-0').getAttribute('data-at');
        if (at !== from) break;
        if (g.status !== 'active') break;
      }
      await page
        .waitForFunction(
          (at) => {
            const d = (globalThis as unknown as { document: { querySelector(s: string): { getAttribute(n: string): string | null } } })
              .document;
            return d.querySelector('[data-testid="explorer-0"]').getAttribute('data-at') !== at;
          },
          from,
          { timeout: 10_000 },
        )
        .catch(() => {
          throw new Error(`[seed ${seed}] the explorer never left ${from} in 5 turns: ${played.join(' ')}`);
        });
      const runs = await page.evaluate(() => (globalThis as unknown as { __runs: string[] }).__runs);
      if (reduce) assert.deepEqual(runs, [], `[seed ${seed}] no transition under prefers-reduced-motion`);
      else assert.ok(runs.includes('transform'), `[seed ${seed}] the pawn's move was a transition (${runs.join(',') || 'none'})`);
    } finally {
      await context.close();
    }
  }
});

test('bots are paced: each decision after the pause (longer at a turn change), and each one is shown', { timeout: 120_000 }, async (t) => {
  const seed = process.env.WEB_TEST_SEED ?? randomBytes(4).toString('hex');
  t.diagnostic(`seed ${seed} (set WEB_TEST_SEED to repeat)`);
  const perDecision = 250;
  const page = await suite.browser.newPage(WIDE);
  const id = await openGame(page, { game: 'relic-runners', bots: 2, seed, botDelayMs: perDecision });
  const g = await live(suite.srv.hub, id);
  // Every value the table shows for its move count.
  await page.evaluate(() => {
    const w = globalThis as unknown as {
      __shown: number[];
      MutationObserver: new (f: () => void) => { observe(n: unknown, o: object): void };
      document: { querySelector(s: string): { getAttribute(n: string): string | null } };
    };
    w.__shown = [];
    const el = w.document.querySelector('[data-testid="game-screen"]');
    new w.MutationObserver(() => w.__shown.push(Number(el.getAttribute('data-moves')))).observe(el, {
      attributes: true,
      attributeFilter: ['data-moves'],
    });
  });
  await playOneTurn(page, `${seed}:pace`);
  const mine = g.moves.length;
  await myTurn(page);
  const botMoves = g.moves.slice(mine);
  assert.ok(botMoves.length >= 2, 'the bots played');
  assert.ok(TURN_CHANGE_EXTRA >= 0.5, 'a turn change waits at least half as long again');
  botMoves.forEach((m, k) => {
    const i = mine + k;
    // A person needs a moment more when the turn passes to another seat.
    const want = m.seat !== g.moves[i - 1]!.seat ? perDecision * (1 + TURN_CHANGE_EXTRA) : perDecision;
    const after = g.timeOf(i) - g.timeOf(i - 1);
    assert.ok(after >= want - 5, `[seed ${seed}] move ${i} came ${after} ms after the previous one (at least ${want})`);
  });
  const shown = await page.evaluate(() => (globalThis as unknown as { __shown: number[] }).__shown);
  for (let k = 0; k < botMoves.length; k++)
    assert.ok(shown.includes(mine + k + 1), `[seed ${seed}] the table showed the position after move ${mine + k + 1} (${shown.join(',')})`);
});

test(
  "Quetzal: round 1's rolls and the automaton's placement are in the log (once, after a reload too); placements are marked",
  { timeout: 120_000 },
  async (t) => {
    const seed = process.env.WEB_TEST_SEED ?? randomBytes(4).toString('hex');
    t.diagnostic(`seed ${seed} (set WEB_TEST_SEED to repeat)`);
    const page = await suite.browser.newPage(WIDE);
    const errors = watchErrors(page);
    const id = await openGame(page, { game: 'quetzal', bots: 1, seed }, 'de');
    const log = page.getByTestId('log-scroll');
    // Q-ROLL-1: both seats' rolls; Q-2P-1: the automaton's placement, before anyone has moved.
    await log.locator('.log-roll').nth(1).waitFor();
    assert.equal(await log.locator('.log-roll').count(), 2, `[seed ${seed}] one roll line per seat`);
    assert.equal(await log.locator('.log-automaton').count(), 1, `[seed ${seed}] the automaton's placement`);
    await page.reload();
    await page.getByTestId('game-log').waitFor();
    await log.locator('.log-roll').nth(1).waitFor();
    assert.equal(await log.locator('.log-roll').count(), 2, `[seed ${seed}] still once each after a reload`);

    const g = await live(suite.srv.hub, id);
    await playByClicking(page, seed, {
      maxClicks: 60,
      until: () => g.moves.some((m) => m.seat === 0) && g.moves.some((m) => m.seat === 1) && g.toAct() === 0,
    });
    await page.getByTestId('last-move-0').waitFor();
    // The live game keeps its log as text: the moves' events come from replaying its record.
    const placed = replay(g.game, g.match.record)
      .moves.flatMap((m) => m.events)
      .filter((e) => e.type === 'place' && e.seat === 0)
      .at(-1) as { loc: string; banner: number | null } | undefined;
    assert.ok(placed, 'you placed figures');
    const marks = (await page.getByTestId('last-move-0').getAttribute('data-last-move')) ?? '';
    assert.ok(
      marks.split(' ').includes(placed.banner === null ? placed.loc : `${placed.loc}-${placed.banner}`),
      `[seed ${seed}] your placement is marked (${marks})`,
    );
    // The bot placed after you: its placement is marked once the page has its move.
    await page.getByTestId('last-move-1').waitFor({ timeout: 15_000 });
    const box = await page.getByTestId('game-log').boundingBox();
    assert.ok(box && box.y + box.height <= WIDE.height, `[seed ${seed}] the log is on screen (bottom ${box && box.y + box.height})`);
    await shot(page, 'follow-quetzal-de.png');
    await page.setViewportSize(PHONE);
    await shot(page, 'follow-quetzal-phone-de.png');
    assert.deepEqual(errors, []);
  },
);

test('Quetzal: at 1280×800 with 4 players the log is on screen too, in every language', { timeout: 180_000 }, async (t) => {
  const seed = process.env.WEB_TEST_SEED ?? randomBytes(4).toString('hex');
  t.diagnostic(`seed ${seed} (set WEB_TEST_SEED to repeat)`);
  for (const lang of ['en', 'de', 'fr', 'pl']) {
    const page = await suite.browser.newPage(WIDE);
    const id = await openGame(page, { game: 'quetzal', bots: 3, seed }, lang);
    const g = await live(suite.srv.hub, id);
    // Play until the bots have placed too, so the summary has lines.
    await playByClicking(page, `${seed}:${lang}`, { maxClicks: 60, until: () => g.moves.some((m) => m.seat === 3) && g.toAct() === 0 });
    await page.getByTestId('log-since').locator('li').first().waitFor();
    const box = await page.getByTestId('game-log').boundingBox();
    assert.ok(
      box && box.y >= 0 && box.y + box.height <= WIDE.height,
      `[seed ${seed}] ${lang}: the log (${box?.y}–${box && box.y + box.height}) is on screen`,
    );
    if (lang === 'pl') await shot(page, 'follow-quetzal-4p-pl.png');
    await page.close();
  }
});
