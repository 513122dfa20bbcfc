/**
 * In a real browser: a friend opening a seat link types a name first, and the others'
 * table shows it; the seat link opened in a second browser takes the seat there (the first is told
 * and watches) and the game goes on from the second; and the browser whose kept token was revoked
 * while its tab was closed gets its seat back by opening the link again. Needs `npm run build`.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { browserSuite, playByClicking, shot, watchErrors } from '../helpers/browser.js';
import { takeSeatByLink } from '../helpers/seat-link.js';
import { live, until } from '../helpers/server.js';
import type { InPage } from '../helpers/page.js';
import type { LiveGame } from '../../src/server/live-game.js';

const LOCALES = fileURLToPath(new URL('../../../web/src/i18n/locales', import.meta.url));
interface JoinStrings {
  readonly join: { readonly title: string; readonly nameNeeded: string; readonly moves: string };
  readonly game: { readonly tokenLost: string };
}
const lobby = (lng: string) => JSON.parse(readFileSync(join(LOCALES, lng, 'lobby.json'), 'utf8')) as JoinStrings;

const suite = browserSuite();

/** The host creates a friends game in the lobby under `name` (seat A), seat B a friend, seat C a bot; returns seat B's link. */
async function hostGame(host: Page, name: string): Promise<{ id: string; link: string; g: LiveGame }> {
  await host.goto(suite.srv.base + '/');
  await host.getByTestId('player-name').fill(name);
  const card = host.getByTestId('friends-game');
  await card.getByTestId('friends-seats').selectOption('3');
  await card.getByTestId('friend-kind-2').selectOption('bot');
  await card.getByTestId('friends-create').click();
  const link = await host.getByTestId('share-1-url').inputValue();
  const id = new URL(link).pathname.split('/').pop()!;
  await host.getByTestId('friends-go').click();
  await host.getByTestId('game-screen').waitFor();
  return { id, link, g: await live(suite.srv.hub, id) };
}

const seatRow = (page: Page, seat: number) => page.getByTestId('seat-panel').getByTestId(`seat-${seat}`);
const stored = (page: Page, key: string) => page.evaluate((k) => (globalThis as unknown as InPage).localStorage.getItem(k), key);

test('a friend opening a seat link types a name first, and the host\u2019s table shows it', { timeout: 60_000 }, async () => {
  const host = await suite.browser.newPage();
  const errors = watchErrors(host);
  const { id, link, g } = await hostGame(host, 'Hana');

  const friend = await suite.browser.newPage({ width: 390, height: 844 });
  errors.push(...watchErrors(friend));
  await friend.goto(link.replace(`/game/${id}?seat=1`, `/game/${id}?seat=1&lang=pl`));
  const prompt = friend.getByTestId('join-prompt');
  await prompt.waitFor();
  assert.equal(await prompt.getByRole('heading').innerText(), lobby('pl').join.title.replace('{{letter}}', 'B'));
  assert.equal(await friend.getByTestId('join-name').inputValue(), '', 'a fresh browser has no name to offer');
  assert.equal(await friend.getByTestId('join-name').getAttribute('maxlength'), '40', 'the server\u2019s limit on names');
  await shot(friend, 'join-prompt-pl-390.png');
  assert.equal(g.seatConfigs[1]!.claimed, false, 'nothing is taken before the name');

  // Not empty: only spaces are refused in the page, and nothing is sent.
  await friend.getByTestId('join-name').fill('   ');
  await friend.getByTestId('join-submit').click();
  await friend.getByText(lobby('pl').join.nameNeeded).waitFor();
  assert.equal(g.seatConfigs[1]!.claimed, false, 'an empty name takes nothing');

  await friend.getByTestId('join-name').fill('Zofia');
  await friend.getByTestId('join-submit').click();
  await friend.waitForURL((u) => u.pathname === `/game/${id}` && u.search === '' && u.hash === '');
  await friend.getByTestId('game-screen').waitFor();
  assert.equal(await stored(friend, 'expedition.name'), 'Zofia', 'the name is remembered for the next link');
  await until(() => g.seatConfigs[1]!.name === 'Zofia', 'the server to have the name');

  // The host sees the name at the table, without reloading.
  await seatRow(host, 1).getByText('Zofia').waitFor({ timeout: 15_000 });
  await shot(host, 'join-name-on-host-table.png');

  // The next link this browser opens offers the name it used last.
  const other = await hostGame(await suite.browser.newPage(), 'Olek');
  await friend.goto(other.link);
  await friend.getByTestId('join-prompt').waitFor();
  assert.equal(await friend.getByTestId('join-name').inputValue(), 'Zofia');
  assert.deepEqual(errors, []);
});

