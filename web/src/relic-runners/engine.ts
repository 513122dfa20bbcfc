import { relicRunners, type State } from '../../../src/games/relic-runners/index.js';
import { scoreBreakdown } from '../../../src/games/relic-runners/scoring.js';
import type { ClientEngine } from '../engines.js';

/** The Relic Runners engine in the browser (offline play, replays); loaded only by their lazy chunks. */
export const relicRunnersEngine: ClientEngine = {
  game: relicRunners,
  scoresNow: (s) => (s as State).players.map((p) => scoreBreakdown(p).total),
};
