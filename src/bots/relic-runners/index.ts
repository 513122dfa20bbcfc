import { registerHeuristic } from '../heuristic.js';
import { rrChoiceFilter } from './filter.js';
import { rrHeuristic } from './heuristic.js';

// Importing this module makes the heuristic, with its rule of thumb for relics (filter.ts),
// available to heuristicFor(relicRunners).
registerHeuristic('relic-runners', { value: rrHeuristic.value, prune: rrChoiceFilter });

export { rrHeuristic };
