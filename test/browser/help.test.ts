/**
 * The rules help panel in a real browser against the real server: one click on a
 * table's "Rules" button opens it; a link to `#help/<game>/<entry>` (what every tile tooltip uses)
 * opens it at that entry, scrolled into view and marked; it follows the language; Escape and the
 * close button close it and give focus back. Relic Runners tiles are named by rule id (PU-3 is
 * RR §5 PU-3), Quetzal entries by the engine's LocId / UpgradeId. Needs `npm run build:web`.
 * Screenshots: help-rr-en.png, help-rr-de.png, help-rr-phone.png, help-quetzal-fr.png, help-quetzal-phone-pl.png.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from 'playwright-core';
import { ARTIFACTS, browserSuite, watchErrors } from '../helpers/browser.js';
import type { PageElement } from '../helpers/page.js';
import { createGame, live, until } from '../helpers/server.js';

const LOCALES = fileURLToPath(new URL('../../../web/src/i18n/locales', import.meta.url));
const strings = <T>(lng: string, ns: string) => JSON.parse(readFileSync(join(LOCALES, lng, `${ns}.json`), 'utf8')) as T;
interface HelpStrings {
  readonly title: string;
  readonly game: Record<string, string>;
}
const helpTitle = (lng: string, game: string) => {
  const s = strings<HelpStrings>(lng, 'help');
  return s.title.replace('{{game}}', s.game[game]!);
};
const tileName = (lng: string, id: string) => strings<Record<string, { title: string }>>(lng, 'tiles')[id]!.title;
const upgradeName = (lng: string, id: string) => strings<{ up: Record<string, { name: string }> }>(lng, 'quetzal').up[id]!.name;

const suite = browserSuite();

/** What the player sees (the viewport, not the full page: the panel is fixed to the viewport). */
const shot = (page: Page, name: string) => page.screenshot({ path: join(ARTIFACTS, name) });

/** Starts a game against one bot through the lobby, played on the server; returns when its table shows. */
async function startTable(page: Page, game: 'relic-runners' | 'quetzal', lng: string): Promise<void> {
  await page.goto(`${suite.srv.base}/?lang=${lng}`);
  await page.getByTestId('lobby').waitFor();
  const card = page.getByTestId('bot-game');
  await card.getByTestId('bots-game-choice').selectOption(game);
  await card.getByTestId('bots-seats').selectOption('2');
  await card.getByTestId('where-server').check();
  await card.getByTestId('bots-start').click();
  await page.waitForURL(/\/game\/[A-Za-z0-9_-]+$/);
  await page.getByTestId('game-screen').waitFor();
}

/** The panel, once its text has loaded. */
async function openPanel(page: Page): Promise<Locator> {
  const panel = page.getByTestId('help-panel');
  await panel.waitFor();
  await page.waitForFunction(() => {
    const doc = (globalThis as unknown as { document: { querySelector(s: string): { getAttribute(a: string): string | null } | null } })
      .document;
    return doc.querySelector('[data-testid="help-panel"]')?.getAttribute('data-ready') === 'yes';
  });
  return panel;
}

/** Asserts the entry's heading is on screen, inside the panel's scrolling body (not scrolled away). */
async function assertInView(page: Page, panel: Locator, id: string): Promise<void> {
  const entry = panel.locator(`[data-help-id="${id}"]`);
  await page.waitForFunction(
    (sel) => {
      const doc = (
        globalThis as unknown as {
          document: { querySelector(s: string): { getBoundingClientRect(): { top: number; bottom: number } } | null };
          innerHeight: number;
        }
      ).document;
      const el = doc.querySelector(sel)?.getBoundingClientRect();
      const body = doc.querySelector('.help-body')?.getBoundingClientRect();
      return !!el && !!body && el.top >= body.top - 1 && el.top < body.bottom - 24;
    },
    `[data-testid="help-panel"] [data-help-id="${id}"]`,
    { timeout: 10_000 },
  );
  const box = await entry.boundingBox();
  const vp = page.viewportSize()!;
  assert.ok(
    box && box.y >= 0 && box.y < vp.height && box.x >= 0 && box.x < vp.width,
    `${id} is inside the viewport (${JSON.stringify(box)})`,
  );
  assert.ok(await entry.evaluate((el: PageElement) => el.classList.contains('highlighted')), `${id} is marked as the entry asked for`);
}

