import { quetzal, type State } from '../../../src/games/quetzal/index.js';
import { scoreBreakdown } from '../../../src/games/quetzal/scoring.js';
import type { ClientEngine } from '../game-types.js';

/** The Quetzal engine in the replay viewer: its `engine` in the client's registry (registry.ts), loaded by replays only. */
export const quetzalEngine: ClientEngine = {
  game: quetzal,
  scoresNow: (s) => (s as State).players.map((_, seat) => scoreBreakdown(s as State, seat).total),
};
