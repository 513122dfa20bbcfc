import type { Heuristic } from '../heuristic.js';
import type { State } from '../../games/quetzal/state.js';
import { banked, terms, value } from './heuristic.js';
import { qPrune } from './prune.js';

// Quetzal's heuristic, with its rules of thumb (prune.ts): its entry in the registry (../registry.ts).
// Its ISMCTS settings were each chosen by seeded series
// against greedy (`node dist/bench/match.js quetzal 'A;B' N SEED`; the results are in
// bench/README.md):
// - the mean backup: the best-child backup that helps in Relic Runners loses in Quetzal;
// - the turn-end prior (progressive bias, src/bots/prior.ts) at weight 1: uniform playouts judge
//   Quetzal's moves poorly, and greedy's judgement steers the search to the moves worth searching;
// - playouts end with the leaf's turn (rollout=1): the heuristic judges there as well as after a
//   round of uniform play, and an iteration costs a third, so a time limit buys three times the
//   iterations;
// - the heuristic's potential counts in full (potential 1), as greedy counts it: at half weight
//   the search weighs at half what greedy plays for (the hand, claims not yet resolved, coins).
export const quetzalHeuristic: Heuristic<State> = {
  value,
  terms,
  banked,
  prune: qPrune,
  ismcts: () => ({ potential: 1, maxBackup: 0, bias: 1, rolloutTurns: 1 }),
};

export { value as quetzalValue, banked as quetzalBanked, qPrune };
