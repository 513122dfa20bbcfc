import { registerHeuristic } from '../heuristic.js';
import { registerChoiceFilter } from '../greedy.js';
import { rrChoiceFilter } from './filter.js';
import { rrHeuristic } from './heuristic.js';

// Importing this module makes the heuristic available to heuristicFor(relicRunners), and greedy's
// Relic Runners rule of thumb (filter.ts) to the greedy bot.
registerHeuristic('relic-runners', rrHeuristic);
registerChoiceFilter('relic-runners', rrChoiceFilter);

export { rrHeuristic };
