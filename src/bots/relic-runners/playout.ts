import type { Choice, Seat } from '../../core/game.js';
import type { Rng } from '../../core/rng.js';
import type { State } from '../../games/relic-runners/state.js';
import type { RRChoice } from '../../games/relic-runners/choice.js';
import { destination } from '../../games/relic-runners/board.js';
import { relicColour, relicShrine } from '../../games/relic-runners/rules.js';

// Scratch: relic shrines per relic colour, refilled per call.
const relicShrines = new Int8Array(4);

/**
 * Share of playout moves off the relic shrines that line up an expedition, by seat count: half
 * with 3+ seats, where one ISMCTS among greedy seats won more with it; none with 2, where it won
 * less (series of `node dist/bench/match.js`; the results are in bench/README.md).
 */
const SETUP = (seats: number): number => (seats === 2 ? 0 : 0.5);

/**
 * ISMCTS playout policy for Relic Runners, a light model of how greedy players race for relics:
 * - a seat starting its move on a relic shrine makes the expedition its moves offer (the
 *   longest, RR-EXP-1). Uniform playouts let a ready expedition wait, so the search counted on
 *   relics that the seats acting before it would take first;
 * - any other seat, with probability `setup(seats)`, moves onto a relic shrine whose colour has
 *   another relic shrine (lining up an expedition), as greedy players do.
 * Every other choice is uniform.
 */
export function rrPlayoutWith(setup: (seats: number) => number) {
  return (raw: unknown, seat: Seat, choices: readonly Choice[], rng: Rng): Choice => {
    const s = raw as State;
    if (s.turn.moved.length === 0 && choices.length > 1 && (choices[0] as RRChoice).t === 'move') {
      const b = s.board;
      const from = s.turn.startRelic;
      const share = setup(s.seats);
      if (from >= 0) {
        const colour = relicColour(s, from);
        let best: RRChoice | undefined;
        let bestLen = 0;
        for (const x of choices as readonly RRChoice[]) {
          if (x.t !== 'move' || x.trails.length <= bestLen) continue;
          const at = destination(b, from, x.trails);
          if (at !== from && relicShrine(s, at) && relicColour(s, at) === colour) {
            best = x;
            bestLen = x.trails.length;
          }
        }
        if (best) return best;
      } else if (share > 0 && rng.float() < share) {
        relicShrines.fill(0);
        const n = b.locations.length;
        for (let l = 0; l < n; l++) if (relicShrine(s, l)) relicShrines[relicColour(s, l)]!++;
        const start = s.players[seat]!.loc;
        // Uniform among the moves that line up an expedition (reservoir sampling, no allocation).
        let pick: Choice | undefined;
        let seen = 0;
        for (const x of choices as readonly RRChoice[]) {
          if (x.t !== 'move') continue;
          const at = destination(b, start, x.trails);
          if (at !== start && relicShrine(s, at) && relicShrines[relicColour(s, at)]! >= 2 && rng.int(++seen) === 0) pick = x;
        }
        if (pick) return pick;
      }
    }
    return choices[rng.int(choices.length)]!;
  };
}

export const rrPlayout = rrPlayoutWith(SETUP);