const focusedTestId = (page: Page) =>
  page.evaluate(
    () =>
      (
        globalThis as unknown as { document: { activeElement: { getAttribute(a: string): string | null } | null } }
      ).document.activeElement?.getAttribute('data-testid') ?? null,
  );

test(
  'Relic Runners: one click opens the rules, a tile link opens its entry, the language follows, Escape closes',
  { timeout: 90_000 },
  async () => {
    const page = await suite.browser.newPage({ width: 1280, height: 800 });
    const errors = watchErrors(page);
    await startTable(page, 'relic-runners', 'en');

    assert.equal(await page.getByTestId('help-panel').count(), 0, 'no panel before the click');
    await page.getByTestId('help-open').click();
    let panel = await openPanel(page);
    assert.equal(await panel.locator('h2').textContent(), helpTitle('en', 'relic-runners'));
    // The table of contents and every section are there.
    for (const s of ['turn', 'toolboxes', 'ivory', 'purple', 'scoring', 'end'])
      assert.equal(await panel.locator(`section[data-help-id="${s}"]`).count(), 1, s);
    assert.equal(await focusedTestId(page), null, 'focus moved into the panel (its heading)');
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    assert.equal(await focusedTestId(page), 'help-open', 'focus is back on the Rules button');

    // A link such as a tile tooltip's (RR §5 PU-3), clicked on the table.
    await page.evaluate(() => {
      const doc = (
        globalThis as unknown as { document: { createElement(t: string): Record<string, unknown>; body: { append(n: unknown): void } } }
      ).document;
      const a = doc.createElement('a');
      a.href = '#help/relic-runners/PU-3';
      a.textContent = 'PU-3';
      a.id = 'tile-link';
      doc.body.append(a);
    });
    await page.locator('#tile-link').click();
    panel = await openPanel(page);
    await assertInView(page, panel, 'PU-3');
    const pu3 = panel.locator('[data-help-id="PU-3"]');
    assert.equal(await pu3.locator('h4').textContent(), `PU-3${tileName('en', 'PU-3')}`);
    const english = await pu3.locator('p').first().textContent();
    await shot(page, 'help-rr-en.png');

    // Another language while the panel is open: the same entry, in German.
    await page.getByTestId('language').selectOption('de');
    await page.waitForFunction(
      (title) =>
        (globalThis as unknown as { document: { querySelector(s: string): { textContent: string | null } | null } }).document.querySelector(
          '[data-testid="help-panel"] h2',
        )?.textContent === title,
      helpTitle('de', 'relic-runners'),
    );
    panel = await openPanel(page);
    assert.equal(await pu3.locator('h4').textContent(), `PU-3${tileName('de', 'PU-3')}`);
    const german = await pu3.locator('p').first().textContent();
    assert.notEqual(german, english, 'the entry is in German now');
    assert.match(german ?? '', /Tagesrationen/, 'German uses the rulebook’s word');
    await assertInView(page, panel, 'PU-3');
    await shot(page, 'help-rr-de.png');

    // Another entry by hash (an ivory tile, RR §4 IV2-5), then a phone.
    await page.evaluate(() => {
      (globalThis as unknown as { location: { hash: string } }).location.hash = '#help/relic-runners/IV2-5';
    });
    await assertInView(page, panel, 'IV2-5');
    assert.ok(!(await pu3.evaluate((el: PageElement) => el.classList.contains('highlighted'))), 'the old entry is no longer marked');
    await page.setViewportSize({ width: 390, height: 844 });
    await assertInView(page, panel, 'IV2-5');
    const sheet = await panel.boundingBox();
    assert.ok(sheet && sheet.width <= 390 && sheet.x >= 0, `the panel fits the phone (${JSON.stringify(sheet)})`);
    await shot(page, 'help-rr-phone.png');
    await page.getByTestId('help-close').click();
    await panel.waitFor({ state: 'detached' });
    assert.equal(new URL(page.url()).hash, '', 'closing clears the address');
    await page.evaluate(() => (globalThis as unknown as { scrollTo(x: number, y: number): void }).scrollTo(0, 0));
    await shot(page, 'help-rr-phone-closed.png');
    assert.deepEqual(errors, []);
  },
);

