import { quetzal, type State } from '../../../src/games/quetzal/index.js';
import { scoreBreakdown } from '../../../src/games/quetzal/scoring.js';
import type { ClientEngine } from '../engines.js';

/** The Quetzal engine in the browser (offline play, replays); loaded only by their lazy chunks. */
export const quetzalEngine: ClientEngine = {
  game: quetzal,
  scoresNow: (s) => (s as State).players.map((_, seat) => scoreBreakdown(s as State, seat).total),
};
