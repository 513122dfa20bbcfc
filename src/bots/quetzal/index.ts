import type { Heuristic } from '../heuristic.js';
import type { State } from '../../games/quetzal/state.js';
import { banked, terms, value } from './heuristic.js';
import { qPrune } from './prune.js';

// Quetzal's heuristic, with its rules of thumb (prune.ts): its entry in the registry (../registry.ts).
// ISMCTS keeps the mean backup here: the best-child backup that helps in Relic Runners lost in
// Quetzal (2 players vs greedy, 20 games, seed 1, 2000 iterations: 4 wins with it, 9 without).
// The turn-end prior (progressive bias, src/bots/prior.ts) at weight 1: uniform playouts judge
// Quetzal's moves poorly, and greedy's judgement steers the search to the moves worth searching
// (400 iterations vs greedy, 2 seats, seeds q1:1-60: 32/60 with it, 9/60 without; 29/60 at weight
// 3). Playouts end with the leaf's turn (rollout=1): the heuristic judges there as well as after
// a round of uniform play (30/60 with the prior) and an iteration costs a third (162 s against
// 497 s for those 60 games), so a time limit buys three times the iterations. The gain is at few
// iterations: at 1 s/move (a loaded 2-core machine) 27.5/60 = 45.8 % [33.9-58.3] vs greedy (seeds
// s1, s2: 1-30); on seeds s1 15.5/30, the plain search 15/30 in the same conditions.
// The heuristic's potential counts in full (potential 1), as greedy counts it: at half weight the
// search weighed at half what greedy plays for (the hand, claims not yet resolved, coins).
// 400 iterations vs greedy, 2 seats, seeds q1 and q2 (60 games each): 30/60 and 25.5/60 at 0.5,
// 39/60 and 34/60 at 1 (61 % against 46 %); at 2000 iterations 42.5/60 = 70.8 % (q2). One of
// four with three greedy seats, 400 iterations, seeds q4: at 0.5 15/48, at 1 22/48. At 1 s/move
// (a loaded 2-core machine): 2 seats 47/60 = 78.3 % [66.4-86.9] vs greedy (seeds s1); one of four
// with three greedy 84.5/120 = 70.4 % [61.7-77.8] (seeds s4a, s4b: 1-60).
export const quetzalHeuristic: Heuristic<State> = {
  value,
  terms,
  banked,
  prune: qPrune,
  ismcts: () => ({ potential: 1, maxBackup: 0, bias: 1, rolloutTurns: 1 }),
};

export { value as quetzalValue, banked as quetzalBanked, qPrune };
