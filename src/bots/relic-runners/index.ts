import type { Heuristic } from '../heuristic.js';
import { rrChoiceFilter } from './filter.js';
import { banked, rrHeuristic } from './heuristic.js';
import { rrPlayout } from './playout.js';
import type { State } from '../../games/relic-runners/state.js';

/** Relic Runners' heuristic, with its rule of thumb for relics (filter.ts): its entry in the registry (../registry.ts). */
export const relicRunnersHeuristic: Heuristic<State> = {
  // The registry hands out the very same function (never reads `this`): the bots and tests compare it by identity.
  value: rrHeuristic.value,
  terms: rrHeuristic.terms,
  banked: (s, seat) => (s.over ? rrHeuristic.value(s, seat) : banked(s.players[seat]!)),
  prune: rrChoiceFilter,
  playout: rrPlayout,
  // ISMCTS settings, each chosen by seeded series against greedy (`node dist/bench/match.js
  // relic-runners 'A;B' N SEED`; the results, and the settings tried and left, are in
  // bench/README.md):
  // - through the seat's own turn a node is worth its best child tried 5+ times: a mean over a
  //   turn's many poor follow-ups undervalues the move greedy would finish well. A child needs
  //   visits to be judged, so with 3+ seats the threshold grows with the iterations, by one visit
  //   per 400 (5 at 2000, 20 at 8000); 2 seats keep 5, chosen at 1 s a move.
  // - the potential counts in full at every seat count (3 seats follow 4, unmeasured).
  // - no turn-end prior (src/bots/prior.ts): not a clear gain, and at weight 0.3 the search twice
  //   in six seeds walked past a game-winning expedition (test/bots/ismcts.test.ts) that it finds
  //   without the prior.
  ismcts: (seats) => ({ potential: 1, maxBackup: 5, ...(seats === 2 ? {} : { maxBackupPer: 400 }) }),
};

export { rrHeuristic };
