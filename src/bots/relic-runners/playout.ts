import type { Choice, Seat } from '../../core/game.js';
import type { Rng } from '../../core/rng.js';
import type { State } from '../../games/relic-runners/state.js';
import type { RRChoice } from '../../games/relic-runners/choice.js';
import { otherEnd } from '../../games/relic-runners/board.js';
import { isShrine, relicColour } from '../../games/relic-runners/rules.js';

/**
 * ISMCTS playout policy for Relic Runners: uniform, except that a seat starting its move on a
 * relic shrine makes the expedition its moves offer (the longest, RR-EXP-1), as greedy players
 * do. Uniform playouts let a ready expedition wait, so the search counted on relics that the
 * seats acting before it would take first.
 */
export function rrPlayout(raw: unknown, _seat: Seat, choices: readonly Choice[], rng: Rng): Choice {
  const s = raw as State;
  const from = s.t.startRelic;
  if (from >= 0 && s.t.moved.length === 0 && choices.length > 1) {
    const b = s.board;
    const colour = relicColour(s, from);
    let best: RRChoice | undefined;
    let bestLen = 0;
    for (const x of choices as readonly RRChoice[]) {
      if (x.t !== 'move' || x.trails.length <= bestLen) continue;
      let at = from;
      for (const id of x.trails) at = otherEnd(b, b.trailOf[id]!, at);
      if (at !== from && s.relic[at] && isShrine(s, at) && relicColour(s, at) === colour) {
        best = x;
        bestLen = x.trails.length;
      }
    }
    if (best) return best;
  }
  return choices[rng.int(choices.length)]!;
}
