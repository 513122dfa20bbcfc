import { registerHeuristic } from '../heuristic.js';
import type { State } from '../../games/quetzal/state.js';
import { banked, value } from './heuristic.js';
import { qPrune } from './prune.js';

// Importing this module makes the Quetzal heuristic, with its rules of thumb (prune.ts),
// available to heuristicFor(quetzal).
registerHeuristic<State>('quetzal', { value, banked, prune: qPrune });

export { value as quetzalValue, banked as quetzalBanked, qPrune };
