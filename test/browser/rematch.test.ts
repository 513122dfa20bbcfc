/**
 * In a real browser, the rematch: two players of a finished game, each in a browser context of its
 * own; one offers the rematch under the scores, the other sees the offer and accepts, and both
 * pages go to the new table by themselves, each at its seat moved one place on. Needs the built
 * client (dist/web).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { createRng } from '../../src/core/rng.js';
import { browserSuite, shot, watchErrors } from '../helpers/browser.js';
import { createGame, joinSeat, live } from '../helpers/server.js';
import type { InPage } from '../helpers/page.js';

const suite = browserSuite();
const SEED = process.env.REMATCH_TEST_SEED ?? String(Date.now() % 1_000_000);

/** A page of a browser context of its own holding `seat`'s token (as its link would leave it), showing the game. */
async function seatPage(id: string, seat: number, token: string): Promise<Page> {
  const page = await suite.browser.newPage();
  await page.addInitScript(
    ([gid, s, tok]) => {
      const ls = (globalThis as unknown as InPage).localStorage;
      ls.setItem(`expedition.seat.${gid}`, JSON.stringify({ seat: s, token: tok }));
      ls.setItem('i18nextLng', 'en');
    },
    [id, seat, token] as const,
  );
  await page.goto(`${suite.srv.base}/game/${id}`);
  await page.getByTestId('seat-panel').waitFor();
  return page;
}

test(
  `both players accept the rematch and both pages land on the new table at their rotated seats (seed ${SEED})`,
  { timeout: 90_000 },
  async () => {
    const clock = { bankMs: 3_600_000, incrementMs: 0 };
    const id = await createGame(suite.srv.base, {
      game: 'quetzal',
      seats: [
        { kind: 'human', name: 'Ada' },
        { kind: 'human', name: 'Bo' },
      ],
      seed: `rematch-${SEED}`,
      clock,
    });
    const tokens = [await joinSeat(suite.srv.base, id, 0, 'Ada'), await joinSeat(suite.srv.base, id, 1, 'Bo')];
    const ada = await seatPage(id, 0, tokens[0]!);
    const bo = await seatPage(id, 1, tokens[1]!);
    const errors = [...watchErrors(ada), ...watchErrors(bo)];

    // The game is played to its end at the server (random play ends Quetzal in about 70 moves); the pages follow.
    const g = await live(suite.srv.hub, id);
    const rng = createRng(SEED);
    while (g.status === 'active') {
      const cs = g.game.choices(g.state);
      await g.submit(g.toAct()!, cs[rng.int(cs.length)]);
    }
    await ada.getByTestId('score-screen').waitFor({ timeout: 15_000 });

    // Ada offers; Bo's page shows the offer with Accept and Decline, Ada's whom it waits for.
    await ada.getByTestId('rematch-offer').click();
    await bo.getByTestId('rematch-accept').waitFor({ timeout: 10_000 });
    assert.ok(await bo.getByTestId('rematch-decline').isVisible());
    await ada.getByTestId('rematch-withdraw').waitFor();
    assert.match((await ada.getByTestId('rematch').textContent()) ?? '', /Waiting for Bo/);
    await shot(bo, 'rematch-offered.png');

    await bo.getByTestId('rematch-accept').click();
    const away = (u: URL) => u.pathname.startsWith('/game/') && u.pathname !== `/game/${id}`;
    await Promise.all([ada.waitForURL(away, { timeout: 15_000 }), bo.waitForURL(away, { timeout: 15_000 })]);
    const next = new URL(ada.url()).pathname.slice('/game/'.length);
    assert.equal(new URL(bo.url()).pathname, `/game/${next}`, 'both pages are at the same new table');

    // Each page plays its rotated seat there: Ada seat 0 → 1, Bo seat 1 → 0.
    for (const [page, seat, name] of [
      [ada, 1, 'Ada'],
      [bo, 0, 'Bo'],
    ] as const) {
      await page.locator(`[data-testid="seat-${seat}"] .you`).waitFor({ timeout: 10_000 });
      assert.match((await page.getByTestId(`seat-${seat}`).textContent()) ?? '', new RegExp(name));
      assert.equal(await page.getByTestId('spectator-notice').count(), 0, `${name} plays, not watches`);
    }
    const n = await live(suite.srv.hub, next);
    assert.equal(n.game.id, 'quetzal');
    assert.deepEqual(n.settings.clock, clock);
    assert.deepEqual(
      n.publicSeats().map((s) => [s.name, s.connected]),
      [
        ['Bo', true],
        ['Ada', true],
      ],
    );
    await shot(ada, 'rematch-new-table.png');
    assert.deepEqual(errors, []);
  },
);
