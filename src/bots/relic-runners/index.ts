import { registerHeuristic } from '../heuristic.js';
import { rrChoiceFilter } from './filter.js';
import { banked, rrHeuristic } from './heuristic.js';
import type { State } from '../../games/relic-runners/state.js';

// Importing this module makes the heuristic, with its rule of thumb for relics (filter.ts),
// available to heuristicFor(relicRunners).
registerHeuristic('relic-runners', {
  value: rrHeuristic.value,
  banked: (s: State, seat: number) => (s.over ? rrHeuristic.value(s, seat) : banked(s.players[seat]!)),
  prune: rrChoiceFilter,
  // ISMCTS settings, measured against greedy at 2000 iterations. With 3+ seats: best-child backup
  // through the seat's own turn (min 5 visits) and half the potential; one ismcts among three
  // greedy won 31/80 (seeds 1-4) against 3/16 with the mean backup, mean score 60 vs greedy 46-53.
  // Those settings cost the 2-player game (18/40, seeds 1-2); full potential and the mean backup
  // win 26/40 there.
  ismcts: (seats) => (seats === 2 ? { potential: 1, maxBackup: 0 } : { potential: 0.5, maxBackup: 5 }),
});

export { rrHeuristic };