test(
  'Quetzal: the address of an upgrade opens the rules at it, in French and Polish, on a laptop and a phone',
  { timeout: 90_000 },
  async () => {
    const page = await suite.browser.newPage({ width: 1280, height: 800 });
    const errors = watchErrors(page);
    await startTable(page, 'quetzal', 'fr');
    await page.getByTestId('quetzal-board').waitFor();
    // Loading a table at the address of an entry (Q-R-6 upgrade "templeDraw").
    await page.goto(page.url() + '#help/quetzal/templeDraw');
    let panel = await openPanel(page);
    assert.equal(await panel.locator('h2').textContent(), helpTitle('fr', 'quetzal'));
    await assertInView(page, panel, 'templeDraw');
    assert.equal(await panel.locator('[data-help-id="templeDraw"] h4').textContent(), upgradeName('fr', 'templeDraw'));
    await shot(page, 'help-quetzal-fr.png');

    // The table of contents leads to a section (the 2-player rules, Q-2P-1).
    await panel.locator('.help-toc a[href="#help/quetzal/two-players"]').click();
    await assertInView(page, panel, 'two-players');

    await page.getByTestId('language').selectOption('pl');
    await page.waitForFunction(
      (title) =>
        (globalThis as unknown as { document: { querySelector(s: string): { textContent: string | null } | null } }).document.querySelector(
          '[data-testid="help-panel"] h2',
        )?.textContent === title,
      helpTitle('pl', 'quetzal'),
    );
    panel = await openPanel(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => {
      (globalThis as unknown as { location: { hash: string } }).location.hash = '#help/quetzal/harbour';
    });
    await assertInView(page, panel, 'harbour');
    await shot(page, 'help-quetzal-phone-pl.png');
    await page.getByTestId('help-close').click();
    await panel.waitFor({ state: 'detached' });
    assert.equal(await focusedTestId(page), 'help-open', 'focus is back on the Rules button');
    assert.deepEqual(errors, []);
  },
);

test('the offline table has the Rules button too', { timeout: 60_000 }, async () => {
  const page = await suite.browser.newPage({ width: 1280, height: 800 });
  const errors = watchErrors(page);
  await page.goto(`${suite.srv.base}/?lang=en`);
  await page.getByTestId('lobby').waitFor();
  const card = page.getByTestId('bot-game');
  await card.getByTestId('bots-seats').selectOption('2');
  await card.getByTestId('where-local').check();
  await card.getByTestId('bots-start').click();
  await page.waitForURL((u) => u.pathname === '/local');
  await page.getByTestId('game-screen').waitFor();
  await page.getByTestId('help-open').click();
  const panel = await openPanel(page);
  assert.equal(await panel.locator('h2').textContent(), helpTitle('en', 'relic-runners'));
  assert.deepEqual(errors, []);
});

test('the replay viewer has the Rules button too', { timeout: 90_000 }, async () => {
  const id = await createGame(suite.srv.base, {
    seats: [
      { kind: 'bot', bot: 'random' },
      { kind: 'bot', bot: 'random' },
    ],
    seed: 'help-replay',
  });
  const g = await live(suite.srv.hub, id);
  await until(() => g.status === 'finished', 'the bots to finish the game', 60_000);
  const page = await suite.browser.newPage({ width: 1280, height: 800 });
  const errors = watchErrors(page);
  await page.goto(`${suite.srv.base}/replay/${id}?lang=pl`);
  await page.getByTestId('replay').waitFor();
  await page.getByTestId('help-open').click();
  const panel = await openPanel(page);
  assert.equal(await panel.locator('h2').textContent(), helpTitle('pl', 'relic-runners'));
  await page.keyboard.press('Escape');
  await panel.waitFor({ state: 'detached' });
  // The replay's own keys still work once the panel is closed.
  await page.keyboard.press('End');
  await page.waitForFunction(() => {
    const el = (globalThis as unknown as { document: { querySelector(s: string): PageElement | null } }).document.querySelector(
      '[data-testid="replay"]',
    );
    return !!el && el.getAttribute('data-step') === el.getAttribute('data-moves');
  });
  assert.deepEqual(errors, []);
});
