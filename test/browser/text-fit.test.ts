/**
 * No clipped or overlapping text in any language. The lobby, a Relic Runners table, a
 * Quetzal table (4 players, mid-game, the seated player to act) and both score screens, rendered
 * in English, German, French and Polish at 1280×800 (the lobby and the tables also at 390×844);
 * every visible text element is measured (test/helpers/text-fit.ts) and every offender is listed
 * with language, screen, path and text. The games are seeded and played in-process, so the
 * positions are the same on every run. Needs `npm run build:web` (dist/web) and Chromium.
 * Screenshots: test-artifacts/text-fit/<screen>-<lng>-<width>.png.
 *
 * A seeded position shows only what it happens to hold: a top-tile badge beside each purple temple
 * for every tile title is checked apart (web/test/top-tile-place.test.ts), and Quetzal is played
 * with 2 players too, where the automaton's box and the closed places show.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { createRng } from '../../src/core/rng.js';
import { ARTIFACTS, browserSuite, holdSeat, shot, watchErrors } from '../helpers/browser.js';
import { createGame, joinSeat, live, until } from '../helpers/server.js';
import { describeFaults, textFaults } from '../helpers/text-fit.js';
import { choicesOutOfView, logEndCovered, tableTop } from '../helpers/table-layout.js';
import type { InPage, PageElement } from '../helpers/page.js';

const LANGUAGES = ['en', 'de', 'fr', 'pl'] as const;
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const DIR = 'text-fit';

const suite = browserSuite();

/** A seated game: seat 0 is the page's player, seats 1–3 bots of every level (their names are the longest). */
interface Table {
  readonly id: string;
  readonly token: string;
  /** The position the page is to show (a move count). */
  moves: number;
  /** Plays on, seat 0 by seeded random choices and the bots as the server runs them, until seat 0 is to act at move `atLeast` or later (or the game is over). */
  advance(atLeast: number): Promise<void>;
}

const FOUR_SEATS = [
  { kind: 'human', name: 'Małgorzata' },
  { kind: 'bot', bot: 'greedy' },
  { kind: 'bot', bot: 'random' },
  { kind: 'bot', bot: 'ismcts:3it' },
] as const;

async function newTable(game: 'relic-runners' | 'quetzal', seed: string, seats = 4): Promise<Table> {
  const { base, hub } = suite.srv;
  const id = await createGame(base, { game, seed, seats: FOUR_SEATS.slice(0, seats) });
  const token = await joinSeat(base, id, 0);
  const g = await live(hub, id);
  const rng = createRng(`text-fit:${seed}`);
  const table: Table = {
    id,
    token,
    moves: 0,
    async advance(atLeast) {
      for (;;) {
        await until(() => g.status !== 'active' || g.toAct() === 0, `seat 0 to act (${game}, move ${g.moves.length})`, 60_000);
        if (g.status !== 'active' || g.moves.length >= atLeast) break;
        const cs = g.game.choices(g.state);
        await g.submit(0, cs[rng.int(cs.length)], g.moves.length);
      }
      table.moves = g.moves.length;
    },
  };
  return table;
}

async function playTable(game: 'relic-runners' | 'quetzal', seed: string, atLeast: number, seats = 4): Promise<Table> {
  const table = await newTable(game, seed, seats);
  await table.advance(atLeast);
  return table;
}

/** Opens a screen in each language and measures it; returns every offender, worded. */
async function measure(
  name: string,
  viewport: { width: number; height: number },
  open: (page: Page, lng: string) => Promise<void>,
): Promise<string[]> {
  const page = await suite.browser.newPage(viewport);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const errors = watchErrors(page);
  const out: string[] = [];
  for (const lng of LANGUAGES) {
    await open(page, lng);
    await page.waitForFunction((l) => (globalThis as unknown as InPage).document.documentElement.lang === l, lng);
    await page.evaluate(() => (globalThis as unknown as { document: { fonts: { ready: Promise<unknown> } } }).document.fonts.ready);
    await shot(page, `${DIR}/${name}-${lng}-${viewport.width}.png`);
    out.push(...describeFaults(`${lng} ${viewport.width}×${viewport.height} ${name}`, await textFaults(page)));
  }
  assert.deepEqual(errors, [], `${name}: no errors in the page`);
  await page.context().close();
  return out;
}

