import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import i18n from '../src/i18n/index.js';
import { REGISTRY } from '../../src/bots/registry.js';
import { createRng } from '../../src/core/rng.js';
import type { SessionTypes, SeatInfo } from '../src/net/session.js';
import { CLIENT_GAMES, GAME_IDS, isGameId, loadClient, loadEngine, preloadClients, preloadEngines } from '../src/registry.js';

/**
 * The client's registry (web/src/registry.ts) holds every registered game with all its parts,
 * each of which works: a game missing from it does not compile (game-types.ts), and a part that is
 * there but does not work fails here. Its help text is held by help-content.test.ts, over every
 * game of the registry too.
 */

beforeAll(async () => {
  await i18n.changeLanguage('en');
  // Every game's parts, loaded once as the pages load them (the first import transforms them all).
  await Promise.all([preloadClients(), preloadEngines()]);
}, 60_000);
afterEach(cleanup);

const seatsOf = (n: number): SeatInfo[] => Array.from({ length: n }, (_, seat) => ({ seat, kind: 'human', connected: true }));

describe('the client registry', () => {
  it('lists exactly the games the engine side registers, in its order', () => {
    expect(GAME_IDS).toEqual(Object.keys(REGISTRY));
    expect(isGameId('chess')).toBe(false);
    expect(isGameId('constructor')).toBe(false);
  });

  it('refuses a game it does not know', async () => {
    await expect(loadClient('chess')).rejects.toThrow('this client cannot show a game of "chess"');
    await expect(loadEngine('toString')).rejects.toThrow('this client cannot show a game of "toString"');
  });
});

for (const id of GAME_IDS) {
  describe(id, () => {
    const { game } = REGISTRY[id];
    const seats = game.minSeats;
    const state = () => game.setup(game.options(undefined), seats, createRng(`client registry ${id}`));

    it('its lobby defaults are options its engine takes, against bots and with friends', () => {
      const { defaults } = CLIENT_GAMES[id].lobby;
      for (const o of [defaults.bots, defaults.friends]) expect(() => game.options(o)).not.toThrow();
    });

    it('its table shows a set-up to a spectator and to the seat to act, with its status line and replay position', async () => {
      const client = await loadClient(id);
      const s = state();
      const t = i18n.t.bind(i18n);
      for (const seat of [null, game.toAct(s)]) {
        const view = game.view(s, seat) as SessionTypes['view'];
        const { container, unmount } = render(
          <>
            <client.Progress view={view} />
            <client.Table
              view={view}
              seat={seat}
              seats={seatsOf(seats)}
              log={[]}
              choose={() => {}}
              busy={false}
              canUndo={false}
              onUndo={() => {}}
            />
          </>,
        );
        expect(container.textContent?.trim(), `seat ${seat}`).toBeTruthy();
        if (seat !== null) expect(screen.getByTestId('decision-panel')).toBeTruthy();
        unmount();
        expect(client.replayPosition(view, t).trim()).toBeTruthy();
      }
    });

    it('names every choice of the first decision in words', async () => {
      const client = await loadClient(id);
      const s = state();
      const view = game.view(s, null) as SessionTypes['view'];
      const t = i18n.t.bind(i18n);
      const labels = game.choices(s).map((c) => client.choiceLabel(c, view, t));
      expect(labels.length).toBeGreaterThan(0);
      for (const l of labels) expect(l.trim()).toBeTruthy();
    });

    it('its replay engine is the registered engine and scores every seat', async () => {
      const engine = await loadEngine(id);
      expect(engine.game).toBe(game);
      const scores = engine.scoresNow(state());
      expect(scores).toHaveLength(seats);
      for (const x of scores) expect(Number.isFinite(x)).toBe(true);
    });
  });
}
