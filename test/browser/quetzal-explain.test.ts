/**
 * Quetzal explains itself and fits a phone, in a real browser against the real
 * server: the delivery preview is what the delivery pays (Q-DEL-1, Q-DEL-2, QD-11, Q-DISC-1), the
 * excavation sites' cards place figures there like the rest of the site (Q-PL-5), the delivery
 * table (Q-DEL-1, Q-R-4) is on screen at 1280×800, and at 390×844 the board fits the width with a
 * working zoom. Needs `npm run build:web` and Chromium. Screenshots: test-artifacts/q-explain-*.png.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { createRng, type Rng } from '../../src/core/rng.js';
import { CARD_ID_OF, DATA, LOC_IDS } from '../../src/games/quetzal/data.js';
import { deliveryPay, scoreDelivery } from '../../src/games/quetzal/delivery.js';
import type { QChoice, QView, State } from '../../src/games/quetzal/index.js';
import type { LiveGame } from '../../src/server/live-game.js';
import { browserSuite, holdSeat, shot, watchErrors } from '../helpers/browser.js';
import type { InPage, PageElement } from '../helpers/page.js';
import { createGame, joinSeat, live, until } from '../helpers/server.js';

const suite = browserSuite();

/** The address of a Quetzal rules help entry (web/src/help/link.ts: the client's code is not imported here). */
const helpHref = (entry: string) => `#help/quetzal/${encodeURIComponent(entry)}`;

/** The few layout fields these tests read in the page (page.ts types only what every test needs). */
interface Box {
  readonly scrollWidth: number;
  readonly clientWidth: number;
  scrollLeft: number;
  getBoundingClientRect(): { readonly right: number };
}

interface Seated {
  readonly id: string;
  readonly g: LiveGame;
  readonly token: string;
}

/** A 2-player game on the server: seat 0 human (this test), seat 1 a greedy bot. */
async function newGame(seed: string): Promise<Seated> {
  const id = await createGame(suite.srv.base, {
    game: 'quetzal',
    seats: [{ kind: 'human' }, { kind: 'bot', bot: 'greedy' }],
    seed,
  });
  const token = await joinSeat(suite.srv.base, id, 0);
  return { id, g: await live(suite.srv.hub, id), token };
}

const viewOf = (g: LiveGame): QView => g.game.view(g.state, 0) as QView;

/** Waits until seat 0 owes a decision or the game is over (the bot plays in between). */
const seat0Turn = (g: LiveGame) => until(() => g.toAct() === 0 || g.status !== 'active', 'seat 0 to decide', 30_000);

/** Opens the game in a page of its own that holds seat 0. */
async function open(s: Seated, lang: string, viewport: { width: number; height: number }): Promise<{ page: Page; errors: string[] }> {
  const page = await suite.browser.newPage(viewport);
  const errors = watchErrors(page);
  await holdSeat(page, s.id, 0, s.token);
  await page.goto(`${suite.srv.base}/game/${s.id}?lang=${lang}`);
  await page.getByTestId('quetzal-board').waitFor({ timeout: 30_000 });
  return { page, errors };
}

/** Waits until the page shows the server's position. */
async function caughtUp(page: Page, g: LiveGame): Promise<void> {
  await page.waitForFunction(
    (m) =>
      (globalThis as unknown as InPage).document.querySelector('[data-testid="game-screen"]')?.getAttribute('data-moves') === String(m),
    g.moves.length,
    { timeout: 30_000 },
  );
}

/** Seat 0's choices, weighted towards the Village (upgrades), the Temple and deliveries. */
function steer(view: QView, rng: Rng): QChoice {
  const cs = view.choices!;
  const weight = (c: QChoice): number => {
    if (c.t === 'place') return c.loc === 'camp' ? 1 : c.loc === 'village' || c.loc === 'ship1' || c.loc === 'harbour' ? 6 : 3;
    if (c.t === 'village') return ['jarSet', 'weaponSet', 'mixedSet'].includes(c.up) ? 10 : 1;
    if (c.t === 'exchange') return 0.2;
    return 1;
  };
  const total = cs.reduce((a, c) => a + weight(c), 0);
  let r = (rng.int(1_000_000) / 1_000_000) * total;
  for (const c of cs) {
    r -= weight(c);
    if (r < 0) return c;
  }
  return cs[cs.length - 1]!;
}