/** Opens a seated game as its seat 0 and waits for the position at `moves`. */
function openTable(table: Table, ready: string) {
  const held = new WeakSet<Page>();
  return async (page: Page, lng: string) => {
    if (!held.has(page)) {
      await holdSeat(page, table.id, 0, table.token);
      held.add(page);
    }
    await page.goto(`${suite.srv.base}/game/${table.id}?lang=${lng}`);
    await page.getByTestId(ready).waitFor({ timeout: 20_000 });
    await page.waitForFunction(
      (m) =>
        (globalThis as unknown as InPage).document.querySelector('[data-testid="game-screen"]')?.getAttribute('data-moves') === String(m),
      table.moves,
      { timeout: 20_000 },
    );
  };
}

/** Opens a screen as `open` does, then adds what `check` finds there to `faults`, each with the language and window. */
function andCheck(
  open: (page: Page, lng: string) => Promise<void>,
  faults: string[],
  what: string,
  check: (page: Page) => Promise<readonly string[]>,
) {
  return async (page: Page, lng: string) => {
    await open(page, lng);
    await page.evaluate(() => (globalThis as unknown as { document: { fonts: { ready: Promise<unknown> } } }).document.fonts.ready);
    for (const f of await check(page)) faults.push(`${lng} ${page.viewportSize()?.width ?? '?'} px ${what}: ${f}`);
  };
}

/** On a phone the board comes first: the header on one line, the status bar on two at most, the board's top within 140 px. */
async function phoneTop(page: Page): Promise<string[]> {
  const top = await tableTop(page);
  const out: string[] = [];
  if (top.headerLines > 1) out.push(`the header takes ${top.headerLines} lines (${top.header} px)`);
  if (top.statusLines > 2) out.push(`the status bar takes ${top.statusLines} lines (${top.status} px)`);
  if (top.board > 140) out.push(`the board starts ${top.board} px down`);
  return out;
}

/** The log's newest line is readable: nothing (the summary since the last turn above it) lies over it. */
async function logEnd(page: Page): Promise<string[]> {
  const covered = await logEndCovered(page);
  return covered === null ? [] : [`the log's newest line is covered by ${covered}`];
}

/** Both checks of a phone's table. */
const phoneChecks = async (page: Page) => [...(await phoneTop(page)), ...(await logEnd(page))];

function verdict(faults: readonly string[]): void {
  assert.equal(faults.length, 0, `${faults.length} text elements cut, broken or covered:\n${faults.join('\n')}`);
}

