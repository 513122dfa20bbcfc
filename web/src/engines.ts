import type { AnyGame } from '../../src/core/game.js';
import type { GameId } from './game-types.js';
import { quetzalEngine } from './quetzal/engine.js';
import { relicRunnersEngine } from './relic-runners/engine.js';

/**
 * The engines the browser runs itself (offline play, replays), one per game of the registry.
 * Imported only by the lazy chunks: the lobby and a server game never load an engine.
 */
export interface ClientEngine {
  readonly game: AnyGame;
  /** Each seat's score if the game ended now (the replay's score chart). */
  scoresNow(state: unknown): number[];
  /** The replay's view of a state, when it shows more than a spectator's (everything is public once the game is over). */
  replayView?(state: unknown): unknown;
}

export const ENGINES: { readonly [G in GameId]: ClientEngine } = {
  'relic-runners': relicRunnersEngine,
  quetzal: quetzalEngine,
};

export function engineFor(id: string): ClientEngine {
  const e = (ENGINES as Partial<Record<string, ClientEngine>>)[id];
  if (!e) throw new Error(`this client cannot play "${id}"`);
  return e;
}
