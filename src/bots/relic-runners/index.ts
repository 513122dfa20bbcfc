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
});

export { rrHeuristic };