/** A page with one offender of each kind, each marked data-bad, and look-alikes that are fine, marked data-good. */
const SPECIMEN = `<!doctype html><html lang="en"><body style="font: 16px sans-serif; margin: 0">
<p data-good="plain">Fits easily</p>
<div style="width: 80px; overflow: hidden; white-space: nowrap; text-overflow: ellipsis" data-bad="clipped">Greedy (takes the best move now)</div>
<div style="width: 80px; height: 20px; overflow: hidden"><span data-bad="clipped">a long sentence cut at the bottom of its box</span></div>
<select data-bad="clipped" style="width: 90px"><option>Greedy (takes the best move now)</option></select>
<select data-good="select"><option>Random (any legal move)</option><option>Thinker (plays out many games)</option></select>
<div style="width: 50px; overflow-wrap: anywhere"><span data-bad="split-word">Bot D (thinker)</span></div>
<div style="width: 60px; hyphens: auto" lang="de"><span data-good="hyphenated">Startspielermarker</span></div>
<div style="position: relative; height: 40px">
  <span style="position: absolute; left: 0; top: 0" data-bad="overlap">First label</span>
  <span style="position: absolute; left: 30px; top: 4px" data-bad="overlap">Second label</span>
</div>
<span style="position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0)" data-good="screen-reader">only for screen readers</span>
<div style="position: relative; height: 60px">
  <ol style="height: 24px; overflow-y: auto; margin: 0; padding: 0; list-style: none" data-good="log">
    <li>entry one</li><li>entry two</li><li>entry three</li><li>entry four</li>
  </ol>
  <p style="margin: 0" data-good="below-log">Under the log</p>
</div>
<svg width="300" height="120" viewBox="0 0 300 120" style="font: 14px sans-serif">
  <rect x="0" y="0" width="300" height="120" fill="#eee" />
  <rect x="10" y="10" width="60" height="30" fill="#fff" />
  <text x="15" y="30" data-bad="off-shape">Hafenmeister</text>
  <text x="110" y="30" data-bad="covered">Świątynia</text>
  <rect x="150" y="5" width="40" height="50" fill="#c3c8cf" />
  <circle cx="40" cy="90" r="18" fill="none" stroke="#c0392b" stroke-width="5" />
  <text x="40" y="95" text-anchor="middle" data-good="in-ring">T1</text>
  <text x="120" y="95" data-good="on-ground">On the ground</text>
  <text x="226" y="100" data-bad="covered">T2</text>
  <circle cx="250" cy="95" r="14" fill="none" stroke="#c0392b" stroke-width="5" />
  <text x="110" y="110" data-good="closed">Closed place</text>
  <g data-cover=""><rect x="105" y="96" width="90" height="20" fill="#999" /></g>
</svg>
</body></html>`;

test('the measure finds each kind of cut, broken or covered text, and nothing in text that fits', { timeout: 30_000 }, async () => {
  const page = await suite.browser.newPage(DESKTOP);
  await page.setContent(SPECIMEN);
  await page.locator('[data-good="log"]').evaluate((el: PageElement) => {
    (el as unknown as { scrollTop: number }).scrollTop = 16;
  });
  const faults = await textFaults(page);
  const found = new Set(faults.map((f) => `${f.kind} ${f.text}`));
  const want = [
    'clipped Greedy (takes the best move now)',
    'clipped a long sentence cut at the bottom of its box',
    'split-word Bot D (thinker)',
    'overlap First label',
    'off-shape Hafenmeister',
    'covered Świątynia',
    'covered T2',
  ];
  for (const w of want) assert.ok(found.has(w), `the measure finds: ${w} (found: ${[...found].join('; ')})`);
  const selects = faults.filter((f) => f.path.includes('select'));
  assert.equal(selects.length, 1, `only the narrow select: ${describeFaults('specimen', selects).join('\n')}`);
  const good = await page.locator('[data-good]').evaluateAll((els: PageElement[]) => els.map((e) => (e.textContent ?? '').trim()));
  for (const f of faults)
    assert.ok(
      !good.some((g) => f.text.startsWith(g.slice(0, 12)) || (f.other?.text ?? '').startsWith(g.slice(0, 12))),
      `a false alarm: ${describeFaults('specimen', [f]).join('')}`,
    );
  await page.context().close();
});

test('the lobby: no text cut, broken or covered in en, de, fr, pl, on a desktop and a phone', { timeout: 90_000 }, async () => {
  mkdirSync(join(ARTIFACTS, DIR), { recursive: true });
  const open = async (page: Page, lng: string) => {
    await page.goto(`${suite.srv.base}/?lang=${lng}`);
    await page.getByTestId('lobby').waitFor();
  };
  verdict([...(await measure('lobby', DESKTOP, open)), ...(await measure('lobby', PHONE, open))]);
});

