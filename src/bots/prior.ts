import type { AnyGame, Choice, Seat } from '../core/game.js';
import type { Heuristic } from './heuristic.js';

/**
 * A search's prior over a decision's choices: greedy's judgement, cheaply. Each choice is played on
 * a clone of the state and the rest of the seat's turn is finished by following the child the
 * heuristic likes best (greedy with no node budget); the turn's end is scored as greedy scores
 * it, own value minus the best other seat's. A half-finished turn would look worthless before
 * the exploration it allows, so the turn is the unit here too.
 *
 * Reads only the state it is given: a search passes its determinized sample, never the true state.
 */
export function turnScores(game: AnyGame, h: Heuristic, s: unknown, seat: Seat, choices: readonly Choice[]): number[] {
  const turn = game.turn(s);
  return choices.map((c) => {
    let cur = game.clone(s);
    game.apply(cur, c, false);
    while (game.toAct(cur) === seat && game.turn(cur) === turn) {
      const all = game.choices(cur);
      const cs = h.prune ? h.prune(cur, seat, all) : all;
      if (cs.length === 1) {
        game.apply(cur, cs[0], false);
        continue;
      }
      let best = -Infinity;
      let next: unknown = null;
      for (const x of cs) {
        const child = game.clone(cur);
        game.apply(child, x, false);
        const v = diff(game, h, child, seat);
        if (v > best) {
          best = v;
          next = child;
        }
      }
      cur = next;
    }
    return diff(game, h, cur, seat);
  });
}

/** Own value minus the best other seat's (greedy's 'diff' score). */
function diff(game: AnyGame, h: Heuristic, s: unknown, seat: Seat): number {
  const n = game.seats(s);
  const mine = h.value(s, seat);
  let other = -Infinity;
  for (let q = 0; q < n; q++) if (q !== seat) other = Math.max(other, h.value(s, q));
  return other === -Infinity ? mine : mine - other;
}

/**
 * Turns scores (VP) into weights in (0, 1]: the best choice 1, a choice `tau` VP worse 1/e. A
 * search adds weight · prior / (visits + 1) to a child's UCB score (progressive bias), so the
 * prior steers the first visits and fades as the child's own results accumulate.
 */
export function priorWeights(scores: readonly number[], tau: number): number[] {
  let best = -Infinity;
  for (const x of scores) if (x > best) best = x;
  return scores.map((x) => Math.exp((x - best) / tau));
}
