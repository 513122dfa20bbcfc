/**
 * In a real browser: three players in three browsers (separate contexts: separate cookies and
 * storage, guests all) ask the lobby's quick play for a table of three, see each other counted
 * while they wait, and are seated together: each page opens the same game at its own seat, under
 * the name it typed, the seat's token kept by its browser. One of them is on a phone's screen.
 * Needs `npm run build`.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { browserSuite, shot, watchErrors } from '../helpers/browser.js';
import { live, until } from '../helpers/server.js';
import type { InPage } from '../helpers/page.js';

const suite = browserSuite();

/** Queues `name` for a three-player Quetzal table, people only. */
async function queueFor(page: Page, name: string): Promise<void> {
  await page.goto(suite.base + '/');
  await page.getByTestId('player-name').fill(name);
  const card = page.getByTestId('quickplay');
  await card.getByTestId('quickplay-game').selectOption('quetzal');
  await card.getByTestId('quickplay-size-2').uncheck();
  await card.getByTestId('quickplay-size-3').check();
  await card.getByTestId('quickplay-bots').selectOption('never');
  await card.getByTestId('quickplay-go').click();
  await card.getByTestId('quickplay-status').waitFor();
}

const gameOf = (page: Page): string => new URL(page.url()).pathname.split('/').pop()!;

test('three browsers asking for a table of three are seated together, each at its own seat', { timeout: 90_000 }, async () => {
  const names = ['Ada', 'Bea', 'Cyd'];
  const pages = [await suite.browser.newPage(), await suite.browser.newPage({ width: 390, height: 844 }), await suite.browser.newPage()];
  const errors = pages.flatMap((p) => watchErrors(p));
  await queueFor(pages[0]!, names[0]!);
  await queueFor(pages[1]!, names[1]!);
  // The third sees the two waiting before it joins them.
  await pages[2]!.goto(suite.base + '/');
  await pages[2]!.getByTestId('quickplay-count-quetzal').filter({ hasText: /^2 / }).waitFor({ timeout: 20_000 });
  await shot(pages[1]!, 'quickplay-waiting-390.png');
  await queueFor(pages[2]!, names[2]!);

  for (const p of pages) await p.getByTestId('game-screen').waitFor({ timeout: 30_000 });
  const ids = pages.map(gameOf);
  assert.equal(new Set(ids).size, 1, `one game for the three: ${ids.join(', ')}`);
  const g = await live(suite.srv.hub, ids[0]!);
  assert.deepEqual(g.seatConfigs.map((s) => s.name).sort(), [...names].sort());
  const seats = await Promise.all(
    pages.map((p) =>
      p.evaluate(
        (id) =>
          JSON.parse((globalThis as unknown as InPage).localStorage.getItem(`expedition.seat.${id}`) ?? 'null') as { seat: number } | null,
        ids[0]!,
      ),
    ),
  );
  assert.deepEqual(seats.map((s) => s?.seat).sort(), [0, 1, 2], 'each browser holds its own seat');
  for (const [i, p] of pages.entries()) {
    const seat = seats[i]!.seat;
    assert.equal(g.seatConfigs[seat]!.name, names[i], `${names[i]} sits at the seat its browser holds`);
    await until(() => g.present(seat), `${names[i]}'s page connected at its seat`);
    assert.ok(p.url().includes(ids[0]!));
  }
  await shot(pages[1]!, 'quickplay-seated-390.png');
  assert.deepEqual(errors, []);
});