/**
 * The cards seat 0 delivers at this delivery decision: its whole hand up to the limit. A delivery
 * whose VP the old client arithmetic (card tables and bonuses only) got wrong is the one the test
 * wants: upgrades or discovery-track rewards in it. Returns null when this one is not such.
 */
function revealing(view: QView): string[] | null {
  const me = view.players[0]!;
  const cards = [...me.hand!].slice(0, view.pending!.limit!);
  const ids = cards.map((n) => CARD_ID_OF.get(n)!);
  const pay = deliveryPay(me.discovery, ids, view.pending!.scoredWith!);
  const old = scoreDelivery(ids, []).vp;
  return pay.vp !== old && pay.upgrades === 0 ? cards : null;
}

/** Plays seat 0 on the server (steered) until a revealing delivery is owed; null if the game ends first. */
async function toRevealingDelivery(s: Seated, seed: string): Promise<string[] | null> {
  const rng = createRng(`steer:${seed}`);
  for (;;) {
    await seat0Turn(s.g);
    if (s.g.status !== 'active') return null;
    const v = viewOf(s.g);
    if (v.decision === 'deliver' && (v.pending!.added ?? []).length === 0) {
      const cards = revealing(v);
      if (cards) return cards;
      await s.g.submit(0, { t: 'deliver' });
      continue;
    }
    await s.g.submit(0, steer(v, rng));
  }
}

test('Q-DEL-1 Q-DEL-2 QD-11 Q-DISC-1 the delivery preview shows the VP the delivery then pays', { timeout: 240_000 }, async (t) => {
  let found: { s: Seated; cards: string[]; seed: string } | null = null;
  // The first seed reaches such a delivery under the current seeding (3); the others are tried
  // should a rule or seeding change move it (under seeding 2 it was q-explain-6).
  const seeds = ['q-explain-10', ...Array.from({ length: 30 }, (_, i) => `q-explain-${i + 1}`).filter((x) => x !== 'q-explain-10')];
  for (const seed of seeds) {
    const s = await newGame(seed);
    const cards = await toRevealingDelivery(s, seed);
    if (cards) {
      found = { s, cards, seed };
      break;
    }
    t.diagnostic(`seed ${seed}: no delivery with upgrades or track rewards for seat 0`);
  }
  assert.ok(found, 'some seeded game reached a delivery paying upgrades or discovery-track rewards');
  const { s, cards, seed } = found;
  const v = viewOf(s.g);
  t.diagnostic(
    `seed ${seed}: delivering ${cards.join(', ')} with upgrades [${v.pending!.scoredWith!.join(', ')}], discovery ${v.players[0]!.discovery}`,
  );
  const { page, errors } = await open(s, 'en', { width: 1280, height: 800 });
  await caughtUp(page, s.g);
  for (const [i, card] of cards.entries()) {
    const before = s.g.moves.length;
    await page
      .locator(`[data-testid="choice-add"][data-choice='${JSON.stringify({ t: 'add', card })}']`)
      .first()
      .click();
    await until(() => s.g.moves.length > before, `the server to take "add ${card}"`, 15_000);
    await caughtUp(page, s.g);
    if (i === 0) await shot(page, 'q-explain-adding-en.png');
  }
  const preview = page.getByTestId('delivery-preview');
  await preview.waitFor();
  const shown = Number(await preview.getAttribute('data-vp'));
  const text = (await preview.textContent()) ?? '';
  assert.match(text, new RegExp(`\\b${shown} VP\\b`), `[seed ${seed}] the preview says its VP: ${text}`);
  assert.match((await page.getByTestId('choice-deliver').textContent()) ?? '', new RegExp(`\\b${shown} VP\\b`), 'the button says it too');
  await shot(page, 'q-explain-preview-en.png');
  // The same preview in German at 1280×800 and in Polish on a phone.
  for (const [lang, viewport] of [
    ['de', { width: 1280, height: 800 }],
    ['pl', { width: 390, height: 844 }],
  ] as const) {
    const other = await open(s, lang, viewport);
    await caughtUp(other.page, s.g);
    const p = other.page.getByTestId('delivery-preview');
    assert.equal(Number(await p.getAttribute('data-vp')), shown, `[${lang}] the same VP`);
    assert.match((await p.textContent()) ?? '', new RegExp(`\\b${shown} (SP|PZ)\\b`), `[${lang}] the preview says its VP`);
    await shot(other.page, `q-explain-preview-${lang}.png`);
    assert.deepEqual(other.errors, [], lang);
    await other.page.close();
  }

  const state = s.g.state as State;
  const vpBefore = state.players[0]!.vp;
  const movesBefore = s.g.moves.length;
  await page.getByTestId('choice-deliver').click();
  await until(() => s.g.moves.length > movesBefore, 'the server to take the delivery', 15_000);
  const gained = (s.g.state as State).players[0]!.vp - vpBefore;
  assert.equal(shown, gained, `[seed ${seed}] the preview said ${shown} VP; the delivery paid ${gained}`);
  assert.deepEqual(errors, [], `[seed ${seed}] no errors in the page`);
});