test(
  'the seat link opened in a second browser takes the seat; the first is told and watches; the second plays on',
  { timeout: 180_000 },
  async (t) => {
    const seed = process.env.WEB_TEST_SEED ?? randomBytes(4).toString('hex');
    t.diagnostic(`seed ${seed} (set WEB_TEST_SEED to repeat)`);
    const host = await suite.browser.newPage();
    const errors = watchErrors(host);
    const { id, link, g } = await hostGame(host, 'Hana');
    const first = await suite.browser.newPage();
    errors.push(...watchErrors(first));
    // In German at 1280 px: the prompt says which game it is.
    await first.goto(link.replace(`/game/${id}?seat=1`, `/game/${id}?seat=1&lang=de`));
    await first.getByTestId('join-game').getByText('Relic Runners').waitFor();
    await shot(first, 'join-prompt-de-1280.png');
    await first.getByTestId('join-name').fill('Bruno');
    await first.getByTestId('join-submit').click();
    await first.getByTestId('game-screen').waitFor();
    await until(() => [...g.subscribers].some((s) => s.seat === 1), 'seat B connected');
    const firstToken = g.seatConfigs[1]!.tokenHash;

    // The second browser holds nothing: it is told whose seat it takes, with that name offered.
    const second = await suite.browser.newPage({ width: 390, height: 844 });
    errors.push(...watchErrors(second));
    await second.goto(link);
    await second.getByTestId('join-moves').waitFor();
    assert.match(await second.getByTestId('join-moves').innerText(), /Bruno/);
    assert.equal(await second.getByTestId('join-name').inputValue(), 'Bruno', "the seat's name is offered, to keep");
    await shot(second, 'join-prompt-reclaim-390.png');
    await second.getByTestId('join-submit').click();
    await second.getByTestId('game-screen').waitFor();
    await until(() => g.seatConfigs[1]!.tokenHash !== firstToken, 'a new token for seat B');
    assert.equal(g.seatConfigs[1]!.name, 'Bruno', 'the name stays');

    // The first browser is told, and watches.
    await first.getByText(lobby('de').game.tokenLost).waitFor();
    await first.getByTestId('spectator-notice').waitFor();
    assert.equal(await stored(first, `expedition.seat.${id}`), null, 'the revoked token is forgotten');
    await shot(first, 'seat-opened-elsewhere.png');
    await until(() => [...g.subscribers].filter((s) => s.seat === 1).length === 1, 'one connection for seat B: the second browser');

    // The game goes on: the host plays seat A, then the second browser plays seat B.
    try {
      await playByClicking(host, `${seed}-host`, { until: () => g.toAct() !== 0 });
      await until(() => g.toAct() === 1, 'seat B to act', 20_000);
      const before = g.moves.length;
      await playByClicking(second, `${seed}-second`, { until: () => g.toAct() !== 1 || g.status !== 'active' });
      assert.ok(g.moves.length > before, `[seed ${seed}] seat B's moves were played from the second browser`);
      assert.ok(
        g.moves.slice(before).some((m) => m.seat === 1),
        `[seed ${seed}] the moves after the reclaim include seat B's`,
      );
    } catch (e) {
      await shot(second, 'reclaim-failed.png').catch(() => undefined);
      throw new Error(`[seed ${seed}] ${(e as Error).message}`, { cause: e });
    }
    assert.equal(await first.locator('[data-choosable]').count(), 0, 'the first browser offers nothing to play');
    assert.deepEqual(errors, []);
  },
);

test(
  'a browser whose kept token was revoked while its tab was closed takes the seat back by opening the link',
  { timeout: 60_000 },
  async () => {
    const host = await suite.browser.newPage();
    const { id, link, g } = await hostGame(host, 'Hana');
    const laptop = await suite.browser.newPage();
    await takeSeatByLink(laptop, link, 'Cleo');
    await laptop.getByTestId('game-screen').waitFor();
    const context = laptop.context();
    await laptop.close();
    await until(() => ![...g.subscribers].some((s) => s.seat === 1), 'the laptop gone');

    const phone = await suite.browser.newPage({ width: 390, height: 844 });
    await takeSeatByLink(phone, link);
    await phone.getByTestId('game-screen').waitFor();
    await until(() => [...g.subscribers].some((s) => s.seat === 1), 'the phone seated');
    const phoneToken = g.seatConfigs[1]!.tokenHash;

    // Back on the laptop, the same link: its kept token is refused, and the link takes the seat back without asking.
    const again = await context.newPage();
    const errors = watchErrors(again);
    await again.goto(link);
    await until(() => g.seatConfigs[1]!.tokenHash !== phoneToken, 'seat B back on the laptop', 15_000);
    await again.getByTestId('game-screen').waitFor();
    assert.equal(await again.getByTestId('join-prompt').count(), 0, 'no name prompt: the seat keeps its name');
    assert.equal(await again.getByTestId('spectator-notice').count(), 0, 'the laptop plays');
    assert.equal(g.seatConfigs[1]!.name, 'Cleo');
    await phone.getByTestId('spectator-notice').waitFor();
    assert.ok((await stored(again, `expedition.seat.${id}`)) !== null);
    assert.deepEqual(errors, []);
  },
);