test('a 4-player Relic Runners table mid-game: no text cut, broken or covered in en, de, fr, pl', { timeout: 180_000 }, async (t) => {
  mkdirSync(join(ARTIFACTS, DIR), { recursive: true });
  const table = await playTable('relic-runners', 'text-fit-rr', 50);
  t.diagnostic(`game ${table.id} at move ${table.moves}`);
  const open = openTable(table, 'board');
  const layout: string[] = [];
  const faults = [
    ...(await measure('relic-runners', DESKTOP, andCheck(open, layout, 'the log', logEnd))),
    ...(await measure('relic-runners', PHONE, andCheck(open, layout, 'the table', phoneChecks))),
  ];
  verdict([...faults, ...layout]);
});

test(
  'a 4-player Quetzal table, as a round starts and mid-game: no text cut, broken or covered in en, de, fr, pl',
  { timeout: 180_000 },
  async (t) => {
    mkdirSync(join(ARTIFACTS, DIR), { recursive: true });
    const table = await newTable('quetzal', 'text-fit-q');
    // Seat 0's first placement: no bid anywhere yet.
    await table.advance(0);
    t.diagnostic(`game ${table.id} at move ${table.moves}`);
    const open = openTable(table, 'quetzal-board');
    // Every place is offered in the panel: a laptop shows them all, none cut by the panel's edge.
    const layout: string[] = [];
    const faults = await measure('quetzal-start', DESKTOP, andCheck(open, layout, 'a place to choose out of view', choicesOutOfView));
    await table.advance(40);
    t.diagnostic(`game ${table.id} at move ${table.moves}`);
    faults.push(
      ...(await measure('quetzal', DESKTOP, andCheck(open, layout, 'the log', logEnd))),
      ...(await measure('quetzal', PHONE, andCheck(open, layout, 'the table', phoneChecks))),
    );
    verdict([...faults, ...layout]);
  },
);

// Two players play with the automaton: its box (name, cards left, current card) shows only then.
test('a 2-player Quetzal table with the automaton: no text cut, broken or covered in en, de, fr, pl', { timeout: 120_000 }, async (t) => {
  mkdirSync(join(ARTIFACTS, DIR), { recursive: true });
  const table = await playTable('quetzal', 'text-fit-q2', 6, 2);
  t.diagnostic(`game ${table.id} at move ${table.moves}`);
  const open = openTable(table, 'quetzal-board');
  verdict([...(await measure('quetzal-2p', DESKTOP, open)), ...(await measure('quetzal-2p', PHONE, open))]);
});

test('both score screens with three bots: no text cut, broken or covered in en, de, fr, pl', { timeout: 300_000 }, async (t) => {
  mkdirSync(join(ARTIFACTS, DIR), { recursive: true });
  const faults: string[] = [];
  for (const [game, seed] of [
    ['relic-runners', 'text-fit-rr-end'],
    ['quetzal', 'text-fit-q-end'],
  ] as const) {
    const table = await playTable(game, seed, Infinity);
    t.diagnostic(`${game}: game ${table.id} over at move ${table.moves}`);
    const open = openTable(table, 'score-screen');
    // A table that scrolls inside its panel hides no text from the measure, so its width is checked apart.
    const openAndFit = async (page: Page, lng: string) => {
      await open(page, lng);
      await page.evaluate(() => (globalThis as unknown as { document: { fonts: { ready: Promise<unknown> } } }).document.fonts.ready);
      const over = await page
        .locator('.score-scroll')
        .evaluate((el: { scrollWidth: number; clientWidth: number }) => el.scrollWidth - el.clientWidth);
      if (over > 0)
        faults.push(`${lng} ${page.viewportSize()?.width ?? '?'} px ${game}-score: the score table is ${over} px wider than its panel`);
    };
    faults.push(...(await measure(`${game}-score`, DESKTOP, openAndFit)), ...(await measure(`${game}-score`, PHONE, openAndFit)));
  }
  verdict(faults);
});