/** A fresh game at seat 0's first placement (2 players: the automaton holds one site). */
async function atFirstPlacement(seed: string): Promise<Seated> {
  const s = await newGame(seed);
  await seat0Turn(s.g);
  assert.equal(viewOf(s.g).decision, 'place', `[seed ${seed}] seat 0 places first`);
  return s;
}

test('Q-PL-5 a card inside an excavation site is part of the site: clicking it places there', { timeout: 90_000 }, async () => {
  const seed = 'q-explain-site';
  const s = await atFirstPlacement(seed);
  const { page, errors } = await open(s, 'en', { width: 1280, height: 800 });
  await caughtUp(page, s.g);
  const v = viewOf(s.g);
  const site = (['quarry', 'smallTemple', 'ruins'] as const).find(
    (id) => v.choices!.some((c) => c.t === 'place' && c.loc === id) && v.locations.find((l) => l.id === id)!.cards!.some((c) => c !== null),
  );
  assert.ok(site, `[seed ${seed}] a site with cards is open to seat 0`);
  const card = page.locator(`[data-loc="${site}"] .q-card`).first();
  // The card is a choosable thing: inside the site's button (keyboard-reachable), drawn as one.
  assert.equal(
    await card.evaluate((el: PageElement) => el.closest('[role="button"]')?.getAttribute('data-testid') ?? null),
    `target-${site}`,
    'the card is inside the site’s target',
  );
  // Keyboard: the site, cards included, is one tab stop that Enter activates.
  await page.getByTestId(`target-${site}`).focus();
  await page.keyboard.press('Enter');
  await page.getByTestId('place-chooser').waitFor({ timeout: 10_000 });
  await page.getByTestId('place-back').click();
  await page.getByTestId('place-targets').waitFor();
  await card.click(); // a real mouse click on the card itself: Playwright refuses if something else takes it
  await page.getByTestId('place-chooser').waitFor({ timeout: 10_000 });
  const before = s.g.moves.length;
  await page.getByTestId('choice-place').first().click();
  await until(() => s.g.moves.length > before, 'the server to take the placement', 15_000);
  const bid = (s.g.game.view(s.g.state, null) as QView).locations.find((l) => l.id === site)!.bid;
  assert.equal(bid?.holder, 0, `[seed ${seed}] seat 0 holds the bid at the ${site}`);
  assert.deepEqual(errors, []);
});

