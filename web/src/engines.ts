import type { AnyGame } from '../../src/core/game.js';
import { quetzal, type State as QState } from '../../src/games/quetzal/index.js';
import { scoreBreakdown as qScore } from '../../src/games/quetzal/scoring.js';
import { relicRunners, type State as RRState } from '../../src/games/relic-runners/index.js';
import { scoreBreakdown as rrScore } from '../../src/games/relic-runners/scoring.js';
import type { GameId } from './net/session.js';

/**
 * The engines the browser runs itself (offline play, replays). Imported only by the lazy chunks:
 * the lobby and a server game never load an engine.
 */
export interface ClientEngine {
  readonly game: AnyGame;
  /** Each seat's score if the game ended now (the replay's score chart). */
  scoresNow(state: unknown): number[];
}

export const ENGINES: Readonly<Record<GameId, ClientEngine>> = {
  'relic-runners': {
    game: relicRunners,
    scoresNow: (s) => (s as RRState).players.map((p) => rrScore(p).total),
  },
  quetzal: {
    game: quetzal,
    scoresNow: (s) => (s as QState).players.map((_, seat) => qScore(s as QState, seat).total),
  },
};

export function engineFor(id: string): ClientEngine {
  const e = (ENGINES as Record<string, ClientEngine | undefined>)[id];
  if (!e) throw new Error(`this client cannot play "${id}"`);
  return e;
}