test(
  'Q-DEL-1 Q-R-4 the delivery table is on screen at 1280×800 (en, de, pl), values from the engine data; locations and upgrades link to their help entries',
  { timeout: 90_000 },
  async () => {
    const s = await atFirstPlacement('q-explain-table');
    for (const lang of ['en', 'de', 'pl']) {
      const { page, errors } = await open(s, lang, { width: 1280, height: 800 });
      const table = page.getByTestId('delivery-table');
      await table.waitFor();
      const box = await table.boundingBox();
      assert.ok(
        box && box.y >= 0 && box.y + box.height <= 800 && box.x + box.width <= 1280,
        `[${lang}] the table is in view: ${JSON.stringify(box)}`,
      );
      for (const ct of DATA.cards.types) {
        const cells = await Promise.all([1, 2, 3].map((n) => page.getByTestId(`delivery-vp-${ct.type}-${n}`).innerText()));
        assert.deepEqual(
          cells.map((c) => Number(/\d+/.exec(c)![0])),
          [...ct.vp],
          `[${lang}] ${ct.type}: VP for 1 / 2 / 3 cards`,
        );
      }
      assert.ok(await page.getByTestId('delivery-upgrades').isVisible(), `[${lang}] the player's delivery upgrades are named`);
      // Every location and every face-up Village upgrade links to its rules help entry (the engine's ids).
      for (const id of LOC_IDS) assert.equal(await page.getByTestId(`help-${id}`).getAttribute('href'), helpHref(id), `[${lang}] ${id}`);
      for (const up of viewOf(s.g).village)
        if (up) assert.equal(await page.getByTestId(`help-${up}`).first().getAttribute('href'), helpHref(up), `[${lang}] ${up}`);
      await shot(page, `q-explain-table-${lang}.png`);
      assert.deepEqual(errors, [], lang);
      await page.close();
    }
  },
);

test('phone 390×844: the Quetzal board fits the width; the zoom enlarges it to pan sideways, and back', { timeout: 90_000 }, async () => {
  const s = await atFirstPlacement('q-explain-phone');
  for (const lang of ['en', 'de', 'pl']) {
    const { page, errors } = await open(s, lang, { width: 390, height: 844 });
    const board = page.getByTestId('quetzal-board');
    const right = async () => {
      const b = await board.boundingBox();
      return b!.x + b!.width;
    };
    assert.ok((await right()) <= 390, `[${lang}] the board's right edge ${await right()} is within 390 px`);
    const pageWidth = await page.evaluate(() => (globalThis as unknown as InPage).document.documentElement.scrollWidth);
    assert.ok(pageWidth <= 390, `[${lang}] the page does not scroll sideways (${pageWidth} px)`);
    await shot(page, `q-explain-phone-${lang}.png`);
    const toggle = page.getByTestId('board-zoom-toggle');
    assert.ok(await toggle.isVisible(), `[${lang}] the zoom button is shown`);
    await toggle.click();
    const frame = page.getByTestId('board-zoom-frame');
    await page.waitForFunction(() => {
      const f = (globalThis as unknown as InPage).document.querySelector('[data-testid="board-zoom-frame"]');
      return f !== null && (f as unknown as Box).scrollWidth > (f as unknown as Box).clientWidth + 100;
    });
    const { width } = (await board.boundingBox())!;
    assert.ok(width > 600, `[${lang}] zoomed, the board is legible (${width} px wide)`);
    await frame.evaluate((el) => {
      (el as unknown as Box).scrollLeft = 300;
    });
    assert.ok((await frame.evaluate((el) => (el as unknown as Box).scrollLeft)) > 0, `[${lang}] the zoomed board pans`);
    await shot(page, `q-explain-phone-zoomed-${lang}.png`);
    await toggle.click();
    await page.waitForFunction(() => {
      const b = (globalThis as unknown as InPage).document.querySelector('[data-testid="quetzal-board"]');
      return b !== null && (b as unknown as Box).getBoundingClientRect().right <= 390;
    });
    assert.deepEqual(errors, [], lang);
    await page.close();
  }
});
